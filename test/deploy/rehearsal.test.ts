import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
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
import { preloadSource, rehearsalPlan, type RehearsalPlan, type RehearsedProcess } from './rehearsal-plan';

/**
 * Issue #34 point 2: a rehearsal of `docker compose up` instead of a guess. Every Moba container of
 * docker-compose.yml runs here as a process: its production bundle (scripts/build-server.mjs, plain
 * node, NODE_ENV=production), the container's environment (image ENV + compose's, secrets from the
 * .env scripts/compose-secrets.mjs writes), its volumes (read-only ones read-only), started in
 * compose's depends_on order once what it waits for answers its healthcheck path; then a short
 * season walks through the gateway. What this machine cannot give (names, addresses, Kafka, MongoDB)
 * is replaced as rehearsal-plan.ts says, and each replacement is printed.
 */
const ROOT = join(__dirname, '../..');
const START_MS = 120_000;

interface Running {
  planned: RehearsedProcess;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

whenPostgres('docker compose up, rehearsed', () =>
  describe('docker compose up, rehearsed', () => {
    const prefix = freshSchemaPrefix('rehearsal');
    mkdirSync(join(ROOT, 'dist'), { recursive: true });
    // Inside the repository, so the bundles find node_modules as they do in the image.
    const dir = mkdtempSync(join(ROOT, 'dist', 'rehearsal-'));
    const running: Running[] = [];
    const mails: { to: string[]; text: string; html: string }[] = [];
    let smtp: SMTPServer | undefined;
    let plan: RehearsalPlan;
    let admin: { email: string; password: string };
    const gatewayUrl = () => {
      const gateway = plan.processes.find((p) => p.process === 'gateway')!;
      return `http://${gateway.address}:${gateway.env.PORT}`;
    };

    const start = (planned: RehearsedProcess): Running => {
      const preload = join(dir, `preload-${planned.name}.cjs`);
      writeFileSync(preload, preloadSource(plan.hosts, planned.readOnly));
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
    };

    /** Waits until the process answers its healthcheck path with 2xx, as compose's healthcheck does. */
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
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };

    beforeAll(async () => {
      execFileSync(process.execPath, ['scripts/build-server.mjs', join(dir, 'server')], {
        cwd: ROOT,
        stdio: 'pipe',
      });
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
      plan = rehearsalPlan(loadDeployment(repoSources(ROOT)), {
        root: ROOT,
        dir,
        dotEnv,
        redisUrl: REDIS_URL,
        subnet: 100 + Math.floor(Math.random() * 150),
        busUrl: (url) =>
          process.env.KAFKA_URL
            ? { url: `${process.env.KAFKA_URL}${url.slice(url.indexOf('?'))}`, why: 'KAFKA_URL given' }
            : {
                url: `${REDIS_URL}?prefix=${prefix}&blockMs=500`,
                why: 'NO KAFKA ANSWERS HERE (no KAFKA_URL): the Redis Streams bus instead',
              },
        storeUrl: () =>
          process.env.MONGO_URL
            ? { url: process.env.MONGO_URL, why: 'MONGO_URL given' }
            : {
                url: withSchema(prefix),
                why: 'NO MONGODB ANSWERS HERE (no MONGO_URL): the PostgreSQL store instead',
              },
      });
      for (const folder of Object.values(plan.volumes)) mkdirSync(folder, { recursive: true });
      console.log(`Rehearsing docker compose up; replaced:\n  ${plan.replaced.join('\n  ')}`);

      // Mailpit's stand-in: a real SMTP server at mailpit's address and port.
      const mailpit = new URL(plan.processes.find((p) => p.env.MAIL_URL)!.env.MAIL_URL);
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            mails.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              ...parseMail(Buffer.concat(chunks).toString('utf8')),
            });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) =>
        smtp!.listen(Number(mailpit.port), plan.hosts[mailpit.hostname], resolve),
      );

      // compose's order: a container starts once every Moba container it depends on is healthy.
      const started = new Map<string, Promise<void>>();
      const startAfterDependencies = (planned: RehearsedProcess): Promise<void> => {
        let done = started.get(planned.name);
        if (!done) {
          done = (async () => {
            await Promise.all(
              planned.after.map((name) =>
                startAfterDependencies(plan.processes.find((p) => p.name === name)!),
              ),
            );
            const run = start(planned);
            running.push(run);
            await healthy(run);
          })();
          started.set(planned.name, done);
        }
        return done;
      };
      await Promise.all(plan.processes.map(startAfterDependencies));

      const auth = running.find((r) => r.planned.process === 'auth')!;
      admin = {
        email: /e-mail:\s+(\S+)/.exec(auth.output())![1],
        password: /password:\s+(\S+)/.exec(auth.output())![1],
      };
    }, 300_000);

    afterAll(async () => {
      await Promise.all(
        running.map(async (run) => {
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

    it('starts every Moba container of docker-compose.yml from its production bundle, healthy', async () => {
      const names = running.map((r) => r.planned.name).sort();
      expect(names).toEqual(
        [
          'application-1',
          'application-2',
          'auth',
          'gateway',
          'notification-1',
          'notification-2',
          'payment',
          'rating',
          'vacancy-1',
          'vacancy-2',
        ].sort(),
      );
      for (const run of running) expect(run.planned.env.NODE_ENV).toBe('production');
      const health = await fetch(`${gatewayUrl()}/api/healthz`);
      expect(health.status).toBe(200);
    });

    it('shares one INTERNAL_SECRET between auth and the gateway, and writes nothing into the read-only public-key volume but auth', () => {
      const secrets = running
        .filter((r) => ['auth', 'gateway'].includes(r.planned.process))
        .map((r) => r.planned.env.INTERNAL_SECRET);
      expect(secrets).toHaveLength(2);
      expect(new Set(secrets).size).toBe(1);
      expect(readdirSync(plan.volumes['public-key'])).toEqual(['jwt-public.pem']);
      for (const folder of Object.values(plan.volumes))
        expect(existsSync(join(folder, 'internal-secret'))).toBe(false);
    });

    it('walks a short season through the gateway: sign-ups verified by mail, mobas, applications, accepts', async () => {
      const client = testClient(gatewayUrl());
      const mailedToken = async (email: string, contains: string) => {
        const deadline = Date.now() + 60_000;
        while (Date.now() < deadline) {
          const link = mails
            .filter((m) => m.to.includes(email))
            .flatMap((m) => m.text.match(/https?:\/\/\S+/g) ?? [])
            .find((l) => l.includes(contains));
          if (link) return new URL(link).searchParams.get('token')!;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error(`no ${contains} mail reached ${email} (${mails.length} mails caught)`);
      };
      const season = await simulateSeason(client, {
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
    }, 180_000);

    it('stops a gateway without INTERNAL_SECRET at start, naming it; one that made its own would hit the read-only volume (issue #34 point 1)', async () => {
      const gateway = plan.processes.find((p) => p.process === 'gateway')!;
      const without: Record<string, string> = { ...gateway.env, PORT: '0' };
      delete without.INTERNAL_SECRET;
      const refused = start({ ...gateway, name: 'gateway-without-secret', env: without });
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toMatch(/INTERNAL_SECRET: required in production/);
      // Before the fix a gateway made KEYS_DIR/internal-secret itself (still so outside production):
      // on compose's read-only public-key volume that is EROFS, as the issue found.
      const development = start({
        ...gateway,
        name: 'gateway-making-its-secret',
        env: { ...without, NODE_ENV: 'development', CLOCK_URL: 'system://' },
      });
      expect(await development.exited).toBe(1);
      expect(development.output()).toMatch(
        /EROFS: read-only file system, (open|writeFile) '.*internal-secret'/,
      );
      expect(existsSync(join(plan.volumes['public-key'], 'internal-secret'))).toBe(false);
    }, 60_000);
  }),
);
