import {
  DESCRIPTION_MAX,
  HOURS_PER_DAY_MAX,
  HOURS_PER_DAY_MIN,
  TITLE_MAX,
  VACANCY_MAX_DAYS,
} from '@moba/contracts/limits';

/**
 * The shared createVacancySchema speaks English developer texts; this turns each into a key of the
 * create-moba namespace so the rule reads in the estate's language.
 */
const rules: [
  RegExp,
  (m: RegExpMatchArray, field: string) => { key: string; params?: Record<string, unknown> },
][] = [
  [/phone number/i, () => ({ key: 'issues.phone' })],
  [/unknown municipality/i, () => ({ key: 'issues.municipality' })],
  [/job activity/i, () => ({ key: 'issues.activities' })],
  [/must not be in the past/i, () => ({ key: 'issues.startPast' })],
  [/before the start date|before dateFrom/i, () => ({ key: 'issues.endBeforeStart' })],
  [/at most \d+ days/i, () => ({ key: 'issues.tooManyDays', params: { max: VACANCY_MAX_DAYS } })],
  [/differ from the start/i, () => ({ key: 'issues.sameTime' })],
  [
    /work duration must be/i,
    () => ({ key: 'issues.duration', params: { min: HOURS_PER_DAY_MIN, max: HOURS_PER_DAY_MAX } }),
  ],
  [
    /must match the work times \((\d+) h\)/i,
    (m) => ({ key: 'issues.hoursMismatch', params: { hours: Number(m[1]) } }),
  ],
  [/required for a daily wage/i, () => ({ key: 'issues.dailyWage' })],
  [/required for a norm/i, (_m, field) => ({ key: field === 'norm' ? 'issues.norm' : 'issues.normPrice' })],
  [
    /at most (\d+) characters/i,
    (_m, field) => ({
      key: 'issues.tooLong',
      params: { max: field === 'title' ? TITLE_MAX : DESCRIPTION_MAX },
    }),
  ],
  [/must be a date/i, () => ({ key: 'issues.date' })],
  [/must be a time/i, () => ({ key: 'issues.time' })],
  [/coming soon/i, () => ({ key: 'issues.urgent' })],
  [
    /^at least (\d+)$/i,
    (m, field) => ({
      key: field === 'hoursPerDay' ? 'issues.duration' : 'issues.atLeast',
      params: { min: Number(m[1]), max: HOURS_PER_DAY_MAX },
    }),
  ],
  [
    /^at most (\d+)$/i,
    (m, field) => ({
      key: field === 'hoursPerDay' ? 'issues.duration' : 'issues.atMost',
      params: { min: HOURS_PER_DAY_MIN, max: Number(m[1]) },
    }),
  ],
  [/required|expected|received|invalid option|^$/i, () => ({ key: 'issues.required' })],
  [/too (small|big)|must be (greater|less)/i, () => ({ key: 'issues.number' })],
];

export function vacancyIssueKey(
  message: string,
  field: string,
): { key: string; params?: Record<string, unknown> } {
  for (const [pattern, make] of rules) {
    const match = message.match(pattern);
    if (match) return make(match, field);
  }
  return { key: 'issues.invalid' };
}
