import { randomUUID } from 'node:crypto';
import {
  CONTACT_SEND_ERROR_TEXT,
  notificationErrorCodes,
  notificationKeys,
  type ContactUsBody,
} from '@moba/contracts';
import { AppError } from '@moba/platform';
import {
  createNotifications,
  type CreateNotificationsContext,
} from '../create-notification/create-notification';
import { escapeHtml, type Mailer } from '../mail/mailer';
import type { ContactMessageDoc } from '../store';
import { adminIds } from '../admins';

export interface ContactUsContext extends CreateNotificationsContext {
  mailer: Mailer;
  teamEmail: string;
  configuredAdminIds: string[];
}

/** How much of the message the admins' notification shows. */
const EXCERPT_LENGTH = 140;

export const contactSendError = () =>
  new AppError(
    notificationErrorCodes.CONTACT_SEND_ERROR,
    CONTACT_SEND_ERROR_TEXT,
    undefined,
    CONTACT_SEND_ERROR_TEXT,
  );

/**
 * A contact message from a visitor or a user: stored, mailed to the team (reply goes to the sender)
 * and announced to every admin. If it cannot be stored or mailed the sender gets 'contact send error'
 * (the stored message stays, marked failed, and the admins still see it).
 */
export async function sendContactMessage(ctx: ContactUsContext, body: ContactUsBody, senderId?: string) {
  const doc: ContactMessageDoc = {
    _id: randomUUID(),
    name: body.name,
    email: body.email,
    message: body.message,
    ...(senderId ? { userId: senderId } : {}),
    receivedAt: ctx.clock.now().toISOString(),
    mailStatus: 'pending',
  };
  try {
    await ctx.store.contactMessages.insertOne(doc);
  } catch (err) {
    ctx.logger.error({ err }, 'contact message could not be stored');
    throw contactSendError();
  }

  let mailed = true;
  try {
    await ctx.mailer.send({
      to: ctx.teamEmail,
      replyTo: body.email,
      subject: `Moba contact: ${body.name}`,
      text: `From: ${body.name} <${body.email}>${senderId ? `\nUser: ${senderId}` : ''}\nReceived: ${doc.receivedAt}\n\n${body.message}`,
      html: `<p><b>From:</b> ${escapeHtml(body.name)} &lt;${escapeHtml(body.email)}&gt;${senderId ? `<br><b>User:</b> ${senderId}` : ''}<br><b>Received:</b> ${doc.receivedAt}</p><p style="white-space:pre-wrap">${escapeHtml(body.message)}</p>`,
    });
  } catch (err) {
    mailed = false;
    ctx.logger.error({ err, contactMessageId: doc._id }, 'contact message could not be mailed to the team');
  }
  await ctx.store.contactMessages.updateOne(
    { _id: doc._id },
    { $set: { mailStatus: mailed ? 'sent' : 'failed' } },
  );

  const excerpt =
    body.message.length > EXCERPT_LENGTH ? `${body.message.slice(0, EXCERPT_LENGTH)}…` : body.message;
  const admins = await adminIds(ctx.store, ctx.configuredAdminIds);
  await createNotifications(
    ctx,
    admins.map((userId) => ({
      userId,
      key: notificationKeys.contactMessage,
      params: { contactMessageId: doc._id, name: body.name, email: body.email, excerpt },
    })),
    doc._id,
  );
  if (!mailed) throw contactSendError();
  return { id: doc._id };
}
