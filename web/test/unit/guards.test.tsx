import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Redirect, RequireRole, UnknownRoute } from '../../src/app/guards';
import { isUuidV4, landingOf } from '../../src/app/paths';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const tokenFor = (role: string, exp = Math.floor(Date.now() / 1000) + 3600) =>
  `${b64({ alg: 'EdDSA' })}.${b64({ sub: 'u1', role, fullName: 'Ana Anić', exp })}.sig`;

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function app(start: string) {
  return render(
    <MemoryRouter initialEntries={[start]}>
      <Routes>
        <Route path="/login" element={<Where />} />
        <Route path="/" element={<Where />} />
        <Route path="worker" element={<RequireRole role="Worker" />}>
          <Route path="*" element={<Where />} />
        </Route>
        <Route path="estate" element={<RequireRole role="Estate" />}>
          <Route path="*" element={<Where />} />
        </Route>
        <Route path="admin" element={<RequireRole role="Admin" />}>
          <Route path="*" element={<Where />} />
        </Route>
        <Route path="*" element={<UnknownRoute />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => localStorage.clear());

describe('role guards', () => {
  test('a visitor on a role page goes to /login', () => {
    app('/worker/mobas');
    expect(screen.getByTestId('where').textContent).toBe('/login');
  });

  test('the right role sees its page', () => {
    localStorage.setItem('token', tokenFor('Estate'));
    app('/estate/my-mobas');
    expect(screen.getByTestId('where').textContent).toBe('/estate/my-mobas');
  });

  test.each([
    ['Worker', '/estate/my-mobas', '/worker/mobas'],
    ['Estate', '/admin/tickets', '/estate/my-mobas'],
    ['Admin', '/worker/mobas', '/admin/tickets'],
  ])('a %s on another role group (%s) is redirected to %s', (role, start, landing) => {
    localStorage.setItem('token', tokenFor(role));
    app(start);
    expect(screen.getByTestId('where').textContent).toBe(landing);
  });

  test('an expired token counts as a visitor', () => {
    localStorage.setItem('token', tokenFor('Worker', Math.floor(Date.now() / 1000) - 1));
    app('/worker/mobas');
    expect(screen.getByTestId('where').textContent).toBe('/login');
  });

  test('a token that expires while the page is open takes the user to /login', () => {
    jest.useFakeTimers();
    try {
      localStorage.setItem('token', tokenFor('Worker', Math.floor(Date.now() / 1000) + 60));
      app('/worker/mobas');
      expect(screen.getByTestId('where').textContent).toBe('/worker/mobas');
      act(() => {
        jest.advanceTimersByTime(61_000);
      });
      expect(screen.getByTestId('where').textContent).toBe('/login');
    } finally {
      jest.useRealTimers();
    }
  });

  test('an unknown path sends a visitor home and a signed-in user to their platform page', () => {
    app('/no/such/page');
    expect(screen.getByTestId('where').textContent).toBe('/');
    localStorage.setItem('token', tokenFor('Worker'));
    app('/still/nothing');
    expect(screen.getAllByTestId('where').at(-1)!.textContent).toBe('/worker/mobas');
  });

  test('the router stops after ROUTER_REDIRECT_LIMIT redirects in a row (a loop guard)', () => {
    localStorage.setItem('token', tokenFor('Worker'));
    const { container } = render(
      <MemoryRouter initialEntries={['/a']}>
        <Routes>
          <Route path="/a" element={<Redirect to="/b" />} />
          <Route path="/b" element={<Redirect to="/a" />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(container.textContent).toContain('Too many redirects');
  });

  test('landing pages and UUID v4 ids follow spec §2', () => {
    expect(landingOf('Worker')).toBe('/worker/mobas');
    expect(landingOf('Estate')).toBe('/estate/my-mobas');
    expect(landingOf('Admin')).toBe('/admin/tickets');
    expect(isUuidV4('6f1d1c6e-7a9e-4f5e-9a43-3c1f0e0b7d21')).toBe(true);
    expect(isUuidV4('6f1d1c6e-7a9e-1f5e-9a43-3c1f0e0b7d21')).toBe(false);
    expect(isUuidV4('123')).toBe(false);
  });
});
