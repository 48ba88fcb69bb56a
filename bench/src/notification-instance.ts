/**
 * One notification PROCESS of `notification-fanout` MODE=redis: the real service on the Redis Streams
 * bus (consumer group shared with the other instance), Redis pub/sub fan-out, and the store of
 * STORE_URL. It answers the bench over IPC: `heap` (its own heap after full collections),
 * `sockets` (its open live sockets), `cpu` (CPU time it used so far, ms), `profile-start` and
 * `profile-stop` (a V8 CPU profile of what it did in between, written to BENCH_CPU_PROF_DIR), `stop`.
 *
 * Env: EVENT_BUS_URL, FANOUT_URL, STORE_URL, BENCH_PUBLIC_KEY (the PEM the bench signs tokens with).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  createBus,
  createFanout,
  createLogger,
  createStore,
  createTokenVerifier,
  systemClock,
} from '@moba/platform';
import { createService, loadNotificationConfig } from '@moba/notification-service';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapUsed = () => {
  for (let i = 0; i < 3; i++) gc();
  return getHeapStatistics().used_heap_size;
};

type Command = { cmd: 'heap' | 'sockets' | 'cpu' | 'profile-start' | 'profile-stop' | 'stop' };

/** Profiles only the measured window (connecting 10,000 sockets would fill a whole-process profile). */
function windowProfiler() {
  const session = new Session();
  session.connect();
  return {
    start: async () => {
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    },
    stop: async (dir: string) => {
      const { profile } = await session.post('Profiler.stop');
      const file = join(dir, `notification-${process.pid}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      return file;
    },
  };
}

async function main() {
  const env = process.env;
  const logger = createLogger('notification', 'error');
  const config = loadNotificationConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error', MAIL_URL: 'dev://' });
  const bus = await createBus(env.EVENT_BUS_URL!, 'notification', logger);
  const store = await createStore(env.STORE_URL!, 'notification');
  const fanout = await createFanout(env.FANOUT_URL!);
  const service = await createService({
    bus,
    store,
    fanout,
    config,
    logger,
    clock: systemClock,
    tokens: createTokenVerifier(env.BENCH_PUBLIC_KEY!),
  });
  const { url } = await service.start(0);
  const profiler = windowProfiler();

  process.on('message', async (message: Command) => {
    if (message.cmd === 'heap') process.send!({ cmd: 'heap', used: heapUsed() });
    if (message.cmd === 'sockets') process.send!({ cmd: 'sockets', open: service.live.openSockets() });
    if (message.cmd === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send!({ cmd: 'cpu', ms: (user + system) / 1000 });
    }
    if (message.cmd === 'profile-start') {
      await profiler.start();
      process.send!({ cmd: 'profile-start' });
    }
    if (message.cmd === 'profile-stop')
      process.send!({ cmd: 'profile-stop', file: await profiler.stop(env.BENCH_CPU_PROF_DIR ?? '.') });
    if (message.cmd === 'stop') {
      await service.stop();
      await fanout.close();
      await bus.close();
      await store.close();
      process.exit(0);
    }
  });
  process.send!({ cmd: 'ready', url: url.replace('http://', 'ws://'), pid: process.pid });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
