import { z } from 'zod';
import { commandTopics, languageSchema, SendPasswordResetMail, SendVerificationMail } from '@moba/contracts';
import { idempotentHandler, type DocumentStore, type EventBus } from '@moba/platform';
import type { Mailer } from '../mail/mailer';
import { sendAccountMail } from '../send-account-mail/send-account-mail';

/** The fields of a mail command this service reads (the auth service may add more). */
const accountMail = z.object({
  userId: z.string().min(1),
  email: z.email(),
  fullName: z.string(),
  link: z.url({ protocol: /^https?$/ }),
  expiresAt: z.string().optional(),
  language: languageSchema.optional(),
});

/**
 * The auth service's private mail commands (a confirmation or reset link carries a token, so it
 * travels on its own topic with one reader and a short retention, never on auth.v1).
 */
export async function subscribeToMailCommands(
  ctx: { bus: EventBus; documentStore: DocumentStore; mailer: Mailer },
  group: string,
) {
  const handler = await idempotentHandler(
    ctx.documentStore,
    `${group}:${commandTopics.mail}`,
    async (command) => {
      if (SendVerificationMail.is(command))
        await sendAccountMail(ctx.mailer, 'verifyEmail', accountMail.parse(command.data));
      else if (SendPasswordResetMail.is(command))
        await sendAccountMail(ctx.mailer, 'resetPassword', accountMail.parse(command.data));
    },
  );
  await ctx.bus.subscribe(commandTopics.mail, group, handler);
}
