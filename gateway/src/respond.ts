import { currentTraceId } from '@moba/platform';
import type { ServerResponse } from 'node:http';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** The one error shape of the product, answered by the gateway itself. */
export function sendError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // With tracing on, the answer names its trace: an operator finds the request from a user's report.
  const traceId = currentTraceId();
  sendJson(res, status, { error: traceId ? { code, message, traceId } : { code, message } }, headers);
}
