import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { freePort } from '@moba/platform/testing';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Engines this test may take away (the machine's shared ones must never stop): a redis-server of its
 * own on a free port, whose append-only file keeps the streams and groups across a restart, and a
 * cuttable TCP proxy in front of the shared PostgreSQL.
 */

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await pause(100);
  }
}

export async function startOwnRedis() {
  const dir = mkdtempSync(join(tmpdir(), 'moba-own-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const ping = () =>
    spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout?.trim() === 'PONG';
  /** Starts the server unless it runs already (a second one would fail on the port and orphan the first). */
  async function start() {
    if (child && child.exitCode === null && child.signalCode === null) return;
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', ''],
      { stdio: 'ignore' },
    );
    await waitUntil(ping, 'redis-server answering');
  }
  /** SIGTERM: Redis flushes the append-only file and exits. */
  async function stop() {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    async remove() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A TCP proxy in front of a server (the shared PostgreSQL, which this test must not stop, and which
 * refuses to be started as root here anyway): cut() closes every connection through it and refuses
 * new ones, as a stopped or failed-over database does; restore() lets connections through again.
 */
export async function startCuttableProxy(target: { host: string; port: number }) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = () => new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  await listen();
  return {
    port,
    async cut() {
      await new Promise<void>((done) => {
        server.close(() => done());
        for (const socket of sockets) socket.destroy();
      });
    },
    restore: listen,
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise((done) => server.close(done));
    },
  };
}
