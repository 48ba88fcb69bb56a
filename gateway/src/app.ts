import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import helmet from 'helmet';
import {
  bearerToken,
  currentTraceparent,
  traceHttpRequest,
  logAccess,
  METRICS_PATH,
  PROBE_PATHS,
  processReadiness,
  REQUEST_ID_HEADER,
  type Readiness,
  type Logger,
  type MovableClock,
  type TokenVerifier,
  type WindowCounter,
  clientKey,
} from '@moba/platform';
import { createRouteMatcher, routeTable, type RouteSpec, type ServiceName } from './route-table';
import { createRateLimiter } from './middleware/rate-limit';
import { createServiceProxies } from './proxy';
import { createStaticSite } from './static-site';
import { createLiveCounts, LIVE_COUNT_PAGES } from './live-counts';
import { createMobaPreview } from './moba-preview';
import { checkHealth } from './health';
import { buildOpenApi } from './openapi';
import { sendError, sendJson } from './respond';
import type { TokenStateReplica } from './token-state';
import { stampClientAddress } from './client-address';
import { createGatewayMetrics, type GatewayMetrics } from './metrics';

export interface GatewayOptions {
  serviceUrls: Record<ServiceName, string[]>;
  tokens: TokenVerifier;
  tokenState: TokenStateReplica;
  logger: Logger;
  webDist: string;
  corsOrigins?: string[];
  proxyTimeoutMs?: number;
  /** Requests that may wait for one service instance at once (PROXY_QUEUE_LIMIT); more get 503. */
  proxyQueueLimit?: number;
  rateLimitWindowMs?: number;
  rateLimitScale?: number;
  /** Rate-limit windows shared with the other gateway instances (Redis); none: this instance counts alone. */
  rateCounter?: WindowCounter | null;
  /**
   * Proxies in front of the gateway whose X-Forwarded-For entry is trusted (client-address.ts); 0: none.
   * The address decided goes to the services in CLIENT_ADDRESS_HEADER.
   */
  trustedProxyHops?: number;
  /** Development only: the clock every service runs on, which /api/dev/clock shows and moves. */
  devClock?: MovableClock;
  /** Development only: /dev/* (the dev mailbox) goes to the notification service. */
  devMailbox?: boolean;
  routes?: RouteSpec[];
  /** What /readyz asks (token states loaded, consumers running, draining); the process's by default. */
  readiness?: Readiness;
  metrics?: GatewayMetrics;
  /**
   * METRICS_PORT=0: /metrics is answered on the main port (else the SPA would answer it). Off when a
   * metrics port serves it, so the public port does not show the process's internals.
   */
  metricsOnMainPort?: boolean;
  /** The product's public address, for the absolute links of link previews (og:url); else the request's host. */
  publicUrl?: string;
  /** A server already listening (the embedded runtime binds its port before the services start). */
  server?: http.Server;
}

const securityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'style-src': ["'self'", "'unsafe-inline'"],
      'connect-src': ["'self'"],
      'upgrade-insecure-requests': null,
    },
  },
});

/**
 * helmet's headers that matter for JSON answers, set on every /api answer (the gateway's own refusals
 * included); a proxied answer keeps them unless the service sets its own (services run helmet too).
 */
const API_SECURITY_HEADERS: [string, string][] = [
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['referrer-policy', 'no-referrer'],
];

/**
 * The gateway: route table → service, token and coarse role check, token revocation, rate limits,
 * CORS allow-list, the SPA. It parses no bodies and holds no business rules.
 */
export function createGateway(options: GatewayOptions) {
  const { serviceUrls, tokens, tokenState, logger } = options;
  const readiness = options.readiness ?? processReadiness;
  const metrics = options.metrics ?? createGatewayMetrics();
  const match = createRouteMatcher(options.routes ?? routeTable);
  const proxies = createServiceProxies(serviceUrls, options.proxyTimeoutMs ?? 15_000, logger, {
    queueLimit: options.proxyQueueLimit,
  });
  const limiter = createRateLimiter(
    options.rateLimitWindowMs ?? 60_000,
    options.rateLimitScale ?? 1,
    options.rateCounter,
    logger,
  );
  const liveCounts = createLiveCounts(serviceUrls.vacancy?.[0], logger);
  const mobaPreview = createMobaPreview(serviceUrls.vacancy?.[0], logger, { publicUrl: options.publicUrl });
  const site = createStaticSite(options.webDist, [
    { paths: LIVE_COUNT_PAGES, fill: liveCounts.fill },
    mobaPreview,
  ]);
  const corsOrigins = new Set(options.corsOrigins ?? []);
  const trustedProxyHops = options.trustedProxyHops ?? 0;
  const openApi = buildOpenApi(options.routes ?? routeTable, {
    development: Boolean(options.devClock || options.devMailbox),
  });

  /** Same origin, no origin (non-browser clients), or an allowed one. */
  const originAllowed = (req: IncomingMessage) => {
    const origin = req.headers.origin;
    if (!origin) return true;
    if (corsOrigins.has(origin)) return true;
    try {
      return new URL(origin).host === req.headers.host;
    } catch {
      return false;
    }
  };

  async function authorize(route: RouteSpec, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (route.access === 'public') return true;
    const token = bearerToken(req.headers.authorization);
    const user = token ? await tokens.verify(token) : null;
    if (!user) {
      sendError(res, 401, 'UNAUTHENTICATED', 'authentication required');
      return false;
    }
    const refusal = tokenState.refusal(user);
    if (refusal) {
      sendError(
        res,
        401,
        refusal === 'banned' ? 'AUTH.BANNED' : 'AUTH.TOKEN_REVOKED',
        refusal === 'banned' ? 'the account is banned' : 'session ended, log in again',
      );
      return false;
    }
    if (route.access !== 'user' && !route.access.includes(user.role)) {
      sendError(res, 403, 'FORBIDDEN', 'not allowed for your role');
      return false;
    }
    return true;
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, path: string) {
    const client = stampClientAddress(req, trustedProxyHops);
    for (const [name, value] of API_SECURITY_HEADERS) res.setHeader(name, value);
    const origin = req.headers.origin;
    if (origin && corsOrigins.has(origin)) {
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('vary', 'origin');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'access-control-allow-methods': 'GET, POST, PUT, DELETE',
          'access-control-allow-headers': 'authorization, content-type, x-request-id',
          'access-control-max-age': '600',
        });
        res.end();
        return;
      }
    }
    if (path === '/api/healthz') {
      const { up, body } = await checkHealth(serviceUrls);
      return sendJson(res, up ? 200 : 503, body);
    }
    if (path === '/api/docs' && req.method === 'GET') return sendJson(res, 200, openApi);
    if (path === '/api/dev/clock' && options.devClock) return moveClock(req, res, options.devClock);
    if (path.startsWith('/api/internal/')) return sendError(res, 404, 'NOT_FOUND', 'not found');

    const route = match(req.method ?? 'GET', path.slice(4));
    metrics.observe(req, res, route ? route.path : '(unmatched)');
    routeNames.set(req, `${req.method} /api${route ? route.path : ' (unmatched)'}`);
    if (!route) return sendError(res, 404, 'NOT_FOUND', `no route ${req.method} ${path}`);
    if (route.rateLimit) {
      const decision = await limiter.check(route.rateLimit, clientKey(client));
      res.setHeader('ratelimit-limit', String(decision.limit));
      res.setHeader('ratelimit-remaining', String(decision.remaining));
      res.setHeader('ratelimit-reset', String(decision.resetSeconds));
      if (!decision.allowed) {
        return sendError(res, 429, 'RATE_LIMITED', 'too many requests, try again later', {
          'retry-after': String(decision.resetSeconds),
        });
      }
    }
    if (!(await authorize(route, req, res))) return;
    // The service continues this request's trace (its server span is a child of the gateway's).
    const traceparent = currentTraceparent();
    if (traceparent) req.headers.traceparent = traceparent;
    proxies.forward(route.service, req, res);
  }

  const routeNames = new WeakMap<IncomingMessage, string>();
  const handler = (req: IncomingMessage, res: ServerResponse) =>
    traceHttpRequest(
      'gateway',
      req,
      res,
      () => routeNames.get(req) ?? `${req.method} ${(req.url ?? '/').split('?')[0]}`,
      () => handle(req, res),
    );
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const requestId = String(req.headers[REQUEST_ID_HEADER] ?? '').slice(0, 100) || randomUUID();
    req.headers[REQUEST_ID_HEADER] = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    logAccess(logger, req, res, () => routeNames.get(req) ?? `${req.method} (site)`, requestId);
    // Draining: each answer closes its connection, so clients reconnect to an instance that stays.
    if (readiness.draining) res.setHeader('connection', 'close');
    const path = (req.url ?? '/').split('?')[0];
    if (path.startsWith('/api/') || path === '/api') {
      handleApi(req, res, path).catch((error) => {
        logger.error({ err: error }, 'gateway error');
        sendError(res, 500, 'INTERNAL', 'unknown error occurred');
      });
      return;
    }
    // The gateway's own probes: alive while it answers; ready once it knows the token states.
    if (path === PROBE_PATHS.liveness) return sendJson(res, 200, { status: 'up', service: 'gateway' });
    if (path === PROBE_PATHS.readiness) {
      void readiness.evaluate().then(({ ready, draining, checks }) =>
        sendJson(res, ready ? 200 : 503, {
          status: ready ? 'ready' : draining ? 'draining' : 'starting',
          service: 'gateway',
          checks,
        }),
      );
      return;
    }
    if (path === METRICS_PATH && options.metricsOnMainPort) return void metrics.answer(res);
    if (options.devMailbox && path.startsWith('/dev/')) {
      stampClientAddress(req, trustedProxyHops);
      req.url = `/api${req.url}`; // the proxy strips /api again
      proxies.forward('notification', req, res);
      return;
    }
    securityHeaders(req, res, () => site.serve(req, res));
  };

  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    if (!/^\/api\/ws\/[^/]+$/.test(path) || !originAllowed(req)) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    // Upgraded sockets leave the server's connection tracking: remember them so a stop can end them,
    // and end a socket whose client half-closed it (the server allows half-open sockets).
    stampClientAddress(req, trustedProxyHops);
    upgraded.add(socket);
    metrics.socketOpened();
    socket.once('close', () => {
      upgraded.delete(socket);
      metrics.socketClosed();
    });
    socket.once('end', () => socket.destroy());
    proxies.upgrade('notification', req, socket, head);
  };
  const upgraded = new Set<Duplex>();

  const server = options.server ?? http.createServer();
  server.on('request', handler);
  server.on('upgrade', upgrade);
  server.on('clientError', answerClientError);
  const closeAllConnections = server.closeAllConnections.bind(server);
  server.closeAllConnections = () => {
    closeAllConnections();
    for (const socket of upgraded) socket.destroy();
  };
  server.keepAliveTimeout = 65_000;
  server.on('close', () => limiter.stop());
  return { server, handler, metrics };
}

/**
 * Requests node's HTTP parser refuses before any handler runs (a URL or headers over the 16 KB limit,
 * a malformed request line) still get the product's JSON error shape instead of an empty answer.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({
    error: {
      code: tooLarge ? 'REQUEST_TOO_LARGE' : 'BAD_REQUEST',
      message: tooLarge ? 'the URL or headers are too large' : 'malformed request',
    },
  });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

async function moveClock(req: IncomingMessage, res: ServerResponse, clock: MovableClock) {
  if (req.method === 'GET') return sendJson(res, 200, { now: clock.now().toISOString() });
  if (req.method !== 'POST') return sendError(res, 405, 'METHOD', 'use GET or POST');
  let raw = '';
  for await (const chunk of req) {
    raw += chunk;
    if (raw.length > 1000) return sendError(res, 413, 'VALIDATION', 'body too large');
  }
  let advanceMs: unknown;
  try {
    advanceMs = JSON.parse(raw || '{}').advanceMs;
  } catch {
    /* handled below */
  }
  if (typeof advanceMs !== 'number' || !Number.isFinite(advanceMs) || advanceMs < 0) {
    return sendJson(res, 400, {
      error: {
        code: 'VALIDATION',
        message: 'invalid advanceMs',
        details: [{ field: 'advanceMs', code: 'invalid', message: 'a non-negative number of milliseconds' }],
      },
    });
  }
  await clock.advance(advanceMs);
  sendJson(res, 200, { now: clock.now().toISOString() });
}
