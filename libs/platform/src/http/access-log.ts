import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../log';
import { currentRequestId } from '../log';
import { currentTraceId } from '../tracing';
import { OPERATOR_PATHS } from './probes';

/**
 * One info line per answered request: method, route (the pattern, so lines group), status, time,
 * and the request and trace ids, read when the request starts (the answer's `finish` runs outside
 * the request's context), so a line leads to the trace in Jaeger and to the service's own lines.
 */
export function logAccess(
  logger: Logger,
  req: IncomingMessage,
  res: ServerResponse,
  route: () => string,
  requestId = currentRequestId(),
): void {
  const path = (req.url ?? '/').split('?')[0];
  if (OPERATOR_PATHS.has(path)) return;
  const traceId = currentTraceId();
  const started = process.hrtime.bigint();
  res.once('finish', () =>
    logger.info(
      {
        access: true,
        method: req.method,
        route: route(),
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        ...(requestId ? { requestId } : {}),
        ...(traceId ? { traceId } : {}),
      },
      'request answered',
    ),
  );
}
