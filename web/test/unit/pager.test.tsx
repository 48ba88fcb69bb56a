import { fireEvent, render, screen } from '@testing-library/react';
import { Pager } from '../../src/features/admin/components/Pager';
import adminEn from '../../src/locales/en/admin.json';
import { startTestI18n } from './fixtures/i18n';

beforeAll(() => startTestI18n({ en: { admin: adminEn } }, { lng: 'en' }));

test('the admin pager is absent when one page holds everything', () => {
  const { container } = render(<Pager page={1} totalPages={1} onPage={() => undefined} />);
  expect(container.innerHTML).toBe('');
});

test('the admin pager moves one page at a time and stops at both ends', () => {
  const onPage = jest.fn();
  const { rerender } = render(<Pager page={1} totalPages={3} onPage={onPage} />);
  const [previous, next] = screen.getAllByRole('button');
  expect((previous as HTMLButtonElement).disabled).toBe(true);
  fireEvent.click(next!);
  expect(onPage).toHaveBeenLastCalledWith(2);
  expect(screen.getByText('Page 1 of 3')).toBeTruthy();

  rerender(<Pager page={3} totalPages={3} onPage={onPage} />);
  const [back, forward] = screen.getAllByRole('button');
  expect((forward as HTMLButtonElement).disabled).toBe(true);
  fireEvent.click(back!);
  expect(onPage).toHaveBeenLastCalledWith(2);
});
