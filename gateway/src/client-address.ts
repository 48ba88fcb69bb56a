import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { CLIENT_ADDRESS_HEADER, normaliseAddress } from '@moba/platform';

/**
 * The client's address. With no trusted proxy (hops 0) it is the socket's peer, and
 * X-Forwarded-For is ignored: anyone can write it. Behind N trusted proxies (an ingress: 1) each
 * appends the address it was reached from, so the client is the N-th entry from the right of
 * [...X-Forwarded-For, socket peer]; whatever lies further left the client wrote itself and never
 * counts. A chain shorter than expected, or an entry that is no IP address, falls back to the nearest
 * trusted hop's view (the leftmost entry a trusted proxy wrote).
 */
export function clientAddress(req: IncomingMessage, trustedHops: number): string {
  const peer = normaliseAddress(req.socket.remoteAddress ?? 'unknown');
  if (trustedHops <= 0) return peer;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [...forwarded, peer];
  for (let index = chain.length - 1 - trustedHops; index < chain.length; index++) {
    if (index < 0) continue;
    const candidate = normaliseAddress(chain[index]);
    if (isIP(candidate)) return candidate;
  }
  return peer;
}

/**
 * Decides the client's address once and hands it to the services in CLIENT_ADDRESS_HEADER, replacing
 * whatever copy the client sent: the services count and log this address, never X-Forwarded-For.
 */
export function stampClientAddress(req: IncomingMessage, trustedHops: number): string {
  const address = clientAddress(req, trustedHops);
  req.headers[CLIENT_ADDRESS_HEADER] = address;
  return address;
}
