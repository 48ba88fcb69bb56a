/**
 * A page that cannot be shown (its code did not come, offline) says so in the reader's script with
 * a retry, and the next address is tried afresh (issue #35 point 4).
 */
import i18next from 'i18next';
import { render, screen } from '@testing-library/react';
import { PageBoundary } from '../../src/app/PageBoundary';
import commonSr from '../../src/locales/sr-Latn/common.json';
import commonEn from '../../src/locales/en/common.json';
import { latinToCyrillic, mapStrings, unmark } from '../../src/lib/translit';
import { startTestI18n } from './fixtures/i18n';

function MissingCode(): never {
  throw new TypeError('Failed to fetch dynamically imported module');
}

beforeAll(() =>
  startTestI18n({
    'sr-Latn': { common: mapStrings(commonSr, unmark) },
    'sr-Cyrl': { common: mapStrings(commonSr, latinToCyrillic) },
    en: { common: commonEn },
  } as never),
);
beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
});
afterEach(() => jest.restoreAllMocks());

test.each([
  ['sr-Latn', 'Nema veze sa serverom. Proverite internet i pokušajte ponovo.', 'Pokušaj ponovo'],
  ['sr-Cyrl', 'Нема везе са сервером. Проверите интернет и покушајте поново.', 'Покушај поново'],
  ['en', 'Cannot reach the server', 'Try again'],
])('in %s: the reason in words and a retry, not a blank page', async (lng, text, retry) => {
  await i18next.changeLanguage(lng);
  render(
    <PageBoundary at="/harvest-calendar">
      <MissingCode />
    </PageBoundary>,
  );
  expect(screen.getByRole('alert').textContent).toContain(text);
  expect(screen.getByRole('button').textContent).toBe(retry);
});

test('another address is tried afresh', async () => {
  await i18next.changeLanguage('sr-Latn');
  const { rerender } = render(
    <PageBoundary at="/harvest-calendar">
      <MissingCode />
    </PageBoundary>,
  );
  expect(screen.getByTestId('page-unavailable')).toBeTruthy();
  rerender(
    <PageBoundary at="/worker/mobas">
      <p>Aktivne mobe</p>
    </PageBoundary>,
  );
  expect(screen.getByText('Aktivne mobe')).toBeTruthy();
  expect(screen.queryByTestId('page-unavailable')).toBeNull();
});
