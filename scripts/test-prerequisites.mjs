// `npm test` runs this first (the "pretest" script): it makes sure the servers and the browser the
// tests talk to are there, and says exactly what to run when it cannot make them so itself.
//   Redis       REDIS_URL, default redis://127.0.0.1:6379
//   PostgreSQL  POSTGRES_URL, default postgres://moba:moba@127.0.0.1:5432/moba_test: its role may
//               CREATE SCHEMA there, and a database `moba` exists for `npm run start:distributed`
//   Chromium    /usr/bin/chromium, which the browser tests drive with playwright-core
//   argon2      its native binding loads (npm ci compiles it; see "allowScripts" in package.json)
// A local server that is installed but stopped is started; as root on Debian a missing one is
// installed with apt-get, and the role and the databases are created. When everything is there
// this takes well under a second; otherwise it stops with one line per missing thing.
import { execFile, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';
const redisUrl = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const postgresUrl = new URL(process.env.POSTGRES_URL ?? 'postgres://moba:moba@127.0.0.1:5432/moba_test');
const redisAddress = { host: redisUrl.hostname, port: Number(redisUrl.port || 6379) };
const postgresAddress = { host: postgresUrl.hostname, port: Number(postgresUrl.port || 5432) };
const role = decodeURIComponent(postgresUrl.username);
const password = decodeURIComponent(postgresUrl.password);
const testDatabase = postgresUrl.pathname.slice(1);

const isRoot = process.getuid?.() === 0;
const isLocal = ({ host }) => ['127.0.0.1', 'localhost', '[::1]'].includes(host);
const onPath = (command) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const canApt = isRoot && existsSync('/etc/debian_version') && onPath('apt-get');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 900_000, ...options });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

function runAsync(command, args, options = {}) {
  return new Promise((resolve) =>
    execFile(command, args, { encoding: 'utf8', timeout: 20_000, ...options }, (error, out, err) =>
      resolve({ ok: !error, output: `${out ?? ''}${err ?? ''}`.trim() }),
    ),
  );
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function waitFor(check, seconds) {
  for (let waited = 0; waited < seconds * 1000; waited += 200) {
    if (await check()) return true;
    await sleep(200);
  }
  return false;
}

/** Connects, optionally sends a line, and resolves with what came back first ('' if nothing). */
function talk({ host, port }, request) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: host.replace(/^\[|\]$/g, ''), port });
    const finish = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1000, () => finish(''));
    socket.once('error', () => finish(''));
    socket.once('connect', () => (request ? socket.write(request) : finish('connected')));
    socket.once('data', (chunk) => finish(chunk.toString('latin1')));
  });
}

const redisAnswers = async () => (await talk(redisAddress, 'PING\r\n')).startsWith('+PONG');
const postgresListens = async () => (await talk(postgresAddress, '')) === 'connected';

function chromiumThere() {
  try {
    accessSync(CHROMIUM, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Connects as the tests do; resolves what is missing there, or null when nothing is. */
async function postgresMissing() {
  const { Client } = createRequire(join(root, 'libs/platform/package.json'))('pg');
  const client = new Client({ connectionString: postgresUrl.href, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query(`SELECT
      has_database_privilege(current_database(), 'CREATE') AS "canCreate",
      EXISTS (SELECT 1 FROM pg_database WHERE datname = 'moba') AS "distributedDatabase"`);
    if (!rows[0].canCreate) return `role ${role} may not CREATE SCHEMA in ${testDatabase}`;
    if (!rows[0].distributedDatabase) return 'database moba (for start:distributed) is missing';
    return null;
  } catch (error) {
    return error.message || String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

async function argon2Loads() {
  const auth = join(root, 'services/auth');
  const compiled = join(dirname(createRequire(`${auth}/`).resolve('argon2')), 'build/Release');
  if (existsSync(join(compiled, 'argon2.node'))) return true;
  // Loaded in a child process, since a broken binding crashes the process that loads it.
  const load = "require(require.resolve('argon2', { paths: ['services/auth'] })).hash('x')";
  return (await runAsync(process.execPath, ['-e', load], { cwd: root })).ok;
}

// ---- what is done when something is missing ----

function aptInstall(packages) {
  if (packages.length === 0) return;
  console.log(`test prerequisites: apt-get install ${packages.join(' ')}`);
  run('apt-get', ['update', '-qq']);
  const result = run('apt-get', ['install', '-y', '-qq', ...packages], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!result.ok) console.error(result.output.split('\n').slice(-5).join('\n'));
}

const redisCommand = (dir) =>
  `redis-server --daemonize yes --bind 127.0.0.1 -::1 --port ${redisAddress.port} --save "" ` +
  `--appendonly no --dir ${dir} --logfile ${dir}/redis.log`;

async function startRedis() {
  const dir = isRoot ? '/var/lib/redis' : join(tmpdir(), 'moba-redis');
  mkdirSync(dir, { recursive: true });
  console.log(`test prerequisites: ${redisCommand(dir)}`);
  run('sh', ['-c', redisCommand(dir)]);
  return waitFor(redisAnswers, 10);
}

const latest = (dir) => (existsSync(dir) ? readdirSync(dir).sort().at(-1) : undefined);
const installedVersion = () => latest('/usr/lib/postgresql');

async function startPostgres() {
  const version = installedVersion();
  if (!version || !onPath('pg_ctlcluster')) return false;
  if (isRoot && !existsSync(`/etc/postgresql/${version}/main`)) {
    console.log(`test prerequisites: pg_createcluster ${version} main`);
    run('pg_createcluster', [version, 'main']);
  }
  const args = ['--skip-systemctl-redirect', version, 'main', 'start'];
  console.log(`test prerequisites: pg_ctlcluster ${args.join(' ')}`);
  const started = run('pg_ctlcluster', args);
  if (!started.ok) console.error(`test prerequisites: ${started.output.split('\n')[0]}`);
  return waitFor(postgresListens, started.ok ? 15 : 1);
}

const lit = (text) => `'${text.replace(/'/g, "''")}'`;
const ident = (name) => `"${name.replace(/"/g, '""')}"`;
const SETUP_SQL = [
  `SELECT format('CREATE ROLE %I LOGIN', ${lit(role)})
     WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = ${lit(role)}) \\gexec`,
  `ALTER ROLE ${ident(role)} LOGIN PASSWORD ${lit(password)};`,
  ...[testDatabase, 'moba'].map(
    (db) => `SELECT format('CREATE DATABASE %I OWNER %I', ${lit(db)}, ${lit(role)})
     WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = ${lit(db)}) \\gexec
   GRANT CONNECT, CREATE ON DATABASE ${ident(db)} TO ${ident(role)};`,
  ),
].join('\n');
const SETUP_HINT =
  `sudo -u postgres psql -c "CREATE ROLE ${role} LOGIN PASSWORD '${password}'" ` +
  `-c "CREATE DATABASE ${testDatabase} OWNER ${role}" -c "CREATE DATABASE moba OWNER ${role}"`;

/** Creates the role and the databases as the superuser: over the socket as root, else over TCP. */
function setUpPostgres() {
  console.log(`test prerequisites: creating role ${role}, databases ${testDatabase} and moba`);
  const psql = ['-X', '-q', '-v', 'ON_ERROR_STOP=1'];
  if (isRoot && onPath('runuser')) {
    const viaSocket = run('runuser', ['-u', 'postgres', '--', 'psql', ...psql], {
      input: SETUP_SQL,
      cwd: '/',
    });
    if (viaSocket.ok) return;
  }
  const { host, port } = postgresAddress;
  const tcp = ['-w', '-h', host, '-p', String(port), '-U', 'postgres', '-d', 'postgres'];
  const viaTcp = run('psql', [...psql, ...tcp], { input: SETUP_SQL });
  if (!viaTcp.ok) console.error(`test prerequisites: ${viaTcp.output.split('\n')[0]}`);
}

async function fixRedis() {
  const url = redisUrl.href;
  if (!isLocal(redisAddress)) return `Redis: nothing answers PING at ${url}; start it there`;
  if (!onPath('redis-server'))
    return `Redis: not installed; run: sudo apt-get install -y redis-server && ${redisCommand('/tmp')}`;
  if (await startRedis()) return null;
  return `Redis: redis-server does not answer on ${url}; see its log, or run: ${redisCommand('/tmp')}`;
}

async function fixPostgres() {
  const where = `${postgresAddress.host}:${postgresAddress.port}`;
  if (!(await postgresListens())) {
    if (!isLocal(postgresAddress)) return `PostgreSQL: nothing listens on ${where}; start it there`;
    if (!installedVersion())
      return `PostgreSQL: not installed; run: sudo apt-get install -y postgresql && ${SETUP_HINT}`;
    if (!(await startPostgres()))
      return `PostgreSQL: nothing listens on ${where}; run: sudo pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`;
  }
  if (!(await postgresMissing())) return null;
  if (isLocal(postgresAddress) && onPath('psql')) setUpPostgres();
  const missing = await postgresMissing();
  return missing && `PostgreSQL: ${missing}; run: ${SETUP_HINT}`;
}

const [redisOk, postgresProblem, chromiumOk, argon2Ok] = await Promise.all([
  redisAnswers(),
  postgresMissing(),
  chromiumThere(),
  argon2Loads(),
]);
if (redisOk && !postgresProblem && chromiumOk && argon2Ok) process.exit(0);

if (canApt) {
  const packages = [];
  if (!redisOk && isLocal(redisAddress) && !onPath('redis-server')) packages.push('redis-server');
  if (postgresProblem && isLocal(postgresAddress) && !installedVersion()) packages.push('postgresql');
  if (!chromiumOk) packages.push('chromium');
  aptInstall(packages);
}
const problems = [
  redisOk ? null : await fixRedis(),
  postgresProblem ? await fixPostgres() : null,
  chromiumThere() ? null : `Chromium: ${CHROMIUM} is missing; run: sudo apt-get install -y chromium`,
  argon2Ok
    ? null
    : 'argon2: its native binding does not load; run: npm rebuild argon2 (needs python3, make and g++)',
].filter(Boolean);
for (const line of problems) console.error(`npm test needs ${line}`);
process.exit(problems.length > 0 ? 1 : 0);
