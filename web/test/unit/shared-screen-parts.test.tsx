/**
 * The parts several screens now share (issue #36: each thing written once) behave as each screen's
 * own copy did: a list's page goes back to the first when a filter changes, a dialog's cancel comes
 * first and closes it, an account notice leads to the login page, and a profile save marks the
 * fields the server rejected.
 */
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import common from '../../src/locales/en/common.json';
import { totalPagesOf, useListPage } from '../../src/features/admin/list-controls';
import { DialogActions } from '../../src/components/DialogActions';
import { NoticeToLogin } from '../../src/features/auth/components/account-pages';
import { useSaveOwnProfile } from '../../src/features/profile/save-own-profile';
import { issueToken } from '../../src/lib/issue-token';
import { startTestI18n } from './fixtures/i18n';

jest.mock('../../src/app/session', () => ({ useSession: () => ({ userId: 'u1', role: 'Worker' }) }));

beforeAll(() => startTestI18n({ en: { common } }, { lng: 'en' }));

test('an admin list has one page while it loads or is empty, and as many as its total needs', () => {
  expect(totalPagesOf(undefined)).toBe(1);
  expect(totalPagesOf({ total: 0, pageSize: 20 })).toBe(1);
  expect(totalPagesOf({ total: 41, pageSize: 20 })).toBe(3);
});

test('a filter change sets the filter and takes the list back to its first page', () => {
  const set = jest.fn();
  const { result } = renderHook(() => useListPage());
  act(() => result.current.setPage(4));
  expect(result.current.page).toBe(4);
  act(() => result.current.filter(set)('Banned'));
  expect(set).toHaveBeenCalledWith('Banned');
  expect(result.current.page).toBe(1);
});

test("a dialog's buttons: cancel first, which closes it, then the action", () => {
  const onCancel = jest.fn();
  render(
    <DialogActions onCancel={onCancel}>
      <button type="button">Delete</button>
    </DialogActions>,
  );
  const buttons = screen.getAllByRole('button');
  expect(buttons.map((b) => b.textContent)).toEqual([common.actions.cancel, 'Delete']);
  fireEvent.click(buttons[0]!);
  expect(onCancel).toHaveBeenCalledTimes(1);
});

test('an account notice says what happened and leads to the login page', () => {
  render(
    <MemoryRouter>
      <NoticeToLogin icon="check" tone="ok" title="Done" lead="Your password is set." testId="notice" />
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Done' })).toBeTruthy();
  expect(screen.getByTestId('notice').querySelector('.lead')?.textContent).toBe('Your password is set.');
  expect(screen.getByRole('link', { name: common.actions.toLogin }).getAttribute('href')).toBe('/login');
});

test("a profile save sends the user's own id and answers with the fields the server rejected", async () => {
  const update = jest
    .fn()
    .mockResolvedValueOnce({ data: {} })
    .mockResolvedValueOnce({
      error: {
        status: 400,
        data: { error: { code: 'VALIDATION', details: [{ field: 'skills', code: 'too_big', limit: 500 }] } },
      },
    });
  const { result } = renderHook(() => useSaveOwnProfile(update));
  await expect(result.current({ skills: 'x' })).resolves.toEqual({});
  expect(update).toHaveBeenCalledWith({ id: 'u1', body: { skills: 'x' } });
  await expect(result.current({ skills: 'y'.repeat(600) })).resolves.toEqual({
    skills: issueToken({ code: 'too_big', limit: 500 }),
  });
});
