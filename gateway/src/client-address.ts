import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/**
 * The client's address for rate limits. With no trusted proxy (hops 0) it is the socket's peer, and
 * X-Forwarded-For is ignored: anyone can write it. Behind N trusted proxies (an ingress: 1) each
 * appends the address it was reached from, so the client is the N-th entry from the right of
 * [...X-Forwarded-For, socket peer]; whatever lies further left the client wrote itself and never
 * counts. A chain shorter than expected, or an entry that is no IP address, falls back to the nearest
 * trusted hop's view (the leftmost entry a trusted proxy wrote).
 */
export function clientAddress(req: IncomingMessage, trustedHops: number): string {
  const peer = normalise(req.socket.remoteAddress ?? 'unknown');
  if (trustedHops <= 0) return peer;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [...forwarded, peer];
  for (let index = chain.length - 1 - trustedHops; index < chain.length; index++) {
    if (index < 0) continue;
    const candidate = normalise(chain[index]);
    if (isIP(candidate)) return candidate;
  }
  return peer;
}

/** `::ffff:1.2.3.4` is 1.2.3.4; a `1.2.3.4:5678` entry (some proxies add the port) loses the port. */
function normalise(address: string) {
  const withoutPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address)?.[1] ?? address;
  return withoutPort.replace(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/, '$1');
}
