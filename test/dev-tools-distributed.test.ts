import { randomBytes, randomUUID } from 'node:crypto';
import { calendarDay, GuestApplicationSubmitted, topics } from '@moba/contracts';
import { createBus, createLogger, createTokenSigner, generateKeyPair } from '@moba/platform';
import { testClient, type TestClient } from '@moba/platform/testing';
import { freePort } from '../libs/platform/test/fixtures/engines';
import { deleteKeys, REDIS_URL } from '../libs/platform/test/fixtures/redis';
import {
  dropSchemas,
  freshSchemaPrefix,
  whenPostgres,
  withSchema,
} from '../libs/platform/test/fixtures/postgres';
import { spawnTs, type Child } from '../libs/platform/test/fixtures/spawn';
import { validVacancy } from '../services/vacancy/test/helpers';

const DAY = 86_400_000;

/**
 * The dev clock and the dev mailbox in the distributed mode: a gateway, a vacancy process and two
 * notification processes, each its own OS process on Redis (bus, fan-out, the shared clock) and
 * PostgreSQL (the store both notification instances share). Moving the clock through the gateway moves it in every process; a mail one
 * notification instance stores is readable through the other and through the gateway.
 */
whenPostgres('dev clock and dev mailbox across processes', () =>
  describe('dev clock and dev mailbox across processes', () => {
    const prefix = freshSchemaPrefix('devtools');
    const keys = generateKeyPair();
    const signer = createTokenSigner(keys.privateKeyPem);
    const teamEmail = `team-${prefix}@dev-tools.test`;
    const common = {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      EVENT_BUS_URL: `${REDIS_URL}?prefix=${prefix}&blockMs=500`,
      STORE_URL: withSchema(prefix),
      FANOUT_URL: `${REDIS_URL}?channel=${prefix}:fanout`,
      CLOCK_URL: `${REDIS_URL}?key=${prefix}:clock`,
      JWT_PUBLIC_KEY: keys.publicKeyPem,
      // A production gateway refuses to start without it (it never makes its own).
      INTERNAL_SECRET: randomBytes(32).toString('hex'),
    };
    const children: Child[] = [];
    let gateway: TestClient;
    let serviceUrls: string;
    const notification: TestClient[] = [];

    const start = async (script: string, env: Record<string, string>) => {
      const port = await freePort();
      children.push(spawnTs(script, [], { ...common, ...env, PORT: String(port) }));
      return { port, client: testClient(`http://127.0.0.1:${port}`), child: children[children.length - 1] };
    };

    beforeAll(async () => {
      const started = [
        await start('services/vacancy/src/main.ts', { SCHEDULER_INTERVAL_MS: '200' }),
        await start('services/notification/src/main.ts', { TEAM_EMAIL: teamEmail }),
        await start('services/notification/src/main.ts', { TEAM_EMAIL: teamEmail }),
      ];
      for (const { client, child } of started) await waitFor(client, '/readyz', child);
      notification.push(started[1].client, started[2].client);
      const nowhere = `http://127.0.0.1:${await freePort()}`; // services this test does not run
      const urlOf = (i: number) => `http://127.0.0.1:${started[i].port}`;
      serviceUrls = `auth=${nowhere};application=${nowhere};rating=${nowhere};payment=${nowhere};vacancy=${urlOf(0)};notification=${urlOf(1)},${urlOf(2)}`;
      const gw = await start('gateway/src/main.ts', {
        SERVICE_URLS: serviceUrls,
        WEB_DIST: `/nonexistent-${prefix}`,
      });
      gateway = gw.client;
      await waitFor(gateway, '/healthz', gw.child);
    }, 120_000);
    afterAll(async () => {
      await Promise.all(children.map((c) => c.kill()));
      await deleteKeys(`${prefix}:*`);
      await dropSchemas(prefix);
    });

    const estateToken = async () => {
      const id = randomUUID();
      const jwt = await signer.sign({ id, role: 'Estate', fullName: 'Imanje Sat', tokenVersion: 0 }, 3600);
      return { authorization: `Bearer ${jwt}` };
    };

    it('moves the clock of every process: the vacancy status job finishes a moba by the moved date, and mails carry the moved time', async () => {
      const before = Date.parse((await gateway.get('/api/dev/clock')).body.now);
      expect(Math.abs(before - Date.now())).toBeLessThan(5000);

      const estate = await estateToken();
      const created = await gateway.post(
        '/api/estates/vacancies/create',
        validVacancy(calendarDay(new Date(before)), {}),
        estate,
      );
      expect(created.status).toBe(201);

      const moved = await gateway.post('/api/dev/clock', { advanceMs: 12 * DAY });
      expect(moved.status).toBe(200);
      expect(Date.parse(moved.body.now) - Date.now()).toBeGreaterThan(12 * DAY - 5000);
      expect((await gateway.post('/api/dev/clock', { advanceMs: -1 })).status).toBe(400);

      // The vacancy process runs its status job every 200 ms on the shared clock: past the end date.
      const deadline = Date.now() + 30_000; // a loaded machine runs the 200 ms job late
      let status = '';
      while (Date.now() < deadline) {
        const mine = await gateway.get('/api/estates/vacancies/all', estate);
        status = (mine.body as { id: string; status: string }[]).find((v) => v.id === created.body.id)
          ?.status as string;
        if (status === 'Finished') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe('Finished');

      // A contact message sent to notification instance 1 is mailed with instance 1's (moved) time ...
      const sender = `visitor-${prefix}@dev-tools.test`;
      const contact = await notification[0].post('/contact-us', {
        name: 'Posetilac',
        email: sender,
        message: 'Kada počinje berba?',
      });
      expect(contact.status).toBe(201);
      // ... and readable through instance 2, and through the gateway whichever instance answers.
      const mailboxOf = async (client: TestClient, path = '/dev/mailbox.json') => {
        const res = await client.get(`${path}?to=${encodeURIComponent(teamEmail)}`);
        expect(res.status).toBe(200);
        return res.body as { replyTo?: string; sentAt: string }[];
      };
      const [mail] = await mailboxOf(notification[1]);
      expect(mail?.replyTo).toBe(sender);
      expect(Date.parse(mail.sentAt) - Date.now()).toBeGreaterThan(12 * DAY - 5000);
      for (let i = 0; i < 2; i++) expect(await mailboxOf(gateway)).toEqual([mail]);
      const page = await gateway.get(`/dev/mailbox?to=${encodeURIComponent(teamEmail)}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Kada počinje berba?');
    }, 60_000);

    it('keeps SMS in the dev outbox the two notification instances share, readable at /dev/sms through the gateway', async () => {
      const bus = await createBus(common.EVENT_BUS_URL, 'sms-probe', createLogger('sms-probe', 'silent'));
      try {
        const guestApplicationId = randomUUID();
        const phone = `+38164${String(Date.now()).slice(-7)}`;
        await bus.publish(
          topics.application,
          GuestApplicationSubmitted.create(guestApplicationId, {
            guestApplicationId,
            firstName: 'Gost',
            lastName: 'Gostić',
            phone,
            municipality: 'Arilje',
          }),
        );
        // The phone's owner texts START (before or after the event is handled: either way the
        // "application received" goes, held until the START or sent at once after it).
        const start = await gateway.post('/dev/sms/reply', { from: phone, text: 'START' });
        expect(start.body).toEqual({ ok: true, stopped: false, started: true });
        const path = `/dev/sms.json?to=${encodeURIComponent(phone)}`;
        const deadline = Date.now() + 20_000;
        let sms: { to: string; text: string }[] = [];
        while (Date.now() < deadline && sms.length === 0) {
          sms = (await gateway.get(path)).body as typeof sms;
          if (sms.length === 0) await new Promise((r) => setTimeout(r, 200));
        }
        expect(sms).toEqual([expect.objectContaining({ to: phone, text: expect.stringContaining('STOP') })]);
        for (const instance of notification) expect((await instance.get(path)).body).toEqual(sms);
        expect((await gateway.get(`/dev/sms?to=${encodeURIComponent(phone)}`)).text).toContain('primili smo');
      } finally {
        await bus.close();
      }
    }, 60_000);

    it('is off in production: a shared clock stops the process naming CLOCK_URL, and the gateway offers neither the clock nor the mailbox', async () => {
      const { child } = await start('gateway/src/main.ts', {
        NODE_ENV: 'production',
        SERVICE_URLS: `auth=x;vacancy=x;application=x;rating=x;payment=x;notification=x`,
      });
      const { code } = await child.exited;
      expect(code).toBe(1);
      expect(child.output()).toMatch(/CLOCK_URL: the dev clock is off in production/);

      // Without it, a production gateway offers neither the clock nor the mailbox.
      const production = await start('gateway/src/main.ts', {
        NODE_ENV: 'production',
        CLOCK_URL: 'system://',
        SERVICE_URLS: serviceUrls,
        WEB_DIST: `/nonexistent-${prefix}`,
      });
      await waitFor(production.client, '/healthz', production.child);
      expect((await production.client.get('/api/dev/clock')).status).toBe(404);
      const mailbox = await production.client.get(`/dev/mailbox.json?to=${encodeURIComponent(teamEmail)}`);
      expect(mailbox.headers.get('content-type')).not.toContain('application/json');
      expect(mailbox.text).not.toContain(teamEmail);
    }, 60_000);
  }),
);

async function waitFor(client: TestClient, path: string, child: Child) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.process.exitCode !== null) throw new Error(`process exited:\n${child.output()}`);
    try {
      if ((await client.get(path)).status === 200) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`no answer at ${path}:\n${child.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
