import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { mailSends, type DocumentStore } from '@moba/platform';
import { normaliseEmail } from '@moba/contracts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

/** The Mailer port: dev:// keeps mails in the dev mailbox, smtp(s):// sends them with nodemailer. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

export interface DevMailDoc {
  _id: string;
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
  /** The links of the text part, so the mailbox page and tests can follow them. */
  links: string[];
}

export const DEV_MAILBOX_COLLECTION = 'dev_mailbox';

export const linksIn = (text: string) => [...new Set(text.match(/https?:\/\/[^\s<>"']+/g) ?? [])];

export const openDevMailbox = (store: DocumentStore) =>
  store.collection<DevMailDoc>(DEV_MAILBOX_COLLECTION, { indexes: [{ fields: ['sentAt'] }] });

export async function createDevMailer(
  store: DocumentStore,
  from: string,
  now: () => Date = () => new Date(),
): Promise<Mailer> {
  const mailbox = await openDevMailbox(store);
  return {
    async send(mail) {
      await mailbox.insertOne({
        _id: randomUUID(),
        from,
        ...mail,
        to: normaliseEmail(mail.to),
        sentAt: now().toISOString(),
        links: linksIn(mail.text),
      });
    },
    async close() {},
  };
}

export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    async close() {
      transport.close();
    },
  };
}

/** Picks the adapter by MAIL_URL scheme; every send is counted by outcome (moba_mail_sends_total). */
export async function createMailer(
  url: string,
  from: string,
  store: DocumentStore,
  now?: () => Date,
): Promise<Mailer> {
  if (url.startsWith('dev://')) return countedMailer(await createDevMailer(store, from, now));
  if (url.startsWith('smtp://') || url.startsWith('smtps://'))
    return countedMailer(createSmtpMailer(url, from));
  throw new Error(`no mailer for ${url} (known: dev://, smtp://, smtps://)`);
}

function countedMailer(mailer: Mailer): Mailer {
  return {
    async send(mail) {
      try {
        await mailer.send(mail);
      } catch (error) {
        mailSends.inc({ outcome: 'failed' });
        throw error;
      }
      mailSends.inc({ outcome: 'sent' });
    },
    close: () => mailer.close(),
  };
}

export const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
