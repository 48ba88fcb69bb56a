// npm run start:distributed — every service and the gateway as its own OS process, on one machine:
//   event bus  Redis Streams   (EVENT_BUS_URL=redis://…)
//   fan-out    Redis pub/sub   (FANOUT_URL=redis://…), TWO notification instances behind the gateway
//   rate limits counted in Redis (RATE_LIMIT_URL=redis://…), shared by every gateway
//   dev clock  shared through Redis (CLOCK_URL=redis://…), moved by /api/dev/clock; off in production
//   stores     a file store per service under DATA_DIR/<service>; the two notification instances
//              share one redis:// store (nedb files cannot be shared between processes)
//   keys       DATA_DIR/keys (created on first start)
// Logs are prefixed by process; Ctrl-C stops everything (SIGTERM, then SIGKILL after 10 s).
//
// Environment: PORT (gateway, 8080), HOST (gateway bind, 0.0.0.0), DATA_DIR (./data),
// REDIS_URL (redis://127.0.0.1:6379), REDIS_PREFIX (none: streams are named by topic),
// SERVICE_BASE_PORT (4100: auth 4101 … notification 4106 and 4116), LOG_LEVEL (info),
// SKIP_WEB_BUILD=1 (do not build web/dist when it is missing).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createConnection } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;

function fail(message) {
  console.error(`start:distributed: ${message}`);
  process.exit(1);
}

function portFrom(name, fallback) {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    fail(`invalid configuration: ${name}=${env[name]} is not a port`);
  return value;
}

const gatewayPort = portFrom('PORT', 8080);
const basePort = portFrom('SERVICE_BASE_PORT', 4100);
const gatewayHost = env.HOST ?? '0.0.0.0';
const dataDir = resolve(env.DATA_DIR ?? './data');
const keysDir = join(dataDir, 'keys');
const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisPrefix = env.REDIS_PREFIX ?? '';
const logLevel = env.LOG_LEVEL ?? 'info';
if (!/^rediss?:\/\//.test(redisUrl))
  fail(`invalid configuration: REDIS_URL must start with redis:// (got ${redisUrl})`);

const withParams = (url, params) => {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) if (v) u.searchParams.set(k, v);
  return u.toString();
};
const busUrl = withParams(redisUrl, { prefix: redisPrefix });
const fanoutUrl = withParams(redisUrl, { channel: `${redisPrefix || 'moba'}:fanout` });
const sharedStoreUrl = withParams(redisUrl, { prefix: `${redisPrefix || 'moba'}:store` });
const rateLimitUrl = withParams(redisUrl, { prefix: `${redisPrefix || 'moba'}:rate:` });
// The dev clock every process shares (/api/dev/clock moves it); off in production.
const clockUrl = withParams(redisUrl, { key: `${redisPrefix || 'moba'}:clock` });

const loopback = '127.0.0.1';
const instances = [
  { name: 'auth', service: 'auth', port: basePort + 1 },
  { name: 'vacancy', service: 'vacancy', port: basePort + 2 },
  { name: 'application', service: 'application', port: basePort + 3 },
  { name: 'rating', service: 'rating', port: basePort + 4 },
  { name: 'payment', service: 'payment', port: basePort + 5 },
  { name: 'notification-1', service: 'notification', port: basePort + 6 },
  { name: 'notification-2', service: 'notification', port: basePort + 16 },
];
const urlOf = (instance) => `http://${loopback}:${instance.port}`;
const serviceUrls = ['auth', 'vacancy', 'application', 'rating', 'payment', 'notification']
  .map(
    (service) =>
      `${service}=${instances
        .filter((i) => i.service === service)
        .map(urlOf)
        .join(',')}`,
  )
  .join(';');
const publicUrl = env.PUBLIC_URL ?? `http://localhost:${gatewayPort}`;

// ---- prerequisites -------------------------------------------------------------------------

function redisAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolvePing) => {
    const socket = createConnection({ host: hostname || '127.0.0.1', port: Number(port || 6379) });
    const done = (ok) => {
      socket.destroy();
      resolvePing(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(/PONG|NOAUTH/.test(data.toString())));
  });
}

if (!(await redisAnswers(redisUrl))) {
  fail(
    `no Redis answers at ${redisUrl}. Start one (redis-server, or docker run -p 6379:6379 redis:7) or set REDIS_URL.`,
  );
}

if (!existsSync(join(root, 'web/dist/index.html')) && env.SKIP_WEB_BUILD !== '1') {
  console.log('building the web app (first start)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

mkdirSync(keysDir, { recursive: true });
const keys = spawnSync(
  process.execPath,
  ['--import', 'tsx', '-e', `require('@moba/platform').ensureKeyPair(${JSON.stringify(keysDir)})`],
  { cwd: root, stdio: 'inherit' },
);
if (keys.status !== 0) fail('could not create the signing keys');

// ---- processes -----------------------------------------------------------------------------

const colors = [31, 32, 33, 34, 35, 36, 91, 92, 94];
const width = Math.max(...instances.map((i) => i.name.length), 'gateway'.length);
const children = new Map();
let stopping = false;

function pipeLines(stream, label, color, out) {
  let rest = '';
  const tag = process.stdout.isTTY
    ? `\x1b[${color}m${label.padEnd(width)}\x1b[0m |`
    : `${label.padEnd(width)} |`;
  stream.on('data', (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`${tag} ${line}\n`);
  });
  stream.on('end', () => rest && out.write(`${tag} ${rest}\n`));
}

function start(name, script, extraEnv, index) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: env.NODE_ENV ?? 'development',
      ...(env.NODE_ENV === 'production' ? {} : { CLOCK_URL: clockUrl }),
      LOG_LEVEL: logLevel,
      EVENT_BUS_URL: busUrl,
      FANOUT_URL: fanoutUrl,
      KEYS_DIR: keysDir,
      PUBLIC_URL: publicUrl,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const color = colors[index % colors.length];
  pipeLines(child.stdout, name, color, process.stdout);
  pipeLines(child.stderr, name, color, process.stderr);
  children.set(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      console.error(`${name} exited (${signal ?? code}); stopping the others`);
      void stop(1);
    }
  });
  return child;
}

async function waitHealthy(name, url, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) return false;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return true;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  console.error(`${name} did not become healthy at ${url} within ${timeoutMs / 1000} s`);
  await stop(1);
  return false;
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('stopping…');
  // The gateway first (no new requests), then the services.
  const order = ['gateway', ...instances.map((i) => i.name)];
  const exited = (child) =>
    new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', r)));
  const gateway = children.get('gateway');
  if (gateway) {
    gateway.kill('SIGTERM');
    await Promise.race([exited(gateway), new Promise((r) => setTimeout(r, 5000))]);
  }
  const rest = order.map((n) => children.get(n)).filter(Boolean);
  for (const child of rest) child.kill('SIGTERM');
  const timer = setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
  }, 10_000);
  await Promise.all(rest.map(exited));
  clearTimeout(timer);
  process.exit(code);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

const storeEnv = (instance) =>
  instance.service === 'notification' ? { STORE_URL: sharedStoreUrl } : { STORE_URL: `file://${dataDir}` };

// auth first: it creates the first admin account (credentials printed once).
const [auth, ...others] = instances;
start(
  auth.name,
  `services/${auth.service}/src/main.ts`,
  { PORT: String(auth.port), HOST: loopback, PHOTOS_DIR: join(dataDir, 'auth-photos'), ...storeEnv(auth) },
  0,
);
if (!(await waitHealthy(auth.name, `${urlOf(auth)}/healthz`))) process.exit(1);
others.forEach((instance, i) =>
  start(
    instance.name,
    `services/${instance.service}/src/main.ts`,
    { PORT: String(instance.port), HOST: loopback, ...storeEnv(instance) },
    i + 1,
  ),
);
const healthy = await Promise.all(
  others.map((instance) => waitHealthy(instance.name, `${urlOf(instance)}/healthz`)),
);
if (!healthy.every(Boolean)) process.exit(1);

start(
  'gateway',
  'gateway/src/main.ts',
  {
    PORT: String(gatewayPort),
    HOST: gatewayHost,
    SERVICE_URLS: serviceUrls,
    STORE_URL: `file://${dataDir}`,
    RATE_LIMIT_URL: rateLimitUrl,
  },
  instances.length,
);
if (!(await waitHealthy('gateway', `http://127.0.0.1:${gatewayPort}/api/healthz`))) process.exit(1);

console.log(
  `\nMoba (distributed) is running: ${publicUrl}  — ${instances.length + 1} processes, Redis ${redisUrl}${redisPrefix ? ` (prefix ${redisPrefix})` : ''}, data ${dataDir}\n` +
    `  ${instances.map((i) => `${i.name} :${i.port}`).join(', ')}, gateway :${gatewayPort}\n`,
);
