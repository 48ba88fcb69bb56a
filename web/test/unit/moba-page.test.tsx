import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { VacancyItem } from '@moba/contracts';
import { addressInLanguage, afterLogin, mobaAddress, paths } from '../../src/app/paths';
import { VisitorsOnly } from '../../src/app/guards';
import { rememberReturnTo, returnToPath } from '../../src/features/day-of-work/page/return-to';
import { useDialogAddress } from '../../src/features/mobas/dialog-address';

const id = '3f0c1d9e-8b7a-4c6d-9e5f-1a2b3c4d5e6f';

describe("a moba's page address", () => {
  test('is /moba/:id, with the script leading for Cyrillic and English', () => {
    expect(paths.moba(id)).toBe(`/moba/${id}`);
    expect(mobaAddress.exec(`/moba/${id}`)?.slice(1)).toEqual([undefined, id]);
    expect(mobaAddress.exec(`/sr-Cyrl/moba/${id}/`)?.slice(1)).toEqual(['sr-Cyrl', id]);
    expect(mobaAddress.exec(`/en/moba/${id}`)?.slice(1)).toEqual(['en', id]);
    for (const other of [`/de/moba/${id}`, `/moba/${id}/x`, '/moba/', `/worker/moba/${id}`])
      expect(mobaAddress.test(other)).toBe(false);
  });

  test('follows the script a reader picks', () => {
    expect(addressInLanguage(`/moba/${id}`, 'sr-Cyrl')).toBe(`/sr-Cyrl/moba/${id}`);
    expect(addressInLanguage(`/sr-Cyrl/moba/${id}`, 'en')).toBe(`/en/moba/${id}`);
    expect(addressInLanguage(`/en/moba/${id}`, 'sr-Latn')).toBe(`/moba/${id}`);
  });

  test("after signing in, a user goes back to the moba page or their role's page that sent them, never elsewhere", () => {
    expect(afterLogin('Worker', `/moba/${id}`)).toBe(`/moba/${id}`);
    expect(afterLogin('Estate', `/en/moba/${id}`)).toBe(`/en/moba/${id}`);
    expect(afterLogin('Worker', '/worker/my-mobas')).toBe('/worker/my-mobas');
    expect(afterLogin('Worker', '/estate/my-mobas')).toBe('/worker/mobas');
    expect(afterLogin('Worker', 'https://evil.example/moba/x')).toBe('/worker/mobas');
    expect(afterLogin('Admin', undefined)).toBe('/admin/tickets');
  });
});

describe('the page a visitor comes back to after signing up', () => {
  beforeEach(() => localStorage.clear());

  test('is remembered for a day, and only a path of this site', () => {
    const now = Date.parse('2026-07-01T10:00:00Z');
    rememberReturnTo(`/moba/${id}`, now);
    expect(returnToPath(now + 60_000)).toBe(`/moba/${id}`);
    expect(returnToPath(now + 25 * 3600_000)).toBeUndefined();
    rememberReturnTo('//evil.example/x', now);
    expect(returnToPath(now)).toBeUndefined();
    localStorage.setItem('returnTo', 'not json');
    expect(returnToPath(now)).toBeUndefined();
  });
});

describe('the visitors-only pages', () => {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  afterEach(() => localStorage.clear());

  test('send a user who just signed in back to the moba page they came from', () => {
    localStorage.setItem(
      'token',
      `${b64({ alg: 'EdDSA' })}.${b64({ sub: 'u1', role: 'Worker', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`,
    );
    function Where() {
      return <p data-testid="where">{useLocation().pathname}</p>;
    }
    render(
      <MemoryRouter initialEntries={[{ pathname: '/login', state: { from: `/moba/${id}` } }]}>
        <Routes>
          <Route element={<VisitorsOnly />}>
            <Route path="/login" element={<p>login</p>} />
          </Route>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('where').textContent).toBe(`/moba/${id}`);
  });
});

describe("browse's details dialog and the address", () => {
  const vacancy = { id } as VacancyItem;
  let shown: VacancyItem | null = null;
  function Browse() {
    const details = useDialogAddress((v) => (shown = v), [vacancy]);
    return (
      <>
        <button onClick={() => details.open(vacancy)}>open</button>
        <button onClick={details.close}>close</button>
      </>
    );
  }

  test('opening pushes the moba page address, Back closes it, Forward opens it again', async () => {
    window.history.replaceState(null, '', '/worker/mobas');
    render(<Browse />);
    act(() => screen.getByText('open').click());
    expect(shown).toBe(vacancy);
    expect(window.location.pathname).toBe(`/moba/${id}`);
    await act(async () => {
      const popped = new Promise((done) => window.addEventListener('popstate', done, { once: true }));
      window.history.back();
      await popped;
    });
    expect(shown).toBeNull();
    expect(window.location.pathname).toBe('/worker/mobas');
    await act(async () => {
      const popped = new Promise((done) => window.addEventListener('popstate', done, { once: true }));
      window.history.forward();
      await popped;
    });
    expect(shown).toBe(vacancy);
  });
});
