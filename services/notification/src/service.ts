import {
  createFanout,
  createHttpApp,
  serviceLifecycle,
  type BaseDeps,
  type Fanout,
  type Service,
} from '@moba/platform';
import type { NotificationConfig } from './config';
import { openNotificationStore } from './store';
import { createLiveChannel, type LiveChannel } from './live/live-channel';
import { createMailer, openDevMailbox, type Mailer } from './mail/mailer';
import { notificationRoutes } from './http/notification-routes';
import { devMailboxRoutes } from './http/dev-mailbox-routes';
import { subscribeToEvents } from './messaging/subscriptions';

export interface NotificationDeps extends BaseDeps {
  config: NotificationConfig;
  /** Push fan-out across instances; without it one is built from FANOUT_URL (memory:// = this instance only). */
  fanout?: Fanout;
  /** Without it one is built from MAIL_URL. */
  mailer?: Mailer;
}

export interface NotificationService extends Service {
  /** The live channel of this instance (tests and the bench count its sockets). */
  live: LiveChannel;
}

/** The one wiring point of the notification service: store, routes, event handlers, live channel, lifecycle. */
export async function createService(deps: NotificationDeps): Promise<NotificationService> {
  const { config, logger, clock, tokens } = deps;
  const store = await openNotificationStore(deps.store);
  const fanout = deps.fanout ?? (await createFanout(config.FANOUT_URL));
  const mailer =
    deps.mailer ?? (await createMailer(config.MAIL_URL, config.MAIL_FROM, deps.store, () => clock.now()));
  const live = createLiveChannel({
    fanout,
    tokens,
    store,
    logger,
    allowedOrigins: config.ALLOWED_ORIGINS,
    heartbeatMs: config.WS_HEARTBEAT_MS,
    greetingTimeoutMs: config.WS_GREETING_TIMEOUT_MS,
    maxSocketsPerUser: config.WS_MAX_SOCKETS_PER_USER,
  });
  const core = { store, clock, live, logger };
  const contact = {
    ...core,
    mailer,
    teamEmail: config.TEAM_EMAIL,
    configuredAdminIds: config.ADMIN_USER_IDS,
  };
  const devMailbox = config.NODE_ENV !== 'production' && config.MAIL_URL.startsWith('dev://');
  if (config.NODE_ENV === 'production' && config.MAIL_URL.startsWith('dev://')) {
    logger.warn('MAIL_URL is dev:// in production: mails are stored, not sent');
  }

  const mailbox = devMailbox ? await openDevMailbox(deps.store) : undefined;

  const app = createHttpApp({
    name: 'notification',
    logger,
    routes: (app) => {
      notificationRoutes(app, { store, clock, tokens, contact });
      if (mailbox) devMailboxRoutes(app, mailbox);
    },
  });

  const lifecycle = serviceLifecycle(app, {
    start: () => subscribeToEvents({ ...core, bus: deps.bus, documentStore: deps.store, mailer }),
    onListen: ({ server }) => live.attach(server),
    stop: async () => {
      await mailer.close();
      if (!deps.fanout) await fanout.close();
    },
  });
  return {
    ...lifecycle,
    live,
    async stop() {
      // Upgraded sockets keep the HTTP server open: close them first.
      await live.close();
      await lifecycle.stop();
    },
  };
}
