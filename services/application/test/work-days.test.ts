import { defaultConfirmationSettings } from '@moba/contracts';
import { boardDayOf, dueStretch, localInstant, stretchAsks, workDaysOf } from '../src/domain/work-days';

describe('work days and when their confirmations are asked (pure)', () => {
  test('the work days are every day from start to end until the estate moves one', () => {
    expect(workDaysOf({ startDate: '2026-07-01', endDate: '2026-07-03' })).toEqual([
      '2026-07-01',
      '2026-07-02',
      '2026-07-03',
    ]);
    expect(workDaysOf({ startDate: '2026-07-01', endDate: '2026-07-03', workDays: ['2026-07-02'] })).toEqual([
      '2026-07-02',
    ]);
  });

  test('a Belgrade wall-clock time is +02:00 in summer and +01:00 in winter, also across the change', () => {
    expect(localInstant('2026-07-01', '18:00').toISOString()).toBe('2026-07-01T16:00:00.000Z');
    expect(localInstant('2026-12-01', '18:00').toISOString()).toBe('2026-12-01T17:00:00.000Z');
    // 29 March 2026: clocks go forward at 02:00; 25 October 2026: back at 03:00.
    expect(localInstant('2026-03-29', '18:00').toISOString()).toBe('2026-03-29T16:00:00.000Z');
    expect(localInstant('2026-10-25', '18:00').toISOString()).toBe('2026-10-25T17:00:00.000Z');
  });

  test('each stretch is asked at askAt on the evening before it starts, with its deadline that evening', () => {
    const asks = stretchAsks(['2026-07-01', '2026-07-02', '2026-07-05', '2026-07-06', '2026-07-08'], {
      askAt: '17:30',
      deadlineAt: '20:00',
      unanswered: 'free',
    });
    expect(
      asks.map((a) => [a.start, a.days.length, a.askAt.toISOString(), a.deadline.toISOString()]),
    ).toEqual([
      ['2026-07-01', 2, '2026-06-30T15:30:00.000Z', '2026-06-30T18:00:00.000Z'],
      ['2026-07-05', 2, '2026-07-04T15:30:00.000Z', '2026-07-04T18:00:00.000Z'],
      ['2026-07-08', 1, '2026-07-07T15:30:00.000Z', '2026-07-07T18:00:00.000Z'],
    ]);
  });

  test.each([
    ['2026-06-30T15:59:59Z', undefined],
    ['2026-06-30T16:00:00Z', '2026-07-01'],
    ['2026-06-30T18:59:59Z', '2026-07-01'],
    ['2026-06-30T19:00:00Z', undefined],
    ['2026-07-01T16:30:00Z', undefined],
    ['2026-07-03T16:30:00Z', '2026-07-04'],
  ])('at %s the due stretch is %s (18:00–21:00 Belgrade)', (now, start) => {
    const days = ['2026-07-01', '2026-07-02', '2026-07-04'];
    expect(dueStretch(days, defaultConfirmationSettings, new Date(now))?.start).toBe(start);
  });

  test('a board opens on today or the next work day, or the last one when the moba is over', () => {
    const days = ['2026-07-01', '2026-07-03'];
    expect(boardDayOf(days, '2026-06-01')).toBe('2026-07-01');
    expect(boardDayOf(days, '2026-07-02')).toBe('2026-07-03');
    expect(boardDayOf(days, '2026-08-01')).toBe('2026-07-03');
  });
});
