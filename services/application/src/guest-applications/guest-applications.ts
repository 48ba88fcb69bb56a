import {
  GuestApplicationAccepted,
  GuestApplicationSubmitted,
  topics,
  type GuestApplication,
  type GuestApplicationsPage,
  type Paging,
} from '@moba/contracts';
import { AppError, DuplicateKeyError, adminAudit, withEvents, type AdminAuditInput } from '@moba/platform';
import { z } from 'zod';
import type { guestSignupRequestSchema } from '@moba/contracts';
import type { AppContext } from '../context';
import { guestApplicationKey, type ApplicationDoc, type GuestApplicationDoc } from '../store';
import { errors } from '../domain/errors';
import { completeAcceptance } from '../accept-application/accept-application';
import { releasePlaces } from '../places/places';
import { guestView } from '../views';

type GuestSignup = z.output<typeof guestSignupRequestSchema>;

/** A visitor sends a guest application for someone who cannot register; the team contacts them. */
export async function signUpGuest(ctx: AppContext, input: GuestSignup) {
  const guest: GuestApplicationDoc = {
    _id: crypto.randomUUID(),
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    municipality: input.municipality,
    note: input.note ? input.note : null,
    status: 'Pending',
    vacancyIds: [],
    createdAt: ctx.clock.now().toISOString(),
  };
  const event = GuestApplicationSubmitted.create(guest._id, {
    guestApplicationId: guest._id,
    firstName: guest.firstName,
    lastName: guest.lastName,
    phone: guest.phone,
    municipality: guest.municipality,
  });
  await ctx.store.guestApplications.insertOne(withEvents(guest, [{ topic: topics.application, event }]));
  ctx.relay.kick(ctx.store.guestApplications);
  return { id: guest._id };
}

/** A page of the pending guest applications, the longest waiting first, read from the store as a page. */
export async function listPendingGuests(
  ctx: AppContext,
  { page, pageSize }: Paging,
): Promise<GuestApplicationsPage> {
  const pending = { status: 'Pending' };
  const [total, guests] = await Promise.all([
    ctx.store.guestApplications.count(pending),
    ctx.store.guestApplications.find(pending, {
      sort: { createdAt: 1 },
      skip: (page - 1) * pageSize,
      limit: pageSize,
    }),
  ]);
  return { items: guests.map(guestView), total, page, pageSize };
}

export async function getGuest(ctx: AppContext, id: string): Promise<GuestApplication> {
  const guest = await ctx.store.guestApplications.findOne({ _id: id });
  if (!guest) throw errors.guestNotFound();
  return guestView(guest);
}

/**
 * An admin places a guest into a chosen vacancy. The placement is an application (guest=true) that
 * counts against capacity exactly like a worker's; one per guest and vacancy ('already applied').
 */
export async function acceptGuest(
  ctx: AppContext,
  guestId: string,
  vacancyId: string,
  admin: AdminAuditInput['actor'],
) {
  const { guestApplications, vacancies, applications } = ctx.store;
  const guest = await guestApplications.findOne({ _id: guestId });
  if (!guest) throw errors.guestNotFound();
  const vacancy = await vacancies.findOne({ _id: vacancyId });
  if (!vacancy || vacancy.deleted) throw errors.vacancyNotFound();

  const uniqueKey = guestApplicationKey(guestId, vacancyId);
  let placement = await applications.findOne({ uniqueKey });
  if (!placement) {
    const fresh: ApplicationDoc = {
      _id: crypto.randomUUID(),
      uniqueKey,
      vacancyId,
      workerId: null,
      guestApplicationId: guestId,
      guest: true,
      peopleCount: 0,
      positions: 1,
      status: 'Pending',
      note: guest.note,
      submittedAt: ctx.clock.now().toISOString(),
      decidedAt: null,
    };
    try {
      placement = await applications.insertOne(fresh);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      placement = await applications.findOne({ uniqueKey });
    }
  }
  if (!placement || placement.status !== 'Pending') {
    await markGuestPlaced(ctx, guestId, vacancyId);
    throw errors.guestAlreadyApplied();
  }

  let result;
  try {
    result = await completeAcceptance(ctx, placement, (claimed) => [
      {
        topic: topics.application,
        event: GuestApplicationAccepted.create(guestId, {
          guestApplicationId: guestId,
          applicationId: placement._id,
          vacancyId,
          freePositions: claimed.freePositions,
        }),
      },
      adminAudit(
        {
          actor: admin,
          action: 'guest.accept',
          target: { type: 'guestApplication', id: guestId, label: `${guest.firstName} ${guest.lastName}` },
          before: { vacancyId: null },
          after: { vacancyId, vacancy: claimed.title },
        },
        ctx.clock,
      ),
    ]);
  } catch (error) {
    if (error instanceof AppError && error.code === errors.notPending().code)
      throw errors.guestAlreadyApplied();
    // Interrupted with places still reserved: the placement stays, so a retry finishes with that claim.
    if (error instanceof AppError && error.code === errors.decisionInterrupted().code) throw error;
    // Refused: drop the placement (and any claim an earlier interrupted try left on it) so a later
    // try, after capacity frees up or the moba is kept, starts clean.
    await releasePlaces(ctx, placement);
    await applications.deleteOne({ _id: placement._id, status: 'Pending' });
    throw error;
  }
  await markGuestPlaced(ctx, guestId, vacancyId);
  return result;
}

async function markGuestPlaced(ctx: AppContext, guestId: string, vacancyId: string) {
  await ctx.store.guestApplications.updateOne(
    { _id: guestId },
    { $set: { status: 'Accepted' }, $addToSet: { vacancyIds: vacancyId } },
  );
}
