import {
  createVacancySchema,
  DEFAULT_WORK_END,
  DEFAULT_WORK_START,
  HOURS_PER_DAY_MAX,
  HOURS_PER_DAY_MIN,
  canonicalMunicipality,
  vacancyDateProblems,
  workDurationHours,
  type CreateVacancyInput,
  type PaymentType,
  type Region,
} from '@moba/contracts';

type YesNo = boolean | undefined;
export type Featuring = 'none' | 'sponsored';

/** The form draft of spec §3, numbers kept as typed text until they are checked. */
export interface Draft {
  title: string;
  description: string;
  region: Region;
  municipality: string;
  crops: string[];
  jobActivities: string[];
  numberOfWorkers: string;
  startDate: string;
  endDate: string;
  workStartTime: string;
  workEndTime: string;
  hoursPerDay: string;
  paymentType: PaymentType;
  dailyWage: string;
  norm: string;
  normPrice: string;
  foodProvided: YesNo;
  transportProvided: YesNo;
  accommodationProvided: YesNo;
  groupLeadersAccepted: YesNo;
  featuring: Featuring;
  acceptedTerms: boolean;
}

export const initialDraft = (): Draft => ({
  title: '',
  description: '',
  region: 'RS',
  municipality: '',
  crops: [],
  jobActivities: [],
  numberOfWorkers: '',
  startDate: '',
  endDate: '',
  workStartTime: DEFAULT_WORK_START,
  workEndTime: DEFAULT_WORK_END,
  hoursPerDay: String(workDurationHours(DEFAULT_WORK_START, DEFAULT_WORK_END)),
  paymentType: 'DailyWage',
  dailyWage: '',
  norm: '',
  normPrice: '',
  foodProvided: undefined,
  transportProvided: undefined,
  accommodationProvided: undefined,
  groupLeadersAccepted: undefined,
  featuring: 'none',
  acceptedTerms: false,
});

const num = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/** The draft as the create body; the shared schema decides what is wrong with it. */
export function toBody(d: Draft): Partial<CreateVacancyInput> {
  return {
    title: d.title,
    description: d.description,
    region: d.region,
    municipality: d.municipality.trim(),
    crops: d.crops,
    jobActivities: d.jobActivities,
    numberOfWorkers: num(d.numberOfWorkers),
    startDate: d.startDate,
    endDate: d.endDate,
    workStartTime: d.workStartTime,
    workEndTime: d.workEndTime,
    hoursPerDay: num(d.hoursPerDay),
    paymentType: d.paymentType,
    ...(d.paymentType === 'DailyWage' ? { dailyWage: num(d.dailyWage) } : {}),
    ...(d.paymentType === 'Norm' ? { norm: d.norm.trim() || undefined, normPrice: num(d.normPrice) } : {}),
    foodProvided: d.foodProvided,
    transportProvided: d.transportProvided,
    accommodationProvided: d.accommodationProvided,
    groupLeadersAccepted: d.groupLeadersAccepted,
    sponsored: d.featuring === 'sponsored',
  };
}

const timeOk = (v: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v);
const dateOk = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * Every rule of spec §5 through the shared schema: the first problem of each field. Zod runs the
 * schema's cross-field rules only once every field parses, so while the form is half filled the
 * same rules are asked of the shared helpers directly (duration, dates, payment, municipality).
 */
export function checkDraft(d: Draft, today: string) {
  const body = toBody(d);
  const result = createVacancySchema(today).safeParse(body);
  const problems: Record<string, string> = {};
  const add = (field: string, message: string) => {
    if (!(field in problems)) problems[field] = message;
  };
  if (!result.success) {
    for (const issue of result.error.issues) add(String(issue.path[0] ?? '_form'), issue.message);
    if (body.municipality && !canonicalMunicipality(body.municipality, d.region))
      add('municipality', 'unknown municipality');
    if (timeOk(d.workStartTime) && timeOk(d.workEndTime)) {
      const hours = workDurationHours(d.workStartTime, d.workEndTime);
      if (hours === 0) add('workEndTime', 'must differ from the start time');
      else if (hours < HOURS_PER_DAY_MIN || hours > HOURS_PER_DAY_MAX)
        add('workEndTime', 'work duration must be 1 to 16 hours');
      else if (body.hoursPerDay !== undefined && body.hoursPerDay !== hours)
        add('hoursPerDay', `must match the work times (${hours} h)`);
    }
    if (dateOk(d.startDate) && dateOk(d.endDate)) {
      for (const p of vacancyDateProblems({ startDate: d.startDate, endDate: d.endDate }, today))
        add(p.field, p.message);
    }
    if (d.paymentType === 'DailyWage' && body.dailyWage === undefined)
      add('dailyWage', 'required for a daily wage');
    if (d.paymentType === 'Norm' && body.norm === undefined) add('norm', 'required for a norm');
    if (d.paymentType === 'Norm' && body.normPrice === undefined) add('normPrice', 'required for a norm');
    // The 1–16 h rule is said once: at the end time when the times break it, not again at the hours.
    if (
      problems.workEndTime?.startsWith('work duration') &&
      /^at (most|least) \d+$/.test(problems.hoursPerDay ?? '')
    )
      delete problems.hoursPerDay;
  }
  return { result, problems };
}
