import {
  authErrorCodes,
  authErrorMessages,
  PasswordChanged,
  topics,
  type ChangePasswordInput,
} from '@moba/contracts';
import { AppError, pushEvents } from '@moba/platform';
import { at, nowIso, type AuthContext } from '../context';
import type { UserDoc } from '../domain/user';
import { hashPassword, verifyPassword } from '../domain/secrets';

/** Changes the password of the signed-in user (current one required); every existing token stops working. */
export async function changePassword(
  ctx: AuthContext,
  user: UserDoc,
  input: ChangePasswordInput,
): Promise<{ ok: true }> {
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError(authErrorCodes.WRONG_CURRENT_PASSWORD, authErrorMessages.WRONG_CURRENT_PASSWORD, [
      {
        field: 'currentPassword',
        code: authErrorCodes.WRONG_CURRENT_PASSWORD,
        message: 'current password is incorrect',
      },
    ]);
  }
  const passwordHash = await hashPassword(input.password, {
    memoryCost: ctx.config.ARGON2_MEMORY_KIB,
    timeCost: ctx.config.ARGON2_TIME_COST,
  });
  const tokenVersion = user.tokenVersion + 1;
  const updated = await ctx.users.updateOne(
    { _id: user._id, tokenVersion: user.tokenVersion },
    pushEvents({ $set: { passwordHash, tokenVersion, updatedAt: nowIso(ctx) } }, [
      {
        topic: topics.auth,
        event: PasswordChanged.create(user._id, { userId: user._id, tokenVersion }, at(ctx)),
      },
    ]),
  );
  if (updated === 0) throw new AppError(authErrorCodes.SESSION_EXPIRED, authErrorMessages.SESSION_EXPIRED);
  ctx.relay.kick();
  return { ok: true };
}
