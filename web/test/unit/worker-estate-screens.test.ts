import { DEFAULT_WORK_END, DEFAULT_WORK_START, IMAGE_MAX_BYTES } from '@moba/contracts';
import { checkDraft, initialDraft, toBody, type Draft } from '../../src/features/create-moba/draft';
import { translateIssue } from '../../src/lib/issue-token';
import { emptyForm, toFilters } from '../../src/features/mobas/filters';
import { splitByStatus } from '../../src/features/my-mobas/split';
import { photoProblem } from '../../src/features/profile/photo';
import { bulkErrorsByWorker } from '../../src/features/ratings/bulk-errors';

const today = '2026-06-01';
const filled = (patch: Partial<Draft> = {}): Draft => ({
  ...initialDraft(),
  title: 'Berba malina',
  description: 'Berba malina u zasadu, plaćanje svakog dana.',
  municipality: 'Arilje',
  jobActivities: ['berba-branje'],
  crops: ['malina'],
  numberOfWorkers: '5',
  startDate: '2026-06-02',
  endDate: '2026-06-10',
  dailyWage: '3500',
  foodProvided: true,
  transportProvided: false,
  accommodationProvided: false,
  groupLeadersAccepted: true,
  ...patch,
});

describe('the create-moba draft', () => {
  test('starts with the spec defaults: 07:00–16:00, nine hours, daily wage, not featured', () => {
    const draft = initialDraft();
    expect(draft).toMatchObject({
      workStartTime: DEFAULT_WORK_START,
      workEndTime: DEFAULT_WORK_END,
      hoursPerDay: '9',
      paymentType: 'DailyWage',
      featuring: 'none',
    });
  });

  test('a complete draft passes the shared schema and keeps only the chosen payment fields', () => {
    const { result, problems } = checkDraft(filled({ norm: 'gajba', normPrice: '100' }), today);
    expect(problems).toEqual({});
    expect(result.success && result.data).toMatchObject({
      paymentType: 'DailyWage',
      dailyWage: 3500,
      sponsored: false,
    });
    expect(result.success && 'normPrice' in result.data).toBe(false);
  });

  test('while other fields are still empty the hours are checked against the work times across midnight', () => {
    const { problems } = checkDraft(
      { ...initialDraft(), workStartTime: '22:00', workEndTime: '06:30', hoursPerDay: '8' },
      today,
    );
    expect(problems.hoursPerDay).toBe('hours_mismatch:9');
    expect(translateIssue(problems.hoursPerDay)).toMatchObject({
      key: 'common:validation.hours_mismatch',
      params: { limit: 9 },
    });
  });

  test('a description with a phone number, a too long moba and a missing wage are named on their fields', () => {
    const { problems } = checkDraft(
      filled({ description: 'Zovite 063 123 4567', endDate: '2026-09-30', dailyWage: '' }),
      today,
    );
    expect(problems).toMatchObject({
      description: 'phone_in_text',
      endDate: 'too_many_days:60',
      dailyWage: 'daily_wage_required',
    });
    expect(translateIssue(problems.description, 'create-moba').key).toBe('create-moba:issues.phone_in_text');
  });

  test('the same start and end time, and a start in the past, are refused', () => {
    const { problems } = checkDraft(
      filled({ workStartTime: '08:00', workEndTime: '08:00', startDate: '2026-05-30' }),
      today,
    );
    expect(problems).toMatchObject({ workEndTime: 'same_time', startDate: 'date_in_past' });
  });

  test('a norm needs the norm and its price; by agreement needs neither', () => {
    expect(Object.keys(checkDraft(filled({ paymentType: 'Norm' }), today).problems).sort()).toEqual([
      'norm',
      'normPrice',
    ]);
    expect(checkDraft(filled({ paymentType: 'ByAgreement', dailyWage: '' }), today).problems).toEqual({});
    expect(toBody(filled({ paymentType: 'ByAgreement' }))).not.toHaveProperty('dailyWage');
  });

  test('a start more than a year ahead, a title with a phone number and a fraction of workers say what is wrong', () => {
    const { problems } = checkDraft(
      filled({
        title: 'Zovite 063 123 4567',
        numberOfWorkers: '2.5',
        startDate: '2027-07-06',
        endDate: '2027-07-08',
      }),
      today,
    );
    expect(problems).toMatchObject({
      title: 'phone_in_text',
      numberOfWorkers: 'not_integer',
      startDate: 'start_too_far:365',
    });
  });

  test('the sponsored choice becomes the sponsored flag', () => {
    expect(toBody(filled({ featuring: 'sponsored' })).sponsored).toBe(true);
  });
});

describe('the browse filters', () => {
  test('only what the worker chose is sent, with paging', () => {
    expect(toFilters(emptyForm, 2)).toEqual({ page: 2, pageSize: 10, onlyWithFreePositions: true });
    expect(
      toFilters(
        {
          ...emptyForm,
          municipality: ' Ivanjica ',
          crop: 'malina',
          minDailyWage: '3000',
          foodProvided: true,
          onlyWithFreePositions: false,
        },
        1,
      ),
    ).toEqual({
      page: 1,
      pageSize: 10,
      municipality: 'Ivanjica',
      crop: 'malina',
      minDailyWage: 3000,
      foodProvided: true,
    });
  });

  test('a minimum wage that is not a whole number is left out', () => {
    expect(toFilters({ ...emptyForm, minDailyWage: '12.5' }, 1)).not.toHaveProperty('minDailyWage');
  });
});

describe('the estate lists, ratings and photo', () => {
  const item = (id: string, status: string) => ({ id, status }) as never;
  test("the estate's mobas split into current (open, pending, closed: full or under way) and past (finished)", () => {
    const { active, past } = splitByStatus([
      item('a', 'Open'),
      item('b', 'Finished'),
      item('c', 'Pending'),
      item('d', 'Closed'),
    ]);
    expect(active.map((v: { id: string }) => v.id)).toEqual(['a', 'c', 'd']);
    expect(past.map((v: { id: string }) => v.id)).toEqual(['b']);
  });

  test('a rejected bulk rating names each worker by the index it was sent at', () => {
    const error = {
      status: 409,
      data: {
        error: {
          code: 'RATING.BULK_REJECTED',
          message: 'x',
          details: [
            { field: 'ratings.1.workerId', code: 'RATING.ALREADY_RATED', message: 'RATING.ALREADY_RATED' },
          ],
        },
      },
    };
    expect(bulkErrorsByWorker(error, ['w1', 'w2'])).toEqual({ w2: 'RATING.ALREADY_RATED' });
  });

  test('a photo must be an image under 2 MB', () => {
    expect(photoProblem({ size: IMAGE_MAX_BYTES, type: 'image/jpeg' })).toBeNull();
    expect(photoProblem({ size: IMAGE_MAX_BYTES + 1, type: 'image/png' })).toBe('tooBig');
    expect(photoProblem({ size: 10, type: 'application/pdf' })).toBe('notImage');
  });
});
