import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import type { EventEnvelope, Notification } from '@moba/contracts';
import { createMemoryFanoutHub, type BaseDeps, type Fanout } from '@moba/platform';
import { createTestDeps, eventually, startForTest, type TestClient } from '@moba/platform/testing';
import { loadNotificationConfig } from '../src/config';
import { createService, type NotificationService } from '../src/service';
import type { Mailer } from '../src/mail/mailer';
import type { SmsSender } from '../src/sms/sms-sender';
import { ApplicationAccepted } from '../src/messaging/consumed-events';

export type TestDeps = ReturnType<typeof createTestDeps>;

export interface StartedNotification {
  client: TestClient;
  service: NotificationService;
  deps: TestDeps;
  wsUrl(userId: string): string;
  publish(topic: string, event: EventEnvelope): Promise<void>;
  stop(): Promise<void>;
}

/** A notification service on port 0 with memory adapters; pass deps/fanout to build a second instance. */
export async function startNotification(
  options: {
    deps?: Partial<BaseDeps> & Partial<TestDeps>;
    fanout?: Fanout;
    mailer?: Mailer;
    smsSender?: SmsSender;
    env?: Record<string, string>;
  } = {},
): Promise<StartedNotification> {
  const deps = { ...createTestDeps(), ...options.deps } as TestDeps;
  const config = loadNotificationConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
  const service = await createService({
    ...deps,
    config,
    fanout: options.fanout,
    mailer: options.mailer,
    smsSender: options.smsSender,
  });
  const { client, stop } = await startForTest(service);
  return {
    client,
    service,
    deps,
    wsUrl: (userId) => `${client.url.replace('http://', 'ws://')}/ws/${userId}`,
    publish: (topic, event) => deps.bus.publish(topic, event),
    stop,
  };
}

export { createMemoryFanoutHub };

export interface TestSocket {
  ws: WebSocket;
  received: Notification[];
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  isOpen(): boolean;
  close(): void;
}

/** Opens a socket to the live channel and sends the greeting (unless greeting is null). */
export async function openSocket(
  url: string,
  greeting: unknown,
  options: { origin?: string; headers?: Record<string, string>; autoPong?: boolean } = {},
): Promise<TestSocket> {
  const ws = new WebSocket(url, {
    origin: options.origin,
    headers: options.headers,
    autoPong: options.autoPong ?? true,
  });
  const received: Notification[] = [];
  let open = false;
  ws.on('message', (data) => received.push(JSON.parse(data.toString())));
  ws.on('error', () => {});
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => {
      open = false;
      resolve({ code, reason: reason.toString() });
    }),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => {
      open = true;
      resolve();
    });
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
  if (greeting !== null) ws.send(typeof greeting === 'string' ? greeting : JSON.stringify(greeting));
  return { ws, received, closed, isOpen: () => open, close: () => ws.close() };
}

/** Waits until `service` counts the user's greeted sockets. */
export async function socketsReady(service: NotificationService, userId: string, count: number) {
  await eventually(async () => service.live.openSockets(userId) >= count, `${count} sockets of ${userId}`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type AcceptedData = Parameters<typeof ApplicationAccepted.create>[1];

/** One place on a moba accepted (a guest's when workerId is null); `more` adds or changes fields. */
export const applicationAccepted = (
  moba: { vacancyId: string; estateId: string },
  workerId: string | null,
  more: Partial<AcceptedData> = {},
) =>
  ApplicationAccepted.create(randomUUID(), {
    applicationId: randomUUID(),
    ...moba,
    workerId,
    guest: workerId === null,
    positions: 1,
    ...more,
  });
