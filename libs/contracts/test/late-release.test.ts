import { isLateRelease, localInstant, nextStart } from '../src';

describe('the late-cancellation rule (issue #31)', () => {
  test('a Belgrade time is read in summer and winter time', () => {
    expect(localInstant('2027-07-10', '06:00').toISOString()).toBe('2027-07-10T04:00:00.000Z');
    expect(localInstant('2027-01-10', '06:00').toISOString()).toBe('2027-01-10T05:00:00.000Z');
  });

  test('the start is the first work day from today on, at its meeting time', () => {
    const now = new Date('2027-07-09T10:00:00Z');
    const days = ['2027-07-08', '2027-07-11', '2027-07-12'];
    expect(nextStart(days, now, () => '07:30')?.toISOString()).toBe('2027-07-11T05:30:00.000Z');
    expect(nextStart(['2027-07-01'], now)).toBeUndefined();
  });

  test('a worker cancelling or an estate removing under 24 h before the start is late; 24 h or more is not', () => {
    const start = new Date('2027-07-11T04:00:00Z');
    const before = (hours: number) => new Date(start.getTime() - hours * 3_600_000);
    expect(isLateRelease('worker-cancelled', start, before(23.9))).toBe(true);
    expect(isLateRelease('estate-removed', start, before(2))).toBe(true);
    expect(isLateRelease('worker-cancelled', start, before(24))).toBe(false);
    expect(isLateRelease('worker-cancelled', undefined, before(1))).toBe(true); // nothing ahead: under way
  });

  test('a declined or unanswered confirmation and fewer heads are never late', () => {
    const start = new Date('2027-07-11T04:00:00Z');
    for (const reason of ['declined', 'unanswered', 'fewer-heads'] as const)
      expect(isLateRelease(reason, start, start)).toBe(false);
  });
});
