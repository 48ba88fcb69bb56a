import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';
import { currentTraceId } from './tracing';

export interface RequestContext {
  requestId: string;
}
export const requestContext = new AsyncLocalStorage<RequestContext>();
export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;

export type Logger = pino.Logger;

/** Every log line carries the service name and, inside a request or an event, its request id. */
export function createLogger(
  name: string,
  level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
): Logger {
  return pino({
    name,
    level,
    base: { service: name },
    mixin: () => {
      const requestId = currentRequestId();
      const traceId = currentTraceId();
      return { ...(requestId ? { requestId } : {}), ...(traceId ? { traceId } : {}) };
    },
  });
}
