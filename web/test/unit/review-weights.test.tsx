/**
 * The admin's review card shows how much the reports of a moba weigh, each report's weight and what
 * it comes from, and which reports were settled by an earlier decision (issue #33).
 */
import { render, screen, within } from '@testing-library/react';
import common from '../../src/locales/en/common.json';
import errors from '../../src/locales/en/errors.json';
import trust from '../../src/locales/en/trust.json';
import mobas from '../../src/locales/en/mobas.json';
import admin from '../../src/locales/en/admin.json';
import ReviewPage from '../../src/features/admin/pages/ReviewPage';
import { reviewItemFields } from './fixtures/review-item';
import { startTestI18n } from './fixtures/i18n';

const mockItem = {
  ...reviewItemFields,
  review: { state: 'reported', reasons: [], reports: 2, weight: 11, kept: 1, hidden: false },
  weightToHide: 15,
  reportList: [
    {
      reason: 'fake_listing',
      reportedAt: '2026-06-01T08:00:00Z',
      weight: 7,
      signals: ['email_confirmed', 'established', 'worked'],
      counted: false,
    },
    { reason: 'asks_for_money', reportedAt: '2026-06-03T08:00:00Z', weight: 1, signals: [], counted: true },
  ],
};
jest.mock('../../src/features/admin/review-api', () => ({
  useReviewQueueQuery: () => ({ data: [mockItem], error: undefined, isLoading: false, refetch: () => {} }),
  useDecideReviewMutation: () => [jest.fn(), { isLoading: false, error: undefined }],
}));
jest.mock('../../src/features/admin/admin.css', () => ({}));
jest.mock('../../src/components/mobas.css', () => ({}));

beforeAll(() => startTestI18n({ en: { common, errors, trust, mobas, admin } }, { lng: 'en' }));

test('the card shows the weight against the bar, and each report with its weight and why', () => {
  render(<ReviewPage />);
  expect(screen.getByTestId('report-weight').textContent).toBe(
    'Report weight since the last decision: 11; the moba leaves the search at 15.',
  );
  const [settled, counted] = within(screen.getByTestId('report-list')).getAllByRole('listitem');
  expect(settled!.textContent).toContain(
    'weight 7 (confirmed e-mail, account older than a month, worked on mobas) · before the last decision, no longer counted',
  );
  expect(settled!.className).toContain('muted');
  expect(counted!.textContent).toContain('weight 1 (new account)');
  expect(counted!.textContent).not.toContain('no longer counted');
});
