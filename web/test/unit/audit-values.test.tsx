/**
 * The audit log reads in the admin's language (issue #35 point 8): field names and the values the
 * services record (statuses, review states, yes/no) are translated in all three scripts; free text
 * (a note, a moba's title) is shown as it was written.
 */
import i18next from 'i18next';
import { render, screen, within } from '@testing-library/react';
import type { AuditEntry } from '@moba/contracts';
import { latinToCyrillic, mapStrings, unmark } from '../../src/lib/translit';
import trustSr from '../../src/locales/sr-Latn/trust.json';
import trustEn from '../../src/locales/en/trust.json';
import adminSr from '../../src/locales/sr-Latn/admin.json';
import adminEn from '../../src/locales/en/admin.json';
import AuditPage from '../../src/features/admin/pages/AuditPage';
import { startTestI18n } from './fixtures/i18n';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 'a1',
  at: '2026-06-01T08:00:00Z',
  actorId: '00000000-0000-4000-8000-000000000001',
  actorName: 'Admin',
  action: 'application.accept',
  targetType: 'application',
  targetId: 'x1',
  targetLabel: null,
  before: null,
  after: null,
  ...over,
});
const mockEntries = [
  entry({ id: 'a1', before: { status: 'Pending' }, after: { status: 'Accepted' } }),
  entry({
    id: 'a2',
    action: 'vacancy.review',
    targetType: 'vacancy',
    before: { status: 'Review', review: 'held', reports: 0 },
    after: { status: 'Closed', review: 'rejected', note: 'Traži novac' },
  }),
  entry({
    id: 'a3',
    action: 'user.ban',
    targetType: 'user',
    before: { banned: false },
    after: { banned: true },
  }),
];
jest.mock('../../src/features/admin/audit-api', () => ({
  useAuditLogQuery: () => ({
    data: { items: mockEntries, total: mockEntries.length, page: 1, pageSize: 20 },
    error: undefined,
    isLoading: false,
    refetch: () => {},
  }),
}));
jest.mock('../../src/features/admin/admin.css', () => ({}));

const resources = {
  'sr-Latn': { trust: mapStrings(trustSr, unmark), admin: mapStrings(adminSr, unmark) },
  'sr-Cyrl': { trust: mapStrings(trustSr, latinToCyrillic), admin: mapStrings(adminSr, latinToCyrillic) },
  en: { trust: trustEn, admin: adminEn },
};

beforeAll(() => startTestI18n(resources as never, { lng: 'en', defaultNS: 'trust' }));

/** Each change row of an entry as "field: before → after". */
function changes(index: number): string[] {
  const card = screen.getAllByTestId('audit-entry')[index]!;
  return within(card)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const [field, ...cells] = [...row.querySelectorAll('th, td')];
      return `${field!.textContent}: ${cells.map((c) => c.textContent).join(' → ')}`;
    });
}

test.each([
  [
    'en',
    ['Status: Pending → Accepted'],
    [
      'Status: Held for review → Closed',
      'Review: held for review → rejected',
      'Reports: 0 → —',
      'Note: — → Traži novac',
    ],
    ['Blocked: no → yes'],
  ],
  [
    'sr-Latn',
    ['Status: Na čekanju → Prihvaćena'],
    [
      'Status: Na proveri → Zatvorena',
      'Provera: zadržana → odbijena',
      'Prijave: 0 → —',
      'Beleška: — → Traži novac',
    ],
    ['Blokiran: ne → da'],
  ],
  [
    'sr-Cyrl',
    ['Статус: На чекању → Прихваћена'],
    [
      'Статус: На провери → Затворена',
      'Провера: задржана → одбијена',
      'Пријаве: 0 → —',
      'Белешка: — → Traži novac',
    ],
    ['Блокиран: не → да'],
  ],
])(
  'in %s the fields and the recorded values are words, free text stays as written',
  async (lng, ...expected) => {
    await i18next.changeLanguage(lng);
    render(<AuditPage />);
    expected.forEach((rows, i) => expect(changes(i)).toEqual(rows));
  },
);
