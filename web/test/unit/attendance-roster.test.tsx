import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { DayRoster } from '@moba/contracts';
import { RosterSheet } from '../../src/features/day-of-work/attendance/RosterSheet';
import { genderContext, paperMark } from '../../src/features/day-of-work/attendance/labels';
import crew from '../../src/locales/sr-Latn/crew.json';
import crewEn from '../../src/locales/en/crew.json';
import dayOfWork from '../../src/locales/sr-Latn/day-of-work.json';
import dayOfWorkEn from '../../src/locales/en/day-of-work.json';
import { startTestI18n } from './fixtures/i18n';

const leaderApp = '7b0f3c2e-1d4a-4c6b-9e8f-0a1b2c3d4e5f';
const soloApp = '8c1f4d3e-2e5b-4d7c-8f90-1b2c3d4e5f60';
const memberId = '9d2a5e4f-3f6c-4e8d-a0a1-2c3d4e5f6071';
const vacancyId = 'ae3b6f50-4a7d-4f9e-b1b2-3d4e5f607182';

/** A moba of three work days (yesterday, today, tomorrow): a leader with one member and two unnamed people, and a worker. */
const roster: DayRoster = {
  vacancy: {
    id: vacancyId,
    title: 'Berba malina',
    municipality: 'Arilje',
    startDate: '2026-07-01',
    endDate: '2026-07-03',
  },
  started: true,
  heads: 5,
  came: 2,
  people: [],
  today: '2026-07-02',
  day: '2026-07-02',
  days: [
    { day: '2026-07-01', open: true, heads: 5, came: 4, didNotCome: 1 },
    { day: '2026-07-02', open: true, heads: 5, came: 2, didNotCome: 0 },
    { day: '2026-07-03', open: false, heads: 5, came: 0, didNotCome: 0 },
  ],
  rows: [
    {
      personId: leaderApp,
      applicationId: leaderApp,
      role: 'Leader',
      name: 'Dragan Petrović',
      number: 1,
      leaderName: null,
      phone: '+381641234567',
      gender: 'male',
      marks: { '2026-07-01': 'Came', '2026-07-02': 'Came' },
    },
    {
      personId: memberId,
      applicationId: leaderApp,
      role: 'Member',
      name: 'Zoran Zorić',
      number: 2,
      leaderName: 'Dragan Petrović',
      phone: null,
      gender: null,
      marks: { '2026-07-01': 'Came' },
    },
    {
      personId: `${leaderApp}:3`,
      applicationId: leaderApp,
      role: 'Unnamed',
      name: '',
      number: 3,
      leaderName: 'Dragan Petrović',
      phone: null,
      gender: null,
      marks: { '2026-07-01': 'DidNotCome' },
    },
    {
      personId: `${leaderApp}:4`,
      applicationId: leaderApp,
      role: 'Unnamed',
      name: '',
      number: 4,
      leaderName: 'Dragan Petrović',
      phone: null,
      gender: null,
      marks: { '2026-07-01': 'Came' },
    },
    {
      personId: soloApp,
      applicationId: soloApp,
      role: 'Worker',
      name: 'Mira Radić',
      number: 1,
      leaderName: null,
      phone: '+381601112223',
      gender: 'female',
      marks: { '2026-07-01': 'Came', '2026-07-02': 'Came' },
    },
  ],
};

function i18nIn(lng: 'sr-Latn' | 'en') {
  return startTestI18n(
    { 'sr-Latn': { crew, 'day-of-work': dayOfWork }, en: { crew: crewEn, 'day-of-work': dayOfWorkEn } },
    { lng, defaultNS: 'crew', instance: i18next.createInstance() },
  );
}

async function show(lng: 'sr-Latn' | 'en' = 'sr-Latn') {
  const onMark = jest.fn();
  render(
    <I18nextProvider i18n={await i18nIn(lng)}>
      <RosterSheet roster={roster} busy={false} error={null} onMark={onMark} />
    </I18nextProvider>,
  );
  return onMark;
}

const rows = () => screen.getAllByTestId('roster-person');

describe('the roster per day', () => {
  test('a row per head: named people, and numbered rows for the crew people without names', async () => {
    await show();
    expect(rows().map((row) => row.querySelector('.head-name')!.textContent)).toEqual([
      'Dragan Petrović',
      'Zoran Zorić',
      'Osoba 3 (ekipa: Dragan Petrović)',
      'Osoba 4 (ekipa: Dragan Petrović)',
      'Mira Radić',
    ]);
  });

  test("today is chosen first, a day that has not come cannot be chosen, and the day's figure counts heads", async () => {
    const onMark = await show();
    const tabs = screen.getAllByTestId('day-tab');
    expect(tabs.map((tab) => tab.getAttribute('aria-pressed'))).toEqual(['false', 'true', 'false']);
    expect((tabs[2] as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('roster-came').textContent).toBe('Došlo: 2 od 5 osoba');
    // Today's marks: the leader came; person 3 is not marked yet.
    expect(within(rows()[0]!).getByTestId('mark-Came').getAttribute('aria-pressed')).toBe('true');
    expect(within(rows()[2]!).getByTestId('mark-DidNotCome').getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(tabs[0]!);
    expect(screen.getByTestId('roster-came').textContent).toBe('Došlo: 4 od 5 osoba');
    expect(within(rows()[2]!).getByTestId('mark-DidNotCome').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(rows()[2]!).getByTestId('mark-Came'));
    expect(onMark).toHaveBeenCalledWith('2026-07-01', [{ personId: `${leaderApp}:3`, attendance: 'Came' }]);
    // Yesterday every head is marked: nothing is left for "the rest came".
    expect(screen.queryByTestId('mark-rest-came')).toBeNull();
  });

  test('"the rest came" marks, in one tap, every head of the day not marked yet', async () => {
    const onMark = await show();
    const rest = screen.getByTestId('mark-rest-came');
    expect(rest.textContent).toBe('Ostali su došli (3 osobe)');
    fireEvent.click(rest);
    expect(onMark).toHaveBeenCalledWith('2026-07-02', [
      { personId: memberId, attendance: 'Came' },
      { personId: `${leaderApp}:3`, attendance: 'Came' },
      { personId: `${leaderApp}:4`, attendance: 'Came' },
    ]);
  });

  test('labels follow the gender of the profile (Došao / Došla), neutral where it is not known; English says Came', async () => {
    await show();
    const came = () => rows().map((row) => within(row).getByTestId('mark-Came').textContent);
    expect(came()).toEqual(['Došao', 'Došao/la', 'Došao/la', 'Došao/la', 'Došla']);
    expect(within(rows()[4]!).getByTestId('mark-DidNotCome').textContent).toBe('Nije došla');
  });

  test('in English every head reads Came / Did not come', async () => {
    await show('en');
    expect(rows().map((row) => within(row).getByTestId('mark-Came').textContent)).toEqual(
      Array(5).fill('Came'),
    );
    expect(screen.getByTestId('roster-came').textContent).toBe('Came: 2 of 5 people');
  });

  test('the paper roster has a row per head and a column per work day with the marks or an empty box', async () => {
    await show();
    const table = screen.getByTestId('roster-print-table');
    expect(table.querySelectorAll('thead th')).toHaveLength(3 + 3);
    const printed = screen.getAllByTestId('roster-print-row');
    expect(printed).toHaveLength(5);
    const cells = (row: HTMLElement) => [...row.querySelectorAll('td.signature')].map((td) => td.textContent);
    expect(cells(printed[0]!)).toEqual(['☑', '☑', '']);
    expect(cells(printed[2]!)).toEqual(['☒', '', '']);
  });
});

describe('the labels', () => {
  test('only male and female choose a gendered label', () => {
    expect(genderContext('male')).toBe('male');
    expect(genderContext('female')).toBe('female');
    expect(genderContext('other')).toBeUndefined();
    expect(genderContext(null)).toBeUndefined();
    expect([paperMark('Came'), paperMark('DidNotCome'), paperMark(undefined)]).toEqual(['☑', '☒', '']);
  });
});
