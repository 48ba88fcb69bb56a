import { randomUUID } from 'node:crypto';
import { createServer, type RequestListener, type Server } from 'node:http';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import client from 'prom-client';
import { AppError } from '../errors';
import { requestContext, type Logger } from '../log';

export const REQUEST_ID_HEADER = 'x-request-id';

export interface HttpAppOptions {
  name: string;
  logger: Logger;
  /** Answers /readyz: false while the service cannot take traffic yet. */
  isReady?: () => boolean;
  bodyLimit?: string;
  routes: (app: Express) => void;
}

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
  bodyLimit = '100kb',
  routes,
}: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(requestId);
  app.use(helmet());
  app.use(express.json({ limit: bodyLimit }));

  const registry = new client.Registry();
  registry.setDefaultLabels({ service: name });
  const requests = new client.Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by status class',
    labelNames: ['status'],
    registers: [registry],
  });
  app.use((_req, res, next) => {
    res.on('finish', () => requests.inc({ status: `${Math.floor(res.statusCode / 100)}xx` }));
    next();
  });

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'up', service: name });
  });
  app.get('/readyz', (_req, res) => {
    const ready = isReady();
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'starting', service: name });
  });
  app.get('/metrics', async (_req, res) => {
    res.type(registry.contentType).send(await registry.metrics());
  });

  routes(app);

  app.use((req, _res, next) => next(new AppError('NOT_FOUND', 404, `no route ${req.method} ${req.path}`)));
  app.use(errorHandler(logger));
  return app;
}

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
        res.status(err.status).type('text/plain').send(err.literalBody);
        return;
      }
      res.status(err.status).json({ error: { code: err.code, message: err.message, details: err.details } });
      return;
    }
    const parserError = err as BodyParserError;
    if (parserError?.type === 'entity.too.large') {
      res.status(413).json({
        error: {
          code: 'VALIDATION',
          message: 'body too large',
          details: [{ field: '(body)', code: 'too_big', message: 'too large' }],
        },
      });
      return;
    }
    if (parserError?.type === 'entity.parse.failed' || parserError?.status === 400) {
      res.status(400).json({
        error: {
          code: 'VALIDATION',
          message: 'malformed JSON body',
          details: [{ field: '(body)', code: 'invalid', message: 'malformed JSON' }],
        },
      });
      return;
    }
    logger.error({ err }, 'unhandled error');
    res.status(500).json({ error: { code: 'INTERNAL', message: 'unknown error occurred' } });
  };
}

export interface Listening {
  server: Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Listens on host:port (0 picks a free port) and closes cleanly, keep-alive sockets included. */
export function listen(
  app: express.Express | RequestListener,
  port: number,
  host = '127.0.0.1',
): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server: Server = createServer(app).listen(port, host);
    server.keepAliveTimeout = 65_000;
    server.once('error', reject);
    server.once('listening', () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolve({
        server,
        port: actual,
        url: `http://${host}:${actual}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
