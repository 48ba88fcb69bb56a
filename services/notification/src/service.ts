import {
  createFanout,
  createOutboxRelay,
  observeOpenSockets,
  httpService,
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
import { smsRoutes } from './http/sms-routes';
import { devSmsRoutes } from './http/dev-sms-routes';
import { openSmsStore } from './sms/sms-store';
import { createSmsSender } from './sms/create-sms-sender';
import type { SmsSender } from './sms/sms-sender';
import { openDevSmsOutbox } from './sms/dev-sms';
import { createSmsJob, type SmsJob } from './sms/sms-job';
import { openSmsReplies } from './sms/confirmation-replies';
import { broadcastRoutes } from './http/broadcast-routes';
import { markBroadcastPushed, recordBroadcastSms } from './broadcast-deliveries';
import { openJobAlertStore } from './job-alerts/job-alert-store';
import { refileJobAlerts } from './job-alerts/file-job-alert/file-job-alert';
import { stopJobAlertsOfPhone } from './job-alerts/stop-job-alerts/stop-job-alerts';
import { jobAlertRoutes } from './http/job-alert-routes';
import { subscribeToJobAlertEvents } from './messaging/job-alert-subscriptions';

export interface NotificationDeps extends BaseDeps {
  config: NotificationConfig;
  /** Push fan-out across instances; without it one is built from FANOUT_URL (memory:// = this instance only). */
  fanout?: Fanout;
  /** Without it one is built from MAIL_URL. */
  mailer?: Mailer;
  /** Without it one is built from SMS_URL. */
  smsSender?: SmsSender;
}

export interface NotificationService extends Service {
  /** The live channel of this instance (tests and the bench count its sockets). */
  live: LiveChannel;
  /** The SMS job (tests run it once instead of waiting for its timer). */
  sms: SmsJob;
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
    onDelivered: (_userId, notification) =>
      void markBroadcastPushed(store, clock, notification).catch((err: unknown) =>
        logger.warn({ err }, 'recording a broadcast delivery failed'),
      ),
  });
  const sms = await openSmsStore(deps.store);
  const smsSender = deps.smsSender ?? (await createSmsSender(config.SMS_URL, deps.store, () => clock.now()));
  const smsJob = createSmsJob({
    sms,
    clock,
    logger,
    sender: smsSender,
    config,
    onSettled: (doc, status) => recordBroadcastSms(store, clock, doc, status),
  });
  // DA / NE replies leave as SmsConfirmationReceived through this service's one outbox.
  const replies = await openSmsReplies(deps.store);
  const relay = createOutboxRelay({ bus: deps.bus, collections: [replies] as never, logger, clock });
  const alerts = await openJobAlertStore(deps.store);
  const jobAlerts = { alerts, sms, clock };
  const inboundSms = {
    ...smsJob.context,
    confirmationReplies: { replies, relay },
    stopJobAlerts: (phone: string) => stopJobAlertsOfPhone(jobAlerts, phone),
  };
  const core = { store, documentStore: deps.store, clock, live, logger };
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
  const devSms =
    config.NODE_ENV !== 'production' && config.SMS_URL.startsWith('dev://')
      ? await openDevSmsOutbox(deps.store)
      : undefined;
  if (config.NODE_ENV === 'production' && config.SMS_URL.startsWith('dev://')) {
    logger.warn('SMS_URL is dev:// in production: SMS are stored, not sent');
  }

  let stopObservingSockets: (() => void) | undefined;
  const lifecycle = httpService(
    {
      name: 'notification',
      logger,
      routes: (app) => {
        notificationRoutes(app, { store, clock, tokens, contact });
        smsRoutes(app, { ...inboundSms, tokens, inboundSecret: config.SMS_INBOUND_SECRET }, store);
        broadcastRoutes(app, { store, tokens });
        jobAlertRoutes(app, { ...jobAlerts, tokens }, store);
        smsRoutes(app, { ...smsJob.context, tokens, inboundSecret: config.SMS_INBOUND_SECRET }, store);
        if (mailbox) devMailboxRoutes(app, mailbox);
        if (devSms) devSmsRoutes(app, devSms, inboundSms);
      },
    },
    {
      start: async () => {
        await subscribeToEvents({
          ...core,
          bus: deps.bus,
          mailer,
          sms: smsJob.context,
          publicUrl: config.PUBLIC_URL,
        });
        const refiled = await refileJobAlerts(alerts);
        if (refiled) logger.info({ alerts: refiled }, 'filed the stored job alerts in the new alert index');
        await subscribeToJobAlertEvents({
          ...core,
          ...jobAlerts,
          smsQueue: { ...smsJob.context, publicUrl: config.PUBLIC_URL },
          bus: deps.bus,
        });
        smsJob.start();
        relay.start();
      },
      onListen: ({ server }) => {
        live.attach(server);
        // The notification HPA scales on this (k8s/hpa.yaml).
        stopObservingSockets ??= observeOpenSockets(() => ({ '': live.openSockets() }));
      },
      stop: async () => {
        stopObservingSockets?.();
        await smsJob.stop();
        await relay.stop();
        await smsSender.close();
        await mailer.close();
        if (!deps.fanout) await fanout.close();
      },
    },
  );
  return {
    ...lifecycle,
    live,
    sms: smsJob,
    async stop(graceMs?: number) {
      // Upgraded sockets keep the HTTP server open: close them first (1001: the client reconnects).
      await live.close();
      await lifecycle.stop(graceMs);
    },
  };
}
