import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/**
 * The one rule for "who is the client": the gateway decides the address (the socket peer, or the
 * entry its trusted proxies wrote into X-Forwarded-For) and passes it to the services in this header,
 * replacing any copy a client sent. Services read this header and never X-Forwarded-For.
 */
export const CLIENT_ADDRESS_HEADER = 'x-moba-client-address';

/** `::ffff:1.2.3.4` is 1.2.3.4; `1.2.3.4:5678` and `[2001:db8::1]:443` lose the port; IPv6 is lower case. */
export function normaliseAddress(address: string): string {
  const trimmed = address.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(trimmed)?.[1];
  const withoutPort = bracketed ?? /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(trimmed)?.[1] ?? trimmed;
  return withoutPort.replace(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i, '$1').toLowerCase();
}

/**
 * The key a limit counts a client under: an IPv4 address itself, an IPv6 address its /64. One
 * subscriber usually holds a whole /64, so counting single IPv6 addresses would let a client escape
 * any limit by rotating addresses inside its own network.
 */
export function clientKey(address: string): string {
  const normalised = normaliseAddress(address);
  if (isIP(normalised) !== 6) return normalised;
  const hextets = expandIpv6(normalised.split('%')[0]);
  return `${hextets
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` filled in, a dotted IPv4 tail split in two). */
function expandIpv6(address: string): number[] {
  const groupsOf = (part: string) =>
    part
      ? part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a, b, c, d] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        })
      : [];
  const [head, tail] = address.split('::');
  const left = groupsOf(head);
  if (tail === undefined) return left;
  const right = groupsOf(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The client's address as the gateway decided it. A request without the header (or with one that is
 * no address) did not come through the gateway: a service's own caller, counted by its socket peer.
 */
export function clientAddressOf(req: IncomingMessage): string {
  const header = req.headers[CLIENT_ADDRESS_HEADER];
  const stamped = normaliseAddress(Array.isArray(header) ? '' : (header ?? ''));
  if (isIP(stamped)) return stamped;
  return normaliseAddress(req.socket.remoteAddress ?? 'unknown');
}

/** The limit key of the request's client (clientKey of clientAddressOf). */
export const clientKeyOf = (req: IncomingMessage) => clientKey(clientAddressOf(req));
