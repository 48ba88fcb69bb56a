import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Ports for processes a test starts itself. A port probed with listen(0) comes from the kernel's
 * ephemeral range, which every parallel test's own listen(0) and outgoing connection also draw from:
 * between the probe and the child's bind another worker can take it (EADDRINUSE in CI). Ports picked
 * here lie below that range, so only another pick from here can collide, and the block is checked free.
 */
const ephemeralStart = (() => {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    return 32768;
  }
})();
const LOWEST = 10_000;

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** The first of `count` consecutive free ports outside the ephemeral range. */
export async function freePortBlock(count: number): Promise<number> {
  const highest = Math.max(LOWEST + 1000, ephemeralStart) - count;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = LOWEST + Math.floor(Math.random() * (highest - LOWEST));
    let free = true;
    for (let port = base; free && port < base + count; port += 1) free = await isFree(port);
    if (free) return base;
  }
  throw new Error(`no ${count} consecutive free ports between ${LOWEST} and ${highest}`);
}

/** One free port outside the ephemeral range. */
export const freePort = () => freePortBlock(1);
