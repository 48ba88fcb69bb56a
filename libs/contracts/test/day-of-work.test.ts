import {
  allDaysOf,
  confirmationSettingsSchema,
  meetingDetailsSchema,
  moveWorkDay,
  stretchStartOf,
  stretchesOf,
} from '../src';

describe('work days', () => {
  it('lists every day of a moba, across a month end', () => {
    expect(allDaysOf('2027-06-29', '2027-07-02')).toEqual([
      '2027-06-29',
      '2027-06-30',
      '2027-07-01',
      '2027-07-02',
    ]);
  });

  it('splits the days into stretches at each pause', () => {
    const days = ['2027-07-01', '2027-07-02', '2027-07-04', '2027-07-05', '2027-07-07'];
    expect(stretchesOf(days)).toEqual([
      ['2027-07-01', '2027-07-02'],
      ['2027-07-04', '2027-07-05'],
      ['2027-07-07'],
    ]);
    expect(stretchStartOf(days, '2027-07-05')).toBe('2027-07-04');
    expect(stretchStartOf(days, '2027-07-03')).toBeUndefined();
  });

  it('moves a day with no work to the day after the last', () => {
    const moved = moveWorkDay(allDaysOf('2027-07-01', '2027-07-03'), '2027-07-02');
    expect(moved).toEqual({ days: ['2027-07-01', '2027-07-03', '2027-07-04'], to: '2027-07-04' });
  });
});

describe('day-of-work settings', () => {
  it('defaults confirmations to 18:00, a 21:00 deadline, and only flagging', () => {
    expect(confirmationSettingsSchema.parse({})).toEqual({
      askAt: '18:00',
      deadlineAt: '21:00',
      unanswered: 'flag',
    });
  });

  it('refuses a deadline before the asking hour, naming the field', () => {
    const result = confirmationSettingsSchema.safeParse({ askAt: '19:00', deadlineAt: '18:30' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(['deadlineAt']);
  });

  it('allows a phone number only in the contact field', () => {
    const meeting = {
      point: 'Ispred zadruge',
      time: '06:30',
      contactName: 'Milan',
      contactPhone: '064 123 4567',
    };
    expect(meetingDetailsSchema.safeParse(meeting).success).toBe(true);
    const leaked = meetingDetailsSchema.safeParse({ ...meeting, point: 'Zovite 064 123 4567' });
    expect(leaked.error?.issues[0].path).toEqual(['point']);
  });
});
