import { randomUUID } from 'node:crypto';
import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import client from 'prom-client';
import { AppError, errorHttpStatus } from '../errors';
import { requestContext, type Logger } from '../log';
import { registerDeadLetterMetrics } from '../bus/dead-letter-watch';
import { isStoreUnavailable, isTransientFailure } from '../bus/failure';
import { processReadiness, type Readiness } from '../readiness';
import { metricsText } from '../metrics';
import { currentTraceId, traceHttpRequest } from '../tracing';
import { METRICS_PATH, OPERATOR_PATHS, PROBE_PATHS } from './probes';
import { logAccess } from './access-log';

export const REQUEST_ID_HEADER = 'x-request-id';

export interface HttpAppOptions {
  name: string;
  logger: Logger;
  /** Answers /readyz: false while the service cannot take traffic yet. */
  isReady?: () => boolean;
  /** What else /readyz asks (the process's: consumers, store, draining). */
  readiness?: Readiness;
  bodyLimit?: string;
  routes: (app: Express) => void;
}

/** The route's pattern (`/vacancies/:id`), never the raw path: ids would explode labels and log groups. */
const routeTemplate = (req: express.Request) =>
  req.route ? `${req.method} ${req.baseUrl}${req.route.path as string}` : `${req.method} (unmatched)`;

/**
 * Answer time per route pattern, method and status, in seconds: the services' and the gateway's, with
 * the same labels and buckets so the two compare.
 */
export const routeLatencyHistogram = (registry: client.Registry, name: string, help: string) =>
  new client.Histogram({
    name,
    help,
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
    registers: [registry],
  });

const requestId: RequestHandler = (req, res, next) => {
  const id = (req.header(REQUEST_ID_HEADER) || randomUUID()).slice(0, 100);
  res.setHeader(REQUEST_ID_HEADER, id);
  requestContext.run({ requestId: id }, () => next());
};

/** One express app shape for every service: health, metrics, body limits, helmet, one error handler. */
export function createHttpApp({
  name,
  logger,
  isReady = () => true,
  readiness = processReadiness,
  bodyLimit = '100kb',
  routes,
}: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  // While draining, every answer closes its connection: the client's next request opens a new one,
  // to an instance that is not stopping.
  app.use((_req, res, next) => {
    if (readiness.draining) res.setHeader('connection', 'close');
    next();
  });
  app.use(requestId);
  app.use((req, res, next) => traceHttpRequest(name, req, res, () => routeTemplate(req), next));
  app.use((req, res, next) => {
    logAccess(logger, req, res, () => routeTemplate(req));
    next();
  });
  app.use(helmet());
  app.use(express.json({ limit: bodyLimit }));

  const registry = new client.Registry();
  registry.setDefaultLabels({ service: name });
  registerDeadLetterMetrics(registry);
  const requests = new client.Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by status class',
    labelNames: ['status'],
    registers: [registry],
  });
  const duration = routeLatencyHistogram(
    registry,
    'moba_http_request_duration_seconds',
    'Time from request to the end of the answer, per route pattern',
  );
  app.use((req, res, next) => {
    const end = duration.startTimer();
    res.on('finish', () => {
      const status = `${Math.floor(res.statusCode / 100)}xx`;
      requests.inc({ status });
      if (OPERATOR_PATHS.has(req.path)) return;
      end({
        method: req.method,
        route: req.route ? `${req.baseUrl}${req.route.path as string}` : '(unmatched)',
        status,
      });
    });
    next();
  });

  app.get(PROBE_PATHS.liveness, (_req, res) => {
    res.json({ status: 'up', service: name });
  });
  app.get(PROBE_PATHS.readiness, async (_req, res) => {
    const report = await readiness.evaluate();
    const ready = report.ready && isReady();
    const status = ready ? 'ready' : report.draining ? 'draining' : 'starting';
    res.status(ready ? 200 : 503).json({ status, service: name, checks: report.checks });
  });
  app.get(METRICS_PATH, async (_req, res) => {
    res.type(registry.contentType).send(await metricsText(registry));
  });

  routes(app);

  app.use((req, _res, next) => next(new AppError('NOT_FOUND', `no route ${req.method} ${req.path}`)));
  app.use(errorHandler(logger));
  return app;
}

/** With tracing on, an error answer names its trace, so a user's report leads to the request. */
const withTrace = <T extends object>(body: T): T & { traceId?: string } => {
  const traceId = currentTraceId();
  return traceId ? { ...body, traceId } : body;
};

/** What a 503 asks the client to wait before retrying. */
const RETRY_AFTER_SECONDS = 2;

interface BodyParserError {
  type?: string;
  status?: number;
}

/** Maps coded errors to the one error shape; never leaks a stack or an internal message. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, _req, res, _next) => {
    if (res.headersSent) return;
    if (err instanceof AppError) {
      if (err.literalBody !== undefined) {
        res.status(errorHttpStatus(err)).type('text/plain').send(err.literalBody);
        return;
      }
      res
        .status(errorHttpStatus(err))
        .json({ error: withTrace({ code: err.code, message: err.message, details: err.details }) });
      return;
    }
    const parserError = err as BodyParserError;
    if (parserError?.type === 'entity.too.large') {
      res.status(413).json({
        error: withTrace({
          code: 'VALIDATION',
          message: 'body too large',
          details: [{ field: '(body)', code: 'too_big', message: 'too large' }],
        }),
      });
      return;
    }
    if (parserError?.type === 'entity.parse.failed' || parserError?.status === 400) {
      res.status(400).json({
        error: withTrace({
          code: 'VALIDATION',
          message: 'malformed JSON body',
          details: [{ field: '(body)', code: 'invalid', message: 'malformed JSON' }],
        }),
      });
      return;
    }
    if (isStoreUnavailable(err)) {
      // The store did not answer within its limits (a held lock, a full pool, a hung server): the
      // request is refused in seconds instead of waiting without end.
      logger.warn({ err }, 'the store did not answer in time; answered 503');
      res
        .status(503)
        .setHeader('retry-after', String(RETRY_AFTER_SECONDS))
        .json({
          error: withTrace({
            code: 'STORE_UNAVAILABLE',
            message: 'the data store did not answer in time, try again shortly',
          }),
        });
      return;
    }
    if (isTransientFailure(err)) {
      // The store (or the bus) is unreachable for a moment: nothing was written; the client may retry.
      logger.warn({ err }, 'a dependency is unreachable; answered 503');
      res
        .status(503)
        .setHeader('retry-after', String(RETRY_AFTER_SECONDS))
        .json({
          error: { code: 'SERVICE_UNAVAILABLE', message: 'temporarily unavailable, try again shortly' },
        });
      return;
    }
    logger.error({ err }, 'unhandled error');
    res.status(500).json({ error: withTrace({ code: 'INTERNAL', message: 'unknown error occurred' }) });
  };
}

export interface Listening {
  server: Server;
  port: number;
  url: string;
  /**
   * Stops accepting, closes idle connections, lets requests in flight finish for up to graceMs (0:
   * none), then ends what is left. Resolves once every connection is gone.
   */
  close(graceMs?: number): Promise<void>;
}

/** Graceful close of an HTTP server: see Listening.close. */
export function closeGracefully(server: Server, graceMs = 0): Promise<void> {
  return new Promise<void>((done) => {
    if (!server.listening) {
      server.closeAllConnections();
      done();
      return;
    }
    const over = () => server.closeAllConnections();
    const timer = graceMs > 0 ? setTimeout(over, graceMs) : undefined;
    // close() also closes the idle connections (a busy one closes after its answer, see below).
    server.close(() => {
      clearTimeout(timer);
      done();
    });
    // Requests still arriving on open connections are answered, then their connection closes.
    server.prependListener('request', (_req, res: ServerResponse) => res.setHeader('connection', 'close'));
    if (!timer) over();
  });
}

/**
 * The accept queue of every listening server. Node asks for 511; when a herd of phones connects
 * while the process is busy, connections past it are dropped by the kernel and retried by the
 * client after 1, 3, 7 s, failing at its connect timeout. The kernel caps it at net.core.somaxconn.
 */
export const LISTEN_BACKLOG = 4096;

/** Listens on host:port (0 picks a free port) and closes cleanly, keep-alive sockets included. */
export function listen(
  app: express.Express | RequestListener,
  port: number,
  host = '127.0.0.1',
): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server: Server = createServer(app).listen({ port, host, backlog: LISTEN_BACKLOG });
    server.keepAliveTimeout = 65_000;
    server.once('error', reject);
    server.once('listening', () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolve({
        server,
        port: actual,
        url: `http://${host}:${actual}`,
        close: (graceMs = 0) => closeGracefully(server, graceMs),
      });
    });
  });
}
