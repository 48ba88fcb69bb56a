import { timingSafeEqual } from 'node:crypto';
import type { Express, Request } from 'express';
import { updateSmsSettingsSchema } from '@moba/contracts';
import { parseInput, requireUser, unauthenticated, userOf, type TokenVerifier } from '@moba/platform';
import type { SmsContext } from '../sms/queue-sms';
import { readSmsSettings, receiveSmsReply, updateSmsSettings } from '../sms/sms-settings';
import { inboundFromInfobip } from '../sms/infobip-sms';
import type { NotificationStore } from '../store';
import { currentSession } from './notification-routes';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Infobip's inbound forwarding authenticates with basic auth; its password is SMS_INBOUND_SECRET. */
function inboundAllowed(req: Request, secret: string | undefined) {
  const header = req.headers.authorization ?? '';
  if (!secret || !header.startsWith('Basic ')) return false;
  const decoded = Buffer.from(header.slice(6), 'base64').toString();
  return sameSecret(decoded.slice(decoded.indexOf(':') + 1), secret);
}

/** The worker's SMS switch and language, and the provider's webhook for inbound SMS (START, STOP). */
export function smsRoutes(
  app: Express,
  ctx: SmsContext & { tokens: TokenVerifier; inboundSecret?: string },
  store: NotificationStore,
) {
  const worker = [requireUser(ctx.tokens, 'Worker'), currentSession(store)];

  app.get('/sms/settings', ...worker, async (req, res) => {
    res.json(await readSmsSettings(ctx, userOf(req).id));
  });

  app.put('/sms/settings', ...worker, async (req, res) => {
    const change = parseInput(updateSmsSettingsSchema, req.body ?? {});
    res.json(await updateSmsSettings(ctx, userOf(req).id, change));
  });

  app.post('/sms/inbound', async (req, res) => {
    if (!inboundAllowed(req, ctx.inboundSecret)) throw unauthenticated();
    let stopped = 0;
    let started = 0;
    let confirmed = 0;
    for (const reply of inboundFromInfobip(req.body)) {
      const result = await receiveSmsReply(ctx, reply);
      if (result.stopped) stopped++;
      if (result.started) started++;
      if (result.confirmed) confirmed++;
    }
    res.json({ ok: true, stopped, started, confirmed });
  });
}
