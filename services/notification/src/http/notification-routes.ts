import type { Express, Request, RequestHandler } from 'express';
import { contactUsBodySchema, readNotificationsBodySchema } from '@moba/contracts';
import {
  optionalUser,
  parseInput,
  requireUser,
  SessionRefused,
  userOf,
  type Clock,
  type TokenVerifier,
} from '@moba/platform';
import { listNotifications } from '../list-notifications/list-notifications';
import { readNotifications } from '../read-notifications/read-notifications';
import { sendContactMessage, type ContactUsContext } from '../contact-us/contact-us';
import { rememberUserRole } from '../track-user-state/track-user-state';
import type { NotificationStore } from '../store';

export interface NotificationRoutesContext {
  store: NotificationStore;
  clock: Clock;
  tokens: TokenVerifier;
  contact: ContactUsContext;
}

/**
 * An admin's own verified token proves the role: remember them for contact notifications (the first
 * admin is created without a UserRegistered event). Called only once the request's input is
 * accepted, so a refused request writes nothing.
 */
async function learnAdmin(store: NotificationStore, user: Request['user']): Promise<void> {
  if (user?.role === 'Admin' && !(await store.users.findOne({ _id: user.id, role: 'Admin' }))) {
    await rememberUserRole(store, user.id, 'Admin');
  }
}

/**
 * The gateway refuses banned users and revoked tokens; the service checks again from its own replica
 * of the auth events (same codes as the gateway).
 */
export const currentSession =
  (store: NotificationStore): RequestHandler =>
  async (req, _res, next) => {
    const user = userOf(req);
    const state = await store.users.findOne({ _id: user.id });
    if (state?.banned) return next(new SessionRefused('AUTH.BANNED', 'the account is banned'));
    if (state && user.tokenVersion < state.tokenVersion)
      return next(new SessionRefused('AUTH.TOKEN_REVOKED', 'session ended, log in again'));
    next();
  };

export function notificationRoutes(app: Express, ctx: NotificationRoutesContext) {
  const signedIn = [requireUser(ctx.tokens), currentSession(ctx.store)];

  app.get('/notifications/all', ...signedIn, async (req, res) => {
    await learnAdmin(ctx.store, req.user);
    res.json(await listNotifications(ctx.store, ctx.clock, userOf(req).id));
  });

  app.post('/notifications/read', ...signedIn, async (req, res) => {
    const body = parseInput(readNotificationsBodySchema, req.body ?? {});
    await learnAdmin(ctx.store, req.user);
    const count = await readNotifications(ctx.store, ctx.clock, { userId: userOf(req).id, ...body });
    res.json({ ok: true, count });
  });

  app.post('/contact-us', optionalUser(ctx.tokens), async (req, res) => {
    const body = parseInput(contactUsBodySchema, req.body);
    await learnAdmin(ctx.store, req.user);
    const { id } = await sendContactMessage(ctx.contact, body, req.user?.id);
    res.status(201).json({ ok: true, id });
  });
}
