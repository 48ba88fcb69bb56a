/** A valid moba (vacancy) body running from `startDate` to `endDate` (YYYY-MM-DD), any field overridable. */
export function mobaFields(startDate: string, endDate: string, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Berba kupina',
    description: 'Potrebni berači kupina, obezbeđen ručak.',
    municipality: 'Arilje',
    // A crop without harvest months in the reference data, and a wage above the legal minimum for the
    // hours: a moba made at any time of the year opens at once (held mobas are tested on their own).
    crops: ['kupina'],
    jobActivities: ['berba-branje'],
    startDate,
    endDate,
    numberOfWorkers: 5,
    workStartTime: '07:00',
    workEndTime: '16:00',
    hoursPerDay: 9,
    foodProvided: true,
    transportProvided: false,
    accommodationProvided: false,
    groupLeadersAccepted: true,
    paymentType: 'DailyWage',
    dailyWage: 4000,
    sponsored: false,
    ...overrides,
  };
}
