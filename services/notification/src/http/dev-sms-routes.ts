import type { Express, Request } from 'express';
import { z } from 'zod';
import { parseInput, type Collection } from '@moba/platform';
import { escapeHtml } from '../mail/mailer';
import type { DevSmsDoc } from '../sms/dev-sms';
import type { SmsContext } from '../sms/queue-sms';
import { receiveSmsReply, replyPhone } from '../sms/sms-settings';

const SHOWN = 100;
const replySchema = z.object({ from: z.string().min(3).max(32), text: z.string().min(1).max(160) });
const FORM_LIMIT = 2048;

const isForm = (req: Request) =>
  /^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? '');

/** The reply form of the page (the JSON parser leaves a form post unread). */
async function formFields(req: Request): Promise<Record<string, string>> {
  let raw = '';
  for await (const chunk of req as AsyncIterable<Buffer>) {
    raw += chunk.toString('utf8');
    if (raw.length > FORM_LIMIT) break;
  }
  return Object.fromEntries(new URLSearchParams(raw.slice(0, FORM_LIMIT)));
}

/** The dev outbox of the dev:// SMS sender, and a form to text from a phone (START, STOP); never in production. */
export function devSmsRoutes(app: Express, outbox: Collection<DevSmsDoc>, ctx: SmsContext) {
  const latest = (to?: unknown) => {
    const phone = typeof to === 'string' && to.trim() ? (replyPhone(to) ?? to.trim()) : undefined;
    return outbox.find(phone ? { to: phone } : {}, { sort: { sentAt: -1 }, limit: SHOWN });
  };

  app.get('/dev/sms.json', async (req, res) => {
    res.json(await latest(req.query.to));
  });

  app.post('/dev/sms/reply', async (req, res) => {
    const form = isForm(req);
    const reply = parseInput(replySchema, form ? await formFields(req) : (req.body ?? {}));
    const result = await receiveSmsReply(ctx, reply);
    if (form) return res.redirect(303, '/dev/sms');
    res.json({ ok: true, ...result });
  });

  app.get('/dev/sms', async (req, res) => {
    const messages = await latest(req.query.to);
    const items = messages
      .map(
        (
          m,
        ) => `<li><article><p><b>To:</b> ${escapeHtml(m.to)} · <time>${escapeHtml(m.sentAt)}</time> · ${m.encoding}, ${m.parts} part(s), ${m.text.length} characters</p>
<pre>${escapeHtml(m.text)}</pre></article></li>`,
      )
      .join('\n');
    res.type('html').send(`<!doctype html><html><head><meta charset="utf-8"><title>Moba dev SMS</title>
<style>body{font-family:Arial,sans-serif;max-width:900px;margin:2em auto}li{margin-bottom:1em}article{border:1px solid #ccc;padding:.5em 1em}pre{white-space:pre-wrap}</style>
</head><body><h1>Dev SMS (${messages.length})</h1><p>SMS of the dev:// sender, newest first. Not available in production. A phone gets SMS only after it sends START.</p>
<form method="post" action="/dev/sms/reply"><label>Reply from <input name="from" placeholder="+381641234567" required></label>
<label>Text <input name="text" value="START" required></label> <button>Reply</button></form>
<ol>${items || '<li>No SMS yet.</li>'}</ol></body></html>`);
  });
}
