// npm run start:distributed — every service and the gateway as its own OS process, on one machine, on
// real engines (the topology is scripts/distributed/plan.ts):
//   event bus  Redis Streams   (EVENT_BUS_URL=redis://…)
//   fan-out    Redis pub/sub   (FANOUT_URL=redis://…) behind the notification instances
//   rate limits counted in Redis (RATE_LIMIT_URL=redis://…), shared by every gateway
//   stores     PostgreSQL, one schema per service shared by its instances (STORE_URL=postgres://…)
//   instances  vacancy, application and notification HOT_INSTANCES times (2), the others once; the
//              gateway round-robins over a service's instances (SERVICE_URLS)
//   keys       DATA_DIR/keys (created on first start)
// Logs are prefixed by process; Ctrl-C stops everything (SIGTERM, then SIGKILL after 10 s).
//
// Environment: PORT (gateway, 8080), HOST (gateway bind, 0.0.0.0), DATA_DIR (./data),
// REDIS_URL (redis://127.0.0.1:6379), POSTGRES_URL (postgres://moba:moba@127.0.0.1:5432/moba; the
// database is created when missing), REDIS_PREFIX (none: streams are named by topic; it also prefixes
// the PostgreSQL schemas, so runs with different prefixes never share data), HOT_INSTANCES (2),
// SERVICE_BASE_PORT (4100: auth 4101 … notification 4106; a second instance adds 10), LOG_LEVEL (info),
// SKIP_WEB_BUILD=1 (do not build web/dist when it is missing).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const { distributedPlan, SERVICES } = await tsImport('./distributed/plan.ts', import.meta.url);
const { postgresProblem, redisProblem } = await tsImport('./distributed/engines.ts', import.meta.url);

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
const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const postgresUrl = env.POSTGRES_URL ?? 'postgres://moba:moba@127.0.0.1:5432/moba';
const prefix = env.REDIS_PREFIX ?? '';
const hotInstances = Number(env.HOT_INSTANCES ?? 2);
if (!/^rediss?:\/\//.test(redisUrl))
  fail(`invalid configuration: REDIS_URL must start with redis:// (got ${redisUrl})`);
if (!/^postgres(ql)?:\/\//.test(postgresUrl))
  fail(`invalid configuration: POSTGRES_URL must start with postgres:// (got ${postgresUrl})`);
if (hotInstances !== 1 && hotInstances !== 2)
  fail(`invalid configuration: HOT_INSTANCES must be 1 or 2 (got ${env.HOT_INSTANCES})`);

const publicUrl = env.PUBLIC_URL ?? `http://localhost:${gatewayPort}`;
const plan = distributedPlan({
  redisUrl,
  prefix,
  postgresUrl,
  hotInstances,
  portOf: (service, ordinal) => basePort + 1 + SERVICES.indexOf(service) + (ordinal - 1) * 10,
  dataDir,
  publicUrl,
  nodeEnv: env.NODE_ENV ?? 'development',
  logLevel: env.LOG_LEVEL ?? 'info',
});
const { instances, urlOf } = plan;

// ---- prerequisites -------------------------------------------------------------------------

const redisFailure = await redisProblem(redisUrl);
if (redisFailure)
  fail(
    `no Redis answers at ${redisUrl} (${redisFailure}). Start one (redis-server, or docker run -p 6379:6379 redis:7) or set REDIS_URL.`,
  );
const postgresFailure = await postgresProblem(postgresUrl);
if (postgresFailure)
  fail(
    `no PostgreSQL answers at ${postgresUrl.replace(/:[^:@/]*@/, ':***@')} (${postgresFailure}). Start one (docker run -p 5432:5432 -e POSTGRES_USER=moba -e POSTGRES_PASSWORD=moba postgres:16) or set POSTGRES_URL.`,
  );

if (!existsSync(join(root, 'web/dist/index.html')) && env.SKIP_WEB_BUILD !== '1') {
  console.log('building the web app (first start)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

mkdirSync(plan.keysDir, { recursive: true });
const keys = spawnSync(
  process.execPath,
  ['--import', 'tsx', '-e', `require('@moba/platform').ensureKeyPair(${JSON.stringify(plan.keysDir)})`],
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

function start(name, script, processEnv, index) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...env, ...processEnv },
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

/** How long a process may take to answer its health check (HEALTH_WAIT_MS; 0: as long as it takes). */
const HEALTH_WAIT_MS = Number(process.env.HEALTH_WAIT_MS ?? 90_000);

async function waitHealthy(name, url, timeoutMs = HEALTH_WAIT_MS) {
  const deadline = timeoutMs > 0 ? Date.now() + timeoutMs : Infinity;
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

// auth first: it creates the first admin account (credentials printed once).
const [auth, ...others] = instances;
start(auth.name, `services/${auth.service}/src/main.ts`, auth.env, 0);
if (!(await waitHealthy(auth.name, `${urlOf(auth)}/healthz`))) process.exit(1);
others.forEach((instance, i) =>
  start(instance.name, `services/${instance.service}/src/main.ts`, instance.env, i + 1),
);
const healthy = await Promise.all(
  others.map((instance) => waitHealthy(instance.name, `${urlOf(instance)}/healthz`)),
);
if (!healthy.every(Boolean)) process.exit(1);

start(
  'gateway',
  'gateway/src/main.ts',
  { ...plan.gatewayEnv, PORT: String(gatewayPort), HOST: gatewayHost },
  instances.length,
);
if (!(await waitHealthy('gateway', `http://127.0.0.1:${gatewayPort}/api/healthz`))) process.exit(1);

const perService = SERVICES.map((service) => {
  const own = instances.filter((i) => i.service === service);
  return `${service} ×${own.length} (${own.map((i) => `:${i.port}`).join(', ')})`;
});
console.log(
  `\nMoba (distributed) is running: ${publicUrl}  — ${instances.length + 1} processes, data ${dataDir}\n` +
    `  instances: ${perService.join(', ')}, gateway :${gatewayPort}\n` +
    `  engines:   ${plan.engines.join('\n             ')}\n`,
);
