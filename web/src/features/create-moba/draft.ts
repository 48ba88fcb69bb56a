import {
  createVacancySchema,
  DEFAULT_WORK_END,
  DEFAULT_WORK_START,
  vacancyCrossFieldProblems,
  workDurationHours,
  type CreateVacancy,
  type CreateVacancyInput,
  type PaymentType,
  type Region,
} from '@moba/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { createPartOf, emptyMeetingDraft, type MeetingDraft } from '../day-of-work';
import { issuesByField } from '../../lib/validation';
import { issueToken } from '../../lib/issue-token';

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
  /** Meeting details and confirmation settings (optional; day-of-work's MeetingSection). */
  dayOfWork: MeetingDraft;
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
  dayOfWork: emptyMeetingDraft(),
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
    dayOfWork: createPartOf(d.dayOfWork),
  };
}

/**
 * Every rule of spec §5 through the shared schema: the error token of each field's first problem.
 * Zod runs the schema's cross-field rules only once every field parses, so while the form is half
 * filled the same rules are asked of vacancyCrossFieldProblems directly.
 */
export function checkDraft(d: Draft, today: string) {
  const body = toBody(d);
  const result = createVacancySchema(today).safeParse(body);
  const problems: Record<string, string> = {};
  if (!result.success) {
    Object.assign(problems, issuesByField(result.error.issues, body));
    const crossField = vacancyCrossFieldProblems({ ...body, region: d.region }, today);
    for (const p of crossField) if (!(p.field in problems)) problems[p.field] = issueToken(p);
    // The 1–16 h rule is said once: at the end time when the times break it, not again at the hours.
    if (
      crossField.some((p) => p.code === 'work_duration') &&
      /^too_(big|small)\b/.test(problems.hoursPerDay ?? '')
    )
      delete problems.hoursPerDay;
  }
  return { result, problems };
}

/** The form's resolver: checkDraft's problems as field errors, the parsed body as the values. */
export const draftResolver =
  (today: string): Resolver<Draft, unknown, CreateVacancy> =>
  (draft, _context, options) => {
    const { result, problems } = checkDraft(draft, today);
    if (result.success) return { values: result.data, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(problems).map(([field, token]) => [
        field,
        { type: token.split(':')[0], message: token, ref: options.fields[field]?.ref },
      ]),
    );
    return { values: {}, errors: errors as FieldErrors<Draft> };
  };
