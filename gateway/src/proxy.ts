import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import type { Logger } from '@moba/platform';
import type { ServiceName } from './route-table';
import { sendError } from './respond';

type ProxiedRequest = IncomingMessage & {
  timedOut?: boolean;
  /** Sent on a kept-alive connection opened by an earlier request. */
  reusedConnection?: boolean;
  /** Sends the request once more, to the next instance; taken when used, so at most one retry. */
  retry?: () => void;
};

/**
 * One lean proxy per service instance: a keep-alive agent (without it the hop collapses under
 * load), no default plugins, our own JSON errors (502 when a service is down, 504 when slow).
 */
function createInstanceProxy(
  target: string,
  timeoutMs: number,
  logger: Logger,
  options: ProxyOptions,
): RequestHandler {
  // An idle connection is closed after IDLE_CONNECTION_MS, shorter than a pod's preStop wait (5 s):
  // a stopping instance then never closes an idle connection just as a request is sent on it.
  const agent = recycled(
    new http.Agent({
      keepAlive: true,
      maxSockets: options.connectionsPerInstance ?? 512,
      keepAliveMsecs: 10_000,
      timeout: IDLE_CONNECTION_MS,
    }),
    options.connectionMaxAgeMs,
    options.now,
  );
  return createProxyMiddleware<ProxiedRequest, ServerResponse>({
    target,
    agent,
    ws: false,
    xfwd: true,
    ejectPlugins: true,
    pathRewrite: (path) => path.slice(4), // '/api/login' → '/login'
    // Default plugins ejected (they log and answer HTML); these two listeners are all the hot path needs.
    plugins: [
      (proxyServer) => {
        proxyServer.on('proxyReq', (proxyReq, req: ProxiedRequest) => {
          req.reusedConnection = proxyReq.reusedSocket;
          proxyReq.setTimeout(timeoutMs, () => {
            req.timedOut = true;
            proxyReq.destroy(new Error('upstream timeout'));
          });
        });
        proxyServer.on('error', (error, req: ProxiedRequest, res) => {
          if (!(res instanceof http.ServerResponse)) {
            logger.warn({ err: error, target, url: req.url }, 'proxy error');
            (res as Duplex).destroy();
            return;
          }
          const retry = req.retry;
          req.retry = undefined;
          if (retry && closedUnderneath(error, req, res)) {
            logger.info(
              { err: error, target, url: req.url },
              'kept-alive connection closed under a request; sent again',
            );
            retry();
            return;
          }
          logger.warn({ err: error, target, url: req.url }, 'proxy error');
          if (req.timedOut) sendError(res, 504, 'GATEWAY_TIMEOUT', 'the service took too long to answer');
          else sendError(res, 502, 'SERVICE_UNAVAILABLE', 'the service is not available, try again shortly');
        });
      },
    ],
  });
}

const IDLE_CONNECTION_MS = 4_000;

/**
 * A service may close a kept-alive connection just as the gateway sends a request on it (an instance
 * starved of CPU, one stopping): the request never reached it, and a read is safe to send again on a
 * new connection rather than answering 502. A write is not: it may have been received.
 */
function closedUnderneath(error: Error, req: ProxiedRequest, res: ServerResponse): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return (
    code === 'ECONNRESET' &&
    req.reusedConnection === true &&
    !res.headersSent &&
    (req.method === 'GET' || req.method === 'HEAD')
  );
}

/** How long a keep-alive connection to a service is reused before it is closed once idle. */
export const CONNECTION_MAX_AGE_MS = 10_000;
const BORN = Symbol('born');

/**
 * Behind a k8s Service each connection stays on the pod it reached first, so pods the autoscaler
 * adds would get no traffic from a gateway whose connections are all open: a connection older than
 * maxAgeMs is closed when it falls idle, and the next one is balanced by the Service again.
 *
 * The agent asks keepSocketAlive before it pools a freed connection: refusing there closes it
 * unpooled. Closing it after it was pooled (or handed to a request waiting for a connection) would
 * leave it in the pool until its 'close' event, and a request sent meanwhile got a dead
 * connection: ECONNRESET, a 502 for a write.
 */
export function recycled(
  agent: http.Agent,
  maxAgeMs = CONNECTION_MAX_AGE_MS,
  now: () => number = Date.now,
): http.Agent {
  const keepAlive = agent.keepSocketAlive.bind(agent);
  agent.keepSocketAlive = (socket: Socket & { [BORN]?: number }) => {
    socket[BORN] ??= now();
    return now() - socket[BORN] < maxAgeMs && keepAlive(socket);
  };
  return agent;
}

export interface ServiceProxies {
  forward(service: ServiceName, req: IncomingMessage, res: ServerResponse): void;
  upgrade(service: ServiceName, req: IncomingMessage, socket: Duplex, head: Buffer): void;
}

export interface ProxyOptions {
  /** How long a kept-alive connection to an instance is reused (CONNECTION_MAX_AGE_MS). */
  connectionMaxAgeMs?: number;
  /** The clock connections age by (a test moves its own). */
  now?: () => number;
  /** Open connections to one instance at most (512); further requests wait for one to be free. */
  connectionsPerInstance?: number;
  /** Requests that may wait for one instance's answer at once (DEFAULT_QUEUE_LIMIT); more get 503. */
  queueLimit?: number;
}

/**
 * Requests waiting for one instance at most. An application costs up to ~8 ms of a loaded core here, so
 * 256 waiting is about 2 s of its work: far inside the 15 s timeout, and above the request loops of the
 * benches (at most 256 over all services). Past it a herd is told at once to retry (503, Retry-After)
 * instead of waiting for a 504.
 */
export const DEFAULT_QUEUE_LIMIT = 256;
const BUSY_RETRY_AFTER_SECONDS = 2;

interface Instance {
  proxy: RequestHandler;
  target: string;
  /** Requests sent to it that have not been answered yet. */
  waiting: number;
}

/**
 * Round robin over each service's instances (two notification instances in the distributed mode),
 * skipping an instance with queueLimit requests waiting; with every one full, 503 at once.
 */
export function createServiceProxies(
  urls: Record<ServiceName, string[]>,
  timeoutMs: number,
  logger: Logger,
  options: ProxyOptions = {},
): ServiceProxies {
  const queueLimit = options.queueLimit ?? DEFAULT_QUEUE_LIMIT;
  const pools = new Map<ServiceName, { instances: Instance[]; next: number }>();
  for (const [service, targets] of Object.entries(urls) as [ServiceName, string[]][]) {
    pools.set(service, {
      instances: targets.map((target) => ({
        proxy: createInstanceProxy(target, timeoutMs, logger, options),
        target,
        waiting: 0,
      })),
      next: 0,
    });
  }
  const pick = (service: ServiceName) => {
    const pool = pools.get(service)!;
    return pool.instances[pool.next++ % pool.instances.length];
  };
  /** The next instance in turn with room in its queue; none when every one is full. */
  const pickWithRoom = (service: ServiceName) => {
    const count = pools.get(service)!.instances.length;
    for (let tried = 0; tried < count; tried++) {
      const instance = pick(service);
      if (instance.waiting < queueLimit) return instance;
    }
    return undefined;
  };
  const wsProxies = new Map<string, RequestHandler>();

  return {
    forward(service, req: ProxiedRequest, res) {
      const url = req.url;
      let waitingFor: Instance | undefined;
      const stopWaiting = () => {
        if (waitingFor) waitingFor.waiting--;
        waitingFor = undefined;
      };
      // Answered, or the client went away: either way the request no longer holds a place.
      res.once('close', stopWaiting);
      const send = () => {
        stopWaiting();
        const instance = pickWithRoom(service);
        if (!instance) {
          sendError(
            res,
            503,
            'SERVICE_UNAVAILABLE',
            `too many requests wait for the ${service} service, try again shortly`,
            { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
          );
          return;
        }
        waitingFor = instance;
        instance.waiting++;
        void instance.proxy(req, res, () => sendError(res, 404, 'NOT_FOUND', 'not found'));
      };
      req.retry = () => {
        req.url = url; // the proxy rewrote it ('/api/…' → '/…') on the first try
        send();
      };
      send();
    },
    upgrade(service, req, socket, head) {
      const { target } = pick(service);
      let proxy = wsProxies.get(target);
      if (!proxy) {
        proxy = createProxyMiddleware({
          target,
          ws: true,
          ejectPlugins: true,
          pathRewrite: (path) => path.slice(4),
          plugins: [(proxyServer) => proxyServer.on('error', () => socket.destroy())],
        });
        wsProxies.set(target, proxy);
      }
      proxy.upgrade(req, socket as never, head);
    },
  };
}
