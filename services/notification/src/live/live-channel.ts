import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import {
  uuidV4Schema,
  WS_MAX_CLIENT_MESSAGE_BYTES,
  wsCloseCodes,
  wsGreetingSchema,
  type Notification,
} from '@moba/contracts';
import type { Fanout, Logger, TokenVerifier } from '@moba/platform';
import type { NotificationStore } from '../store';

/** What instances tell each other through the Fanout port. */
type FanoutMessage =
  | { t: 'notification'; notification: Notification }
  | { t: 'close'; code: number; reason: string; tokenVersionBelow?: number; sessionId?: string };

interface LiveSocket {
  ws: WebSocket;
  userId: string;
  tokenVersion: number;
  /** The greeting token's session (a logout closes it). */
  sessionId?: string;
  alive: boolean;
  /** Epoch ms when the greeting token expires; the heartbeat closes the socket then (4401). */
  expiresAt: number;
  /** Set after the greeting passed every check; only ready sockets get notifications. */
  ready: boolean;
}

export interface LiveChannelOptions {
  fanout: Fanout;
  tokens: TokenVerifier;
  store: NotificationStore;
  logger: Logger;
  allowedOrigins: string[];
  heartbeatMs: number;
  greetingTimeoutMs: number;
  maxSocketsPerUser: number;
  /** Called on the instance that wrote a notification to at least one open socket of its user. */
  onDelivered?: (userId: string, notification: Notification) => void;
}

export interface LiveChannel {
  /** Serves the WebSocket upgrade at /ws/{userId} on the service's own HTTP server. */
  attach(server: Server): void;
  /** Pushes a notification to every open socket of the user, on every instance. */
  push(userId: string, notification: Notification): Promise<void>;
  /** push for several notifications at once (one message between instances for all). */
  pushMany(notifications: { userId: string; notification: Notification }[]): Promise<void>;
  /** Closes the user's sockets on every instance (all, or those greeted with an older token version). */
  closeUser(userId: string, code: number, reason: string, tokenVersionBelow?: number): Promise<void>;
  /** Closes the sockets greeted with one session's token, on every instance (that session logged out). */
  closeSession(userId: string, sessionId: string, code: number, reason: string): Promise<void>;
  /** Sockets of this instance that passed the greeting (for one user, or all). */
  openSockets(userId?: string): number;
  close(): Promise<void>;
}

const WS_PATH = /^\/(?:api\/)?ws\/([^/]+)\/?$/;

function refuseUpgrade(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * Cross-site WebSocket hijacking guard: a browser always sends Origin; it must be in the allow-list or
 * be the page's own origin (the Host the browser reached, possibly forwarded by the gateway).
 * Non-browser clients send no Origin and prove themselves with the greeting token only.
 */
export function originAllowed(req: IncomingMessage, allowedOrigins: string[]): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (allowedOrigins.includes(parsed.origin)) return true;
  const forwarded = req.headers['x-forwarded-host'];
  const hosts = [req.headers.host, ...(Array.isArray(forwarded) ? forwarded : [forwarded])]
    .flatMap((h) => (h ?? '').split(','))
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return hosts.includes(parsed.host.toLowerCase());
}

/** The exp claim of a token that already passed verification (the verifier does not hand it out). */
function expiryOf(token: string): number {
  try {
    const exp = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).exp;
    return typeof exp === 'number' ? exp * 1000 : Infinity;
  } catch {
    return Infinity;
  }
}

export function createLiveChannel(options: LiveChannelOptions): LiveChannel {
  const { fanout, tokens, store, logger, heartbeatMs, greetingTimeoutMs, maxSocketsPerUser } = options;
  const allowedOrigins = options.allowedOrigins.map((o) => new URL(o).origin);
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: WS_MAX_CLIENT_MESSAGE_BYTES,
    perMessageDeflate: false,
    clientTracking: false,
  });
  const all = new Set<LiveSocket>();
  const byUser = new Map<string, Set<LiveSocket>>();
  const servers = new Set<Server>();

  const forget = (live: LiveSocket) => {
    all.delete(live);
    const mine = byUser.get(live.userId);
    if (mine?.delete(live) && mine.size === 0) byUser.delete(live.userId);
  };

  const closeSocket = (live: LiveSocket, code: number, reason: string) => {
    live.ready = false;
    if (live.ws.readyState === WebSocket.OPEN || live.ws.readyState === WebSocket.CONNECTING)
      live.ws.close(code, reason);
    forget(live);
  };

  fanout.onMessage((userId, message) => {
    const sockets = byUser.get(userId);
    if (!sockets) return;
    const m = message as FanoutMessage;
    if (m.t === 'notification') {
      const frame = JSON.stringify(m.notification);
      let written = 0;
      for (const live of sockets)
        if (live.ready && live.ws.readyState === WebSocket.OPEN) {
          live.ws.send(frame);
          written++;
        }
      if (written > 0) options.onDelivered?.(userId, m.notification);
    } else if (m.t === 'close') {
      for (const live of [...sockets]) {
        if (m.sessionId !== undefined && live.sessionId !== m.sessionId) continue;
        if (m.tokenVersionBelow === undefined || live.tokenVersion < m.tokenVersionBelow)
          closeSocket(live, m.code, m.reason);
      }
    }
  });

  /** The greeting {token}: valid session token, subject = path user, not banned, not older than the latest token version. */
  const greet = async (live: LiveSocket, data: RawData, isBinary: boolean) => {
    let greeting: unknown;
    try {
      greeting = isBinary ? undefined : JSON.parse(data.toString());
    } catch {
      greeting = undefined;
    }
    const parsed = wsGreetingSchema.safeParse(greeting);
    const user = parsed.success ? await tokens.verify(parsed.data.token) : null;
    if (live.ws.readyState !== WebSocket.OPEN) return;
    if (!user || user.id !== live.userId)
      return closeSocket(live, wsCloseCodes.unauthenticated, 'unauthenticated');
    live.tokenVersion = user.tokenVersion;
    live.sessionId = user.sessionId;
    live.expiresAt = expiryOf(parsed.success ? parsed.data.token : '');
    // Register before reading the replica: a ban handled meanwhile either shows in the replica or finds this socket.
    const mine = byUser.get(live.userId) ?? new Set<LiveSocket>();
    byUser.set(live.userId, mine);
    mine.add(live);
    const state = await store.users.findOne({ _id: live.userId });
    if (!all.has(live) || live.ws.readyState !== WebSocket.OPEN) return;
    if (state?.banned) return closeSocket(live, wsCloseCodes.banned, 'banned');
    if (state && user.tokenVersion < state.tokenVersion)
      return closeSocket(live, wsCloseCodes.unauthenticated, 'token revoked');
    if (user.sessionId && state?.endedSessions?.some((s) => s.sessionId === user.sessionId))
      return closeSocket(live, wsCloseCodes.unauthenticated, 'session ended');
    if (mine.size > maxSocketsPerUser) {
      const oldest = [...mine].find((s) => s !== live);
      if (oldest) closeSocket(oldest, 1008, 'too many sockets');
    }
    live.ready = true;
  };

  const onConnection = (ws: WebSocket, userId: string) => {
    const live: LiveSocket = { ws, userId, tokenVersion: 0, alive: true, expiresAt: Infinity, ready: false };
    all.add(live);
    let greeted = false;
    const timer = setTimeout(() => {
      if (!greeted) closeSocket(live, wsCloseCodes.unauthenticated, 'no greeting');
    }, greetingTimeoutMs);
    timer.unref();
    ws.on('pong', () => {
      live.alive = true;
    });
    ws.on('message', (data, isBinary) => {
      if (greeted) return; // the client has nothing more to say; later frames are ignored
      greeted = true;
      clearTimeout(timer);
      greet(live, data, isBinary).catch((err) => {
        logger.warn({ err }, 'live channel greeting failed');
        closeSocket(live, 1011, 'internal error');
      });
    });
    ws.on('close', () => {
      clearTimeout(timer);
      forget(live);
    });
    ws.on('error', (err) => logger.debug({ err }, 'live socket error'));
  };

  const heartbeat = setInterval(() => {
    const now = Date.now();
    for (const live of all) {
      if (live.expiresAt <= now) {
        closeSocket(live, wsCloseCodes.unauthenticated, 'token expired');
        continue;
      }
      if (!live.alive) {
        live.ws.terminate();
        forget(live);
        continue;
      }
      live.alive = false;
      try {
        live.ws.ping();
      } catch {
        forget(live);
      }
    }
  }, heartbeatMs);
  heartbeat.unref();

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const match = WS_PATH.exec(new URL(req.url ?? '/', 'http://localhost').pathname);
    if (!match) return refuseUpgrade(socket, 404, 'Not Found');
    const userId = match[1];
    if (!uuidV4Schema.safeParse(userId).success) return refuseUpgrade(socket, 400, 'Bad Request');
    if (!originAllowed(req, allowedOrigins)) return refuseUpgrade(socket, 403, 'Forbidden');
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, userId));
  };

  return {
    attach(server) {
      servers.add(server);
      server.on('upgrade', onUpgrade);
    },
    async push(userId, notification) {
      await fanout.publish(userId, { t: 'notification', notification } satisfies FanoutMessage);
    },
    async pushMany(notifications) {
      await fanout.publishMany(
        notifications.map(({ userId, notification }) => ({
          userId,
          message: { t: 'notification', notification } satisfies FanoutMessage,
        })),
      );
    },
    async closeUser(userId, code, reason, tokenVersionBelow) {
      await fanout.publish(userId, {
        t: 'close',
        code,
        reason,
        ...(tokenVersionBelow === undefined ? {} : { tokenVersionBelow }),
      } satisfies FanoutMessage);
    },
    async closeSession(userId, sessionId, code, reason) {
      await fanout.publish(userId, { t: 'close', code, reason, sessionId } satisfies FanoutMessage);
    },
    openSockets(userId) {
      const sockets = userId ? [...(byUser.get(userId) ?? [])] : [...byUser.values()].flatMap((s) => [...s]);
      return sockets.filter((s) => s.ready).length;
    },
    async close() {
      clearInterval(heartbeat);
      for (const server of servers) server.off('upgrade', onUpgrade);
      servers.clear();
      for (const live of [...all]) {
        live.ws.close(1001, 'going away');
        forget(live);
      }
      wss.close();
    },
  };
}
