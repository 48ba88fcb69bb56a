import { randomUUID } from 'node:crypto';
import {
  createVacancySchema,
  districtOf,
  reviewReasons,
  VacancyReviewChanged,
  topics,
  vacancyErrorCodes,
  VacancyCreated,
  VacancyFeatured,
  type CreateVacancyResult,
  type Featuring,
} from '@moba/contracts';
import {
  badRequest,
  DuplicateKeyError,
  parseInput,
  withEvents,
  type AuthUser,
  type PendingEvent,
} from '@moba/platform';
import { decideFeaturing, estateTrustOf, whereAndWhenOf, type VacancyDoc } from '../domain/vacancy';
import { claimPromo } from '../promo';
import { dayOfWorkFrom, dayOfWorkSetEvent } from '../day-of-work';
import { todayOf, type VacancyContext } from '../context';

/**
 * An estate publishes a vacancy. Every rule of spec §5 is in the contract schema (today from the
 * service clock). Sponsored: free featuring for the estate's first vacancy in the promo period,
 * otherwise Pending until the payment ends; a moba held for review is neither.
 */
export async function createVacancy(
  ctx: VacancyContext,
  user: AuthUser,
  body: unknown,
): Promise<CreateVacancyResult> {
  if (body && typeof body === 'object' && (body as { urgent?: unknown }).urgent === true)
    throw badRequest(vacancyErrorCodes.URGENT_COMING_SOON, 'coming soon', [
      { field: 'urgent', code: 'coming_soon', message: 'coming soon' },
    ]);
  const today = todayOf(ctx);
  const input = parseInput(createVacancySchema(today), body);
  const now = ctx.clock.now();
  const id = randomUUID();

  const estate = await ensureEstate(ctx, user.id);
  // Below the legal minimum wage, or a harvest out of season: held for an admin before it may open.
  const reasons = reviewReasons(input);
  const held = reasons.length > 0;
  // A held moba is not featured and does not spend the promo: the free featuring waits for a moba
  // that is published, and nobody pays to feature one an admin may reject.
  const firstInPromo = !held && (await claimPromo(ctx, user.id, id));
  const featuring: Featuring = held ? 'none' : decideFeaturing(input.sponsored, firstInPromo);
  const featured = featuring === 'free';
  const status = held ? 'Review' : featuring === 'paid' ? 'Pending' : 'Open';

  const doc: VacancyDoc = {
    _id: id,
    estateId: user.id,
    estateName: estate.estateName ?? user.fullName,
    title: input.title,
    description: input.description,
    municipality: input.municipality,
    region: input.region,
    ...(input.region === 'RS' && districtOf(input.municipality)
      ? { district: districtOf(input.municipality) }
      : {}),
    crops: input.crops,
    jobActivities: input.jobActivities,
    startDate: input.startDate,
    endDate: input.endDate,
    workStartTime: input.workStartTime,
    workEndTime: input.workEndTime,
    hoursPerDay: input.hoursPerDay,
    paymentType: input.paymentType,
    ...('dailyWage' in input && input.dailyWage !== undefined ? { dailyWage: input.dailyWage } : {}),
    ...('norm' in input && input.norm !== undefined ? { norm: input.norm } : {}),
    ...('normPrice' in input && input.normPrice !== undefined ? { normPrice: input.normPrice } : {}),
    foodProvided: input.foodProvided,
    transportProvided: input.transportProvided,
    accommodationProvided: input.accommodationProvided,
    groupLeadersAccepted: input.groupLeadersAccepted,
    sponsored: input.sponsored,
    featuring,
    featured,
    urgent: false,
    status,
    totalPositions: input.numberOfWorkers,
    freePositions: input.numberOfWorkers,
    createdAt: now.toISOString(),
    ...(status === 'Pending' ? { pendingSince: now.toISOString() } : {}),
    appliedEvents: [],
    paymentOutcomes: [],
    ...estateTrustOf(estate),
    ...(held ? { review: { state: 'held' as const, reasons, reports: 0, hidden: true } } : {}),
    dayOfWork: dayOfWorkFrom(input.dayOfWork, now.toISOString()),
  };

  const events: PendingEvent[] = [
    {
      topic: topics.vacancy,
      event: VacancyCreated.create(
        id,
        {
          vacancyId: id,
          estateId: doc.estateId,
          estateName: doc.estateName,
          title: doc.title,
          ...whereAndWhenOf(doc),
          totalPositions: doc.totalPositions,
          status: doc.status,
          featuring,
          featured,
          groupLeadersAccepted: doc.groupLeadersAccepted,
          paymentType: doc.paymentType,
          ...(doc.dailyWage !== undefined ? { dailyWage: doc.dailyWage } : {}),
          hoursPerDay: doc.hoursPerDay,
          foodProvided: doc.foodProvided,
          transportProvided: doc.transportProvided,
          accommodationProvided: doc.accommodationProvided,
          createdAt: doc.createdAt,
        },
        { occurredAt: now },
      ),
    },
  ];
  // Always, with defaults when the form left it out: the application service keeps it for the day of work.
  events.push(dayOfWorkSetEvent(doc, doc.dayOfWork!, now));
  if (held)
    events.push({
      topic: topics.vacancy,
      event: VacancyReviewChanged.create(
        id,
        {
          vacancyId: id,
          estateId: doc.estateId,
          title: doc.title,
          state: 'held',
          reasons: reasons.map((r) => r.code),
        },
        { occurredAt: now },
      ),
    });
  if (featured)
    events.push({
      topic: topics.vacancy,
      event: VacancyFeatured.create(
        id,
        { vacancyId: id, estateId: doc.estateId, featured: true, featuring, reason: 'free' },
        { occurredAt: now },
      ),
    });

  await ctx.store.vacancies.insertOne(withEvents(doc, events));
  ctx.relay.kick();
  ctx.readModel.apply(doc);
  ctx.logger.info({ vacancyId: id, estateId: user.id, featuring, status }, 'vacancy created');
  return { id, featuring, status };
}

async function ensureEstate(ctx: VacancyContext, estateId: string) {
  const found = await ctx.store.estates.findOne({ _id: estateId });
  if (found) return found;
  try {
    return await ctx.store.estates.insertOne({ _id: estateId });
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
    return (await ctx.store.estates.findOne({ _id: estateId }))!;
  }
}
