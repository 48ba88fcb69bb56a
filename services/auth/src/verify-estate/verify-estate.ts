import { authErrorCodes, authErrorMessages, EstateVerificationChanged, topics } from '@moba/contracts';
import { AppError, adminAudit, pushEvents } from '@moba/platform';
import { at, nowIso, type AuthContext } from '../context';
import type { Actor } from '../domain/user';

/**
 * An admin marks an estate verified after checking its BPG and PIB against the public registry by
 * hand, with a note of what was checked; or revokes it, with a note of why. The change, the audit
 * entry and EstateVerificationChanged (badge and "verified only" filter in the vacancy service) are
 * one write.
 */
export async function setEstateVerified(
  ctx: AuthContext,
  admin: Actor,
  estateId: string,
  verified: boolean,
  note: string,
) {
  const estate = await ctx.users.findOne({ _id: estateId, role: 'Estate' });
  if (!estate?.estate) throw new AppError(authErrorCodes.NOT_AN_ESTATE, authErrorMessages.NOT_AN_ESTATE);
  const was = estate.estate.verified === true;
  if (was === verified) throw refusal(verified);
  const changedAt = nowIso(ctx);
  const updated = await ctx.users.updateOne(
    { _id: estateId, 'estate.verified': was ? true : { $ne: true } },
    pushEvents(
      {
        $set: {
          'estate.verified': verified,
          'estate.verificationNote': note,
          'estate.verificationChangedAt': changedAt,
          updatedAt: changedAt,
        },
      },
      [
        {
          topic: topics.auth,
          event: EstateVerificationChanged.create(estateId, { estateId, verified, changedAt }, at(ctx)),
        },
        adminAudit(
          {
            actor: admin,
            action: verified ? 'estate.verify' : 'estate.unverify',
            target: { type: 'estate', id: estateId, label: estate.estate.name },
            before: { verified: was, note: estate.estate.verificationNote ?? null },
            after: { verified, note },
          },
          ctx.clock,
        ),
      ],
    ),
  );
  if (updated === 0) throw refusal(verified);
  ctx.relay.kick();
  return { estateId, verified };
}

const refusal = (verified: boolean) =>
  verified
    ? new AppError(authErrorCodes.ALREADY_VERIFIED, authErrorMessages.ALREADY_VERIFIED)
    : new AppError(authErrorCodes.NOT_VERIFIED, authErrorMessages.NOT_VERIFIED);
