import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { generateKeyPair, hasPlaceholder, replacePlaceholders } from '@moba/platform';
import { testClient } from '@moba/platform/testing';
import { simulateSeason } from '../../scripts/season/simulate-season';
import { parseMail } from '../../services/notification/test/smtp-test-server';
import {
  dropSchemas,
  freshSchemaPrefix,
  whenPostgres,
  withSchema,
} from '../../libs/platform/test/fixtures/postgres';
import { deleteKeys, REDIS_URL } from '../../libs/platform/test/fixtures/redis';
import { loadDeployment, repoSources } from './deploy-check';
import { COMPOSE_SERVICE_CONTAINERS } from './compose-containers';
import {
  k8sRehearsalPlan,
  preloadSource,
  rehearsalPlan,
  type RehearsalPlan,
  type RehearsedProcess,
} from './rehearsal-plan';

/**
 * Issue #34 point 2: a rehearsal instead of a guess. Every Moba container of docker-compose.yml, and
 * then every Deployment of k8s/, runs here as a process: its production bundle
 * (scripts/build-server.mjs, plain node, NODE_ENV=production) with the container's environment and
 * volumes (read-only ones read-only; in k8s a read-only root filesystem), started as compose or the
 * cluster would start it, healthy when its healthcheck or readiness path answers; then a short season
 * walks through the gateway. What this machine cannot give (names, addresses, Kafka, MongoDB, an
 * outside mail server) is replaced as rehearsal-plan.ts says, and each replacement is printed.
 */
const ROOT = join(__dirname, '../..');
const START_MS = 120_000;

interface Running {
  planned: RehearsedProcess;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** What one rehearsal runs on: the bundles, folders, a mail catcher, the processes it started. */
interface Stage {
  dir: string;
  prefix: string;
  subnet: number;
  plan: RehearsalPlan & { writable?: Record<string, string[]> };
  running: Running[];
  mails: { to: string[]; text: string }[];
  start(planned: RehearsedProcess): Running;
  gatewayUrl(): string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const busUrl = (prefix: string) => (url: string) =>
  process.env.KAFKA_URL
    ? {
        url: `${process.env.KAFKA_URL}${url.includes('?') ? url.slice(url.indexOf('?')) : ''}`,
        why: 'KAFKA_URL given',
      }
    : {
        url: `${REDIS_URL}?prefix=${prefix}&blockMs=500`,
        why: 'NO KAFKA ANSWERS HERE (no KAFKA_URL): the Redis Streams bus instead',
      };
const storeUrl = (prefix: string) => () =>
  process.env.MONGO_URL
    ? { url: process.env.MONGO_URL, why: 'MONGO_URL given' }
    : {
        url: withSchema(prefix),
        why: 'NO MONGODB ANSWERS HERE (no MONGO_URL): the PostgreSQL store instead',
      };

const isolate = (prefix: string) => (variable: string, value: string) => {
  const why = "this machine's Redis is shared with other runs: keys and channels of this run";
  if (variable === 'RATE_LIMIT_URL' && value.startsWith('redis://'))
    return { url: `${REDIS_URL}?prefix=${prefix}:rate:`, why };
  if (variable === 'FANOUT_URL' && value.startsWith('redis://'))
    return { url: `${REDIS_URL}?channel=${prefix}:fanout`, why };
  return undefined;
};

/**
 * Builds the bundles, plans, starts the processes (each once those it waits for are healthy), and
 * stops everything afterwards. The plan is made in beforeAll; the tests get the stage.
 */
function rehearse(
  label: string,
  makePlan: (stage: Pick<Stage, 'dir' | 'prefix' | 'subnet'>) => Stage['plan'],
  mailAddress: (plan: Stage['plan']) => { host: string; port: number },
): Stage {
  const prefix = freshSchemaPrefix(label);
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  // Inside the repository, so the bundles find node_modules as they do in the image.
  const dir = mkdtempSync(join(ROOT, 'dist', `rehearsal-${label}-`));
  let smtp: SMTPServer | undefined;
  const stage: Stage = {
    dir,
    prefix,
    subnet: 100 + Math.floor(Math.random() * 150),
    plan: undefined as unknown as Stage['plan'],
    running: [],
    mails: [],
    start(planned) {
      const preload = join(dir, `preload-${planned.name}.cjs`);
      writeFileSync(
        preload,
        preloadSource(stage.plan.hosts, planned.readOnly, stage.plan.writable?.[planned.name]),
      );
      // Exactly the container's environment: nothing of this test's own leaks in (PATH aside).
      const child = spawn(
        process.execPath,
        ['-r', preload, '--enable-source-maps', join(dir, 'server', `${planned.process}.js`)],
        { cwd: ROOT, env: { PATH: process.env.PATH, ...planned.env }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      return { planned, child, output: () => out, exited };
    },
    gatewayUrl() {
      const gateway = stage.plan.processes.find((p) => p.process === 'gateway')!;
      return `http://${gateway.address}:${gateway.env.PORT}`;
    },
  };

  /** Waits until the process answers its health path with 2xx, as the healthcheck or probe asks. */
  const healthy = async (run: Running) => {
    const url = `http://${run.planned.address}:${run.planned.env.PORT}${run.planned.healthPath}`;
    const deadline = Date.now() + START_MS;
    let exit: number | null | undefined;
    void run.exited.then((code) => (exit = code));
    for (;;) {
      if (exit !== undefined) throw new Error(`${run.planned.name} exited (${exit}):\n${run.output()}`);
      const ok = await fetch(url, { signal: AbortSignal.timeout(3000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      if (Date.now() > deadline)
        throw new Error(`${run.planned.name}: ${url} never answered:\n${run.output()}`);
      await sleep(200);
    }
  };

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build-server.mjs', join(dir, 'server')], {
      cwd: ROOT,
      stdio: 'pipe',
    });
    stage.plan = makePlan(stage);
    for (const folder of Object.values(stage.plan.volumes)) mkdirSync(folder, { recursive: true });
    console.log(`Rehearsing ${label}; replaced:\n  ${stage.plan.replaced.join('\n  ')}`);

    // The mail server's stand-in: a real SMTP server (the smtp-server package).
    const mail = mailAddress(stage.plan);
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const { text } = parseMail(Buffer.concat(chunks).toString('utf8'));
          stage.mails.push({ to: session.envelope.rcptTo.map((r) => r.address), text });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp!.listen(mail.port, mail.host, resolve));

    const started = new Map<string, Promise<void>>();
    const startAfterDependencies = (planned: RehearsedProcess): Promise<void> => {
      let done = started.get(planned.name);
      if (!done) {
        done = (async () => {
          await Promise.all(
            planned.after.map((name) =>
              startAfterDependencies(stage.plan.processes.find((p) => p.name === name)!),
            ),
          );
          const run = stage.start(planned);
          stage.running.push(run);
          await healthy(run);
        })();
        started.set(planned.name, done);
      }
      return done;
    };
    await Promise.all(stage.plan.processes.map(startAfterDependencies));
  }, 300_000);

  afterAll(async () => {
    await Promise.all(
      stage.running.map(async (run) => {
        run.child.kill('SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        const stopped = await Promise.race([
          run.exited.then(() => true),
          new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 30_000))),
        ]);
        clearTimeout(timer);
        if (!stopped) run.child.kill('SIGKILL');
      }),
    );
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    await dropSchemas(prefix);
    await deleteKeys(`${prefix}*`);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);
  return stage;
}

/** A short season through the gateway: sign-ups verified from the caught mails, mobas, applications, accepts. */
async function walkSeason(stage: Stage, admin: { email: string; password: string }) {
  const mailedToken = async (email: string, contains: string) => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const link = stage.mails
        .filter((m) => m.to.includes(email))
        .flatMap((m) => m.text.match(/https?:\/\/\S+/g) ?? [])
        .find((l) => l.includes(contains));
      if (link) return new URL(link).searchParams.get('token')!;
      await sleep(100);
    }
    throw new Error(`no ${contains} mail reached ${email} (${stage.mails.length} mails caught)`);
  };
  const season = await simulateSeason(testClient(stage.gatewayUrl()), {
    estates: 2,
    workers: 4,
    mobasPerEstate: 1,
    seed: Date.now() % 1_000_000,
    admin,
    finishJobs: false,
    mailedToken,
  });
  expect(season).toMatchObject({ estates: 2, workers: 4, mobas: 2 });
  expect(season.applied).toBeGreaterThan(0);
  expect(season.accepted).toBeGreaterThan(0);
}

whenPostgres('docker compose up, rehearsed', () =>
  describe('docker compose up, rehearsed', () => {
    const stage = rehearse(
      'compose',
      ({ dir, prefix, subnet }) => {
        execFileSync(process.execPath, ['scripts/compose-secrets.mjs', join(dir, '.env')], {
          cwd: ROOT,
          stdio: 'pipe',
        });
        const dotEnv = Object.fromEntries(
          readFileSync(join(dir, '.env'), 'utf8')
            .trim()
            .split('\n')
            .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
        );
        return rehearsalPlan(loadDeployment(repoSources(ROOT)), {
          root: ROOT,
          dir,
          dotEnv,
          redisUrl: REDIS_URL,
          subnet,
          busUrl: busUrl(prefix),
          storeUrl: storeUrl(prefix),
          isolate: isolate(prefix),
        });
      },
      // Mailpit's stand-in, at mailpit's address and the port MAIL_URL names.
      (plan) => {
        const url = new URL(plan.processes.find((p) => p.env.MAIL_URL)!.env.MAIL_URL);
        return { host: plan.hosts[url.hostname], port: Number(url.port) };
      },
    );

    it('starts every Moba container of docker-compose.yml from its production bundle, healthy', async () => {
      expect(stage.running.map((r) => r.planned.name).sort()).toEqual(
        [...COMPOSE_SERVICE_CONTAINERS, 'gateway'].sort(),
      );
      for (const run of stage.running) expect(run.planned.env.NODE_ENV).toBe('production');
      expect((await fetch(`${stage.gatewayUrl()}/api/healthz`)).status).toBe(200);
    });

    it('shares one INTERNAL_SECRET between auth and the gateway, and only auth writes into the public-key volume', () => {
      const secrets = stage.running
        .filter((r) => ['auth', 'gateway'].includes(r.planned.process))
        .map((r) => r.planned.env.INTERNAL_SECRET);
      expect(secrets).toHaveLength(2);
      expect(new Set(secrets).size).toBe(1);
      expect(readdirSync(stage.plan.volumes['public-key'])).toEqual(['jwt-public.pem']);
      for (const folder of Object.values(stage.plan.volumes))
        expect(existsSync(join(folder, 'internal-secret'))).toBe(false);
    });

    it('walks a short season through the gateway, the admin signing in with the password auth printed', async () => {
      const auth = stage.running.find((r) => r.planned.process === 'auth')!.output();
      await walkSeason(stage, {
        email: /e-mail:\s+(\S+)/.exec(auth)![1],
        password: /password:\s+(\S+)/.exec(auth)![1],
      });
    }, 180_000);

    it('stops a gateway without INTERNAL_SECRET at start, naming it; one that made its own would hit the read-only volume (issue #34 point 1)', async () => {
      const gateway = stage.plan.processes.find((p) => p.process === 'gateway')!;
      const without: Record<string, string> = { ...gateway.env, PORT: '0' };
      delete without.INTERNAL_SECRET;
      const refused = stage.start({ ...gateway, name: 'gateway-without-secret', env: without });
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toMatch(/INTERNAL_SECRET: required in production/);
      // Before the fix a gateway made KEYS_DIR/internal-secret itself (still so outside production):
      // on compose's read-only public-key volume that is EROFS, as the issue found.
      const development = stage.start({
        ...gateway,
        name: 'gateway-making-its-secret',
        env: { ...without, NODE_ENV: 'development', CLOCK_URL: 'system://' },
      });
      expect(await development.exited).toBe(1);
      expect(development.output()).toMatch(
        /EROFS: read-only file system, (open|writeFile) '.*internal-secret'/,
      );
      expect(existsSync(join(stage.plan.volumes['public-key'], 'internal-secret'))).toBe(false);
    }, 60_000);
  }),
);

whenPostgres('kubectl apply -f k8s/, rehearsed', () =>
  describe('kubectl apply -f k8s/, rehearsed', () => {
    const keys = generateKeyPair();
    const adminPassword = randomBytes(12).toString('base64url');
    let mailHost = '';
    const traces: string[] = [];
    let collector: Server | undefined;
    const stage = rehearse(
      'k8s',
      ({ dir, prefix, subnet }) => {
        mailHost = `127.${subnet}.3.1`;
        return k8sRehearsalPlan(loadDeployment(repoSources(ROOT)), {
          root: ROOT,
          dir,
          redisUrl: REDIS_URL,
          subnet,
          busUrl: busUrl(prefix),
          storeUrl: storeUrl(prefix),
          isolate: isolate(prefix),
          // The operator's Secret: real keys and secrets where the example has placeholders.
          secretValue: (key, example) => {
            if (key === 'JWT_PRIVATE_KEY') return keys.privateKeyPem;
            if (key === 'JWT_PUBLIC_KEY') return keys.publicKeyPem;
            if (key === 'ADMIN_PASSWORD') return adminPassword;
            return hasPlaceholder(example)
              ? replacePlaceholders(example, () => randomBytes(16).toString('hex'))
              : example;
          },
          mailUrl: () => ({
            url: `smtp://${mailHost}:1025`,
            why: "the Secret's SMTP server is outside the cluster: a mail catcher instead",
          }),
        });
      },
      () => ({ host: mailHost, port: 1025 }),
    );

    beforeAll(async () => {
      // The cluster's OpenTelemetry collector (OTEL_EXPORTER_OTLP_ENDPOINT): a stand-in that keeps what arrives.
      const endpoint = new URL(stage.plan.processes[0].env.OTEL_EXPORTER_OTLP_ENDPOINT);
      collector = createServer((req, res) => {
        traces.push(String(req.url));
        req.resume();
        req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
      });
      await new Promise<void>((resolve) =>
        collector!.listen(Number(endpoint.port), stage.plan.hosts[endpoint.hostname], resolve),
      );
    });
    afterAll(
      () => new Promise<void>((resolve) => (collector ? collector.close(() => resolve()) : resolve())),
    );

    it('starts every Deployment from its production bundle on a read-only root filesystem, ready', async () => {
      expect(stage.running.map((r) => r.planned.name).sort()).toEqual(
        ['application', 'auth', 'gateway', 'notification', 'payment', 'rating', 'vacancy'].sort(),
      );
      for (const run of stage.running) expect(stage.plan.writable?.[run.planned.name]).toContain('/tmp');
      expect((await fetch(`${stage.gatewayUrl()}/api/healthz`)).status).toBe(200);
    });

    it('walks a short season through the gateway, the admin signing in with the Secret’s password, and traces reach the collector', async () => {
      await walkSeason(stage, { email: 'admin@moba.rs', password: adminPassword });
      const deadline = Date.now() + 30_000;
      while (!traces.some((t) => t.startsWith('/v1/traces')) && Date.now() < deadline) await sleep(200);
      expect(traces.some((t) => t.startsWith('/v1/traces'))).toBe(true);
    }, 180_000);
  }),
);
