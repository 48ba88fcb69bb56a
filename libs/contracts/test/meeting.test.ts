import {
  createVacancySchema,
  lastMeetingDayOf,
  meetingDayProblems,
  mobaDayOfWorkSchema,
  setDayOfWorkSchema,
} from '../src';

describe('meeting days', () => {
  it('a moba of n days may name meeting days from its start to n days past its end (moved days land there)', () => {
    expect(lastMeetingDayOf('2027-07-01', '2027-07-03')).toBe('2027-07-06');
    const meeting = {
      timeByDay: {
        '2027-06-30': '06:00',
        '2027-07-02': '07:00',
        '2027-07-06': '07:00',
        '2027-07-07': '07:00',
      },
    };
    expect(meetingDayProblems(meeting, '2027-07-01', '2027-07-03')).toEqual(['2027-06-30', '2027-07-07']);
    expect(meetingDayProblems(undefined, '2027-07-01', '2027-07-03')).toEqual([]);
  });
});

describe('setDayOfWorkSchema', () => {
  it('takes null to clear the meeting, leaves out what is not given, and defaults the confirmation fields', () => {
    expect(setDayOfWorkSchema.parse({ meeting: null })).toEqual({ meeting: null });
    expect(setDayOfWorkSchema.parse({ confirmation: { askAt: '17:00' } })).toEqual({
      confirmation: { askAt: '17:00', deadlineAt: '21:00', unanswered: 'flag' },
    });
  });

  it('refuses a phone number outside the contact field, naming the field', () => {
    const result = setDayOfWorkSchema.safeParse({
      meeting: {
        point: 'zovite 064 123 4567',
        time: '06:00',
        contactName: 'Ana',
        contactPhone: '0641234567',
      },
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(['meeting', 'point']);
  });
});

describe('the create form', () => {
  const base = {
    title: 'Berba',
    description: 'Berba malina',
    municipality: 'Arilje',
    jobActivities: ['berba-branje'],
    startDate: '2027-07-01',
    endDate: '2027-07-03',
    numberOfWorkers: 3,
    hoursPerDay: 9,
    foodProvided: true,
    transportProvided: false,
    accommodationProvided: false,
    groupLeadersAccepted: true,
    paymentType: 'ByAgreement',
  };
  const meeting = { point: 'Zadruga', time: '06:00', contactName: 'Ana', contactPhone: '0641234567' };

  it('keeps the optional day-of-work part', () => {
    const parsed = createVacancySchema().parse({ ...base, dayOfWork: { meeting } });
    expect(parsed.dayOfWork?.meeting).toMatchObject({ ...meeting, timeByDay: {} });
    expect(createVacancySchema().parse(base).dayOfWork).toBeUndefined();
  });

  it('names a meeting day outside the moba', () => {
    const result = createVacancySchema().safeParse({
      ...base,
      dayOfWork: { meeting: { ...meeting, timeByDay: { '2027-06-20': '06:00' } } },
    });
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual([
      'dayOfWork.meeting.timeByDay.2027-06-20',
    ]);
  });
});

describe('the answer of GET /mobas/:id/day-of-work', () => {
  it('has no meeting until the estate gives one', () => {
    expect(
      mobaDayOfWorkSchema.parse({
        vacancyId: crypto.randomUUID(),
        title: 'Berba',
        startDate: '2027-07-01',
        endDate: '2027-07-03',
        viewer: 'estate',
        meeting: null,
        days: [],
        confirmation: { askAt: '18:00', deadlineAt: '21:00', unanswered: 'flag' },
      }).meeting,
    ).toBeNull();
  });
});
