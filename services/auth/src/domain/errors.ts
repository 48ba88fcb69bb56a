import { authErrorCodes, authErrorMessages } from '@moba/contracts';
import { AppError } from '@moba/platform';
import type { UserDoc } from './user';

/** The ban answer carries the reason (in the message and as a detail the web can show alone). */
export const bannedError = (user: Pick<UserDoc, 'banReason'>) =>
  new AppError(authErrorCodes.BANNED, `${authErrorMessages.BANNED}: ${user.banReason ?? ''}`.trim(), [
    { field: 'banReason', code: authErrorCodes.BANNED, message: user.banReason ?? '' },
  ]);
