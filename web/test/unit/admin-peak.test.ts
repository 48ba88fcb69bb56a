import { shortcutOf } from '../../src/features/admin/queue/shortcuts';
import { draftFromParams, queueFilterOf } from '../../src/features/admin/queue/queue-filter';
import { waitingParts } from '../../src/features/admin/queue/QueueHealthPanel';
import { progressPercent } from '../../src/features/admin/queue/progress';
import { dailyStatsCsv } from '../../src/features/admin/stats/daily-csv';
import { axisLabel, axisMax } from '../../src/features/admin/stats/SeriesChart';

const press = (key: string, extra: Partial<Parameters<typeof shortcutOf>[0]> = {}) =>
  shortcutOf({
    key,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    repeat: false,
    target: document.body,
    ...extra,
  });

describe('the queue’s keyboard shortcuts', () => {
  test('j/k move, a/r decide, n notes, x selects, ? helps', () => {
    expect(['j', 'k', 'a', 'r', 'n', 'x', '?'].map((k) => press(k))).toEqual([
      'next',
      'previous',
      'accept',
      'reject',
      'note',
      'select',
      'help',
    ]);
    expect(press('q')).toBeNull();
  });
  test('never while typing in a field, with a modifier held, or for a held key’s repeats', () => {
    for (const tag of ['input', 'textarea', 'select'])
      expect(press('a', { target: document.createElement(tag) })).toBeNull();
    expect(press('a', { ctrlKey: true })).toBeNull();
    expect(press('r', { metaKey: true })).toBeNull();
    expect(press('a', { repeat: true })).toBeNull();
  });
});

describe('the queue’s filters', () => {
  test('are read from the address and checked with the service’s own schema', () => {
    const draft = draftFromParams(
      new URLSearchParams('municipality=arilje&crop=malina&sort=newest&tab=workers'),
    );
    expect(draft).toEqual({ municipality: 'arilje', crop: 'malina', sort: 'newest' });
    expect(queueFilterOf(draft)).toEqual({ municipality: 'Arilje', crop: 'malina', sort: 'newest' });
  });
  test('an address the service would refuse asks for no filter (the form names the fields: forms.test)', () => {
    expect(queueFilterOf({ municipality: 'Atlantida' })).toBeNull();
    expect(queueFilterOf({ startFrom: '2027-07-10', startTo: '2027-07-01' })).toBeNull();
  });
});

describe('figures', () => {
  test('waiting time reads in days and hours, hours and minutes, or minutes', () => {
    expect(waitingParts(12)).toEqual({ key: 'queue.minutes', params: { minutes: 12 } });
    expect(waitingParts(200)).toEqual({ key: 'queue.hoursMinutes', params: { hours: 3, minutes: 20 } });
    expect(waitingParts(3 * 1440 + 125)).toEqual({ key: 'queue.daysHours', params: { days: 3, hours: 2 } });
  });
  test('progress of a batch in percent', () => {
    expect(progressPercent(0, 500)).toBe(0);
    expect(progressPercent(250, 500)).toBe(50);
    expect(progressPercent(0, 0)).toBe(100);
  });
  test('the chart’s axis ends at a readable value', () => {
    expect(axisMax([3, null, 7])).toBe(10);
    expect(axisMax([130])).toBe(200);
    expect(axisMax([null])).toBe(1);
    expect([0, 0.5, 2.5, 10].map(axisLabel)).toEqual(['0', '0.5', '2.5', '10']);
  });
  test('the daily series as CSV, an empty cell where no one was decided', () => {
    expect(
      dailyStatsCsv([
        {
          date: '2027-07-01',
          applications: 120,
          accepted: 40,
          decided: 60,
          waitP50Minutes: 35,
          waitP90Minutes: 300,
        },
        {
          date: '2027-07-02',
          applications: 5,
          accepted: 0,
          decided: 0,
          waitP50Minutes: null,
          waitP90Minutes: null,
        },
      ]),
    ).toBe(
      'date,applications,accepted,decided,wait_p50_minutes,wait_p90_minutes\r\n' +
        '2027-07-01,120,40,60,35,300\r\n2027-07-02,5,0,0,,\r\n',
    );
  });
});
