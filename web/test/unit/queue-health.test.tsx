import i18next from 'i18next';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { QueueHealth } from '@moba/contracts';
import { QueueHealthPanel } from '../../src/features/admin/queue/QueueHealthPanel';
import admin from '../../src/locales/sr-Latn/admin.json';
import adminEn from '../../src/locales/en/admin.json';
import { startTestI18n } from './fixtures/i18n';

beforeAll(() => startTestI18n({ 'sr-Latn': { admin }, en: { admin: adminEn } }, { lng: 'en' }));

const health = (waiting: number, waitingPositions: number): QueueHealth => ({
  waiting,
  oldestSubmittedAt: '2026-11-24T08:00:00.000Z',
  oldestWaitingMinutes: 5,
  urgentVacancies: 0,
  vacancies: [
    {
      id: '6f1c1f43-5f3e-4a53-9f59-2f1f4d6f0a11',
      estateId: '1b0e8c55-8d7a-4a6e-9d3c-6d3f3c1e2a22',
      estateName: 'Imanje Petrović',
      title: 'Berba kupina',
      municipality: 'Arilje',
      startDate: '2026-11-26',
      endDate: '2026-11-28',
      status: 'Open',
      totalPositions: 5,
      freePositions: 5,
      groupLeadersAccepted: true,
      deleted: false,
      waiting,
      waitingPositions,
      oldestSubmittedAt: '2026-11-24T08:00:00.000Z',
      urgent: false,
    },
  ],
});

test.each([
  ['en', 1, 1, '1 application (1 place)'],
  ['en', 2, 5, '2 applications (5 places)'],
  ['sr-Latn', 1, 1, '1 kandidatura (1 mesto)'],
  ['sr-Latn', 3, 3, '3 kandidature (3 mesta)'],
])('in %s, %i applications for %i places read "%s"', async (lng, waiting, places, text) => {
  await i18next.changeLanguage(lng);
  render(
    <MemoryRouter>
      <QueueHealthPanel health={health(waiting, places)} />
    </MemoryRouter>,
  );
  expect(screen.getByTestId('queue-vacancy').textContent).toContain(text);
});
