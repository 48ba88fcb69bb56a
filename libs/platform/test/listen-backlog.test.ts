import { spawn } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LISTEN_BACKLOG, listen } from '../src';

/**
 * A herd connecting while the process is busy: the kernel completes handshakes into the accept queue
 * while the event loop cannot accept. With Node's default queue (511) the connections past it are
 * dropped and the phones wait for their SYN retries; with LISTEN_BACKLOG they all connect at once.
 */
const CONNECTIONS = 1500;
const somaxconn = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));

/** Connects CONNECTIONS sockets to the port, then writes how many connected within `withinMs`. */
const connector = `
const net = require('node:net');
const [port, count, withinMs, out] = process.argv.slice(1);
let connected = 0;
const sockets = [];
const fs = require('node:fs');
const done = () => { fs.writeFileSync(out + '.part', String(connected)); fs.renameSync(out + '.part', out); process.exit(0); };
setTimeout(done, Number(withinMs));
for (let i = 0; i < Number(count); i++) {
  const socket = net.connect(Number(port), '127.0.0.1', () => { if (++connected === Number(count)) done(); });
  socket.on('error', () => {});
  sockets.push(socket);
}
process.stdout.write('started\\n');
`;

const suite = somaxconn >= CONNECTIONS ? describe : describe.skip;
if (somaxconn < CONNECTIONS)
  console.warn(
    `listen-backlog skipped: net.core.somaxconn is ${somaxconn}, below the ${CONNECTIONS} connections it opens`,
  );

suite('listening servers keep a herd of connections while busy', () => {
  test('all connect while the event loop is blocked', async () => {
    expect(LISTEN_BACKLOG).toBeGreaterThanOrEqual(CONNECTIONS);
    const listening = await listen((_req: IncomingMessage, res: ServerResponse) => res.end(), 0);
    const dir = mkdtempSync(join(tmpdir(), 'backlog-'));
    const out = join(dir, 'connected');
    try {
      const child = spawn(process.execPath, [
        '-e',
        connector,
        String(listening.port),
        String(CONNECTIONS),
        '8000',
        out,
      ]);
      await new Promise((resolve) => child.stdout.once('data', resolve));
      // Busy: this event loop accepts nothing until the child has written its count.
      const until = Date.now() + 30_000;
      while (!existsSync(out) && Date.now() < until);
      expect(Number(readFileSync(out, 'utf8'))).toBe(CONNECTIONS);
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    } finally {
      await listening.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
