import { eventually } from '@moba/platform/testing';
import {
  loginAdmin,
  mobaBody,
  notificationOf,
  pressCheckout,
  registeredUser,
  startProduct,
} from './support/product';

/**
 * Flows that cross services, through the gateway only, as the web would call them (spec §4, §7;
 * ARCHITECTURE §6). Each test makes its own users and vacancies.
 */
let product: Awaited<ReturnType<typeof startProduct>>;
beforeAll(async () => {
  // A promo period around any test day; the status job runs often so clock moves show quickly.
  product = await startProduct({
    PROMO_START: '2020-01-01',
    PROMO_END: '2099-12-31',
    SCHEDULER_INTERVAL_MS: '100',
  });
}, 60_000);
afterAll(() => product.stop());

type Session = Awaited<ReturnType<typeof registeredUser>>;
const api = () => product.client;

async function createMoba(
  estate: Session,
  overrides: Record<string, unknown> = {},
  startIn = 2,
  days = 3,
): Promise<string> {
  const response = await api().post(
    '/api/estates/vacancies/create',
    await mobaBody(api(), overrides, startIn, days),
    estate.auth,
  );
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${response.text}`);
  return response.body.id as string;
}

async function estateMoba(estate: Session, vacancyId: string) {
  const list = await api().get('/api/estates/vacancies/all', estate.auth);
  return (list.body as { id: string; status: string; featured: boolean }[]).find((v) => v.id === vacancyId);
}

/** A worker applies and the admin accepts; answers the application id. */
async function acceptedInto(vacancyId: string, worker: Session, admin: { auth: Record<string, string> }) {
  const applied = await api().post('/api/applications/create', { vacancyId }, worker.auth);
  expect(applied.status).toBe(201);
  const accepted = await eventually(
    async () => {
      const response = await api().post(`/api/admin/applications/${applied.body.id}/accept`, {}, admin.auth);
      return response.status === 200 ? response : null;
    },
    'the admin accepts (the vacancy replica may lag a moment)',
    10_000,
  );
  expect(accepted.body.applicationId).toBe(applied.body.id);
  return applied.body.id as string;
}

describe('an estate deletes a vacancy with accepted workers', () => {
  test("their applications close, each accepted worker gets a 'vacancy deleted' notification, and the stats drop it", async () => {
    const admin = await loginAdmin(api());
    const estate = await registeredUser(api(), 'estate');
    const [accepted, pending] = [
      await registeredUser(api(), 'worker'),
      await registeredUser(api(), 'worker'),
    ];
    const vacancyId = await createMoba(estate, { title: 'Berba koja se otkazuje' });
    await acceptedInto(vacancyId, accepted, admin);
    expect((await api().post('/api/applications/create', { vacancyId }, pending.auth)).status).toBe(201);
    expect(
      (await api().get('/api/workers/vacancies/my/active', accepted.auth)).body.map(
        (v: { id: string }) => v.id,
      ),
    ).toContain(vacancyId);
    const before = (await api().get('/api/admin/stats', admin.auth)).body;

    expect((await api().delete(`/api/estates/vacancies/${vacancyId}`, estate.auth)).status).toBe(200);

    const told = await notificationOf(api(), accepted.auth, 'notification.vacancyDeleted', { vacancyId });
    expect(told.actionButtonType).toBeNull();
    const stats = await eventually(
      async () => {
        const now = (await api().get('/api/admin/stats', admin.auth)).body;
        return now.openApplications === before.openApplications - 2 ? now : null;
      },
      'the accepted and the pending application leave the open ones',
      10_000,
    );
    expect(stats).toMatchObject({
      totalVacancies: before.totalVacancies - 1,
      openVacancies: before.openVacancies - 1,
      pendingApplications: before.pendingApplications - 1,
      totalApplications: before.totalApplications,
    });
    expect((await api().get('/api/workers/vacancies/my/active', accepted.auth)).body).toEqual([]);
    expect((await api().get('/api/workers/vacancies/my/active', pending.auth)).body).toEqual([]);
    const pendingList = await api().post('/api/admin/applications/pending', { vacancyId }, admin.auth);
    expect(pendingList.body).toMatchObject({ items: [], total: 0 });
    expect(
      (await api().get('/api/notifications/all', pending.auth)).body.some(
        (n: { content: { key: string } }) => n.content.key === 'notification.vacancyDeleted',
      ),
    ).toBe(false);
    const browse = await api().post('/api/workers/vacancies/open', {}, accepted.auth);
    expect(browse.body.items.some((v: { id: string }) => v.id === vacancyId)).toBe(false);
  });
});

describe('a featured moba paid through the sandbox checkout', () => {
  test('Pay: the vacancy becomes Open and featured, comes first in browsing, and the estate is notified', async () => {
    const estate = await registeredUser(api(), 'estate');
    await createMoba(estate, { title: 'Prva, besplatno istaknuta', sponsored: true });
    const vacancyId = await createMoba(estate, { title: 'Plaćeno istaknuta berba', sponsored: true });
    expect(await estateMoba(estate, vacancyId)).toMatchObject({ status: 'Pending', featured: false });

    const checkout = await api().post(
      '/api/payment/create',
      { purpose: 'featuring', vacancyId },
      estate.auth,
    );
    expect(checkout.status).toBe(200);
    const pressed = await pressCheckout(checkout.text, 'succeeded');
    expect(pressed.html).toContain('1.500 RSD');
    expect(pressed.status).toBe(303);
    expect(pressed.location).toContain(`/payment/processing/${vacancyId}?status=success`);

    await eventually(
      async () => (await estateMoba(estate, vacancyId))?.featured === true,
      'the vacancy featured',
      10_000,
    );
    expect(await estateMoba(estate, vacancyId)).toMatchObject({ status: 'Open', featured: true });
    const worker = await registeredUser(api(), 'worker');
    const browse = await eventually(
      async () => {
        const page = await api().post('/api/workers/vacancies/open', {}, worker.auth);
        return page.body.items?.[0]?.id === vacancyId ? page : null;
      },
      'the featured vacancy first in browsing',
      10_000,
    );
    expect(browse.body.items[0]).toMatchObject({ id: vacancyId, featured: true });
    await notificationOf(api(), estate.auth, 'notification.featuringSucceeded', { vacancyId });
  });

  test.each([
    ['cancelled', 'cancelled', 'notification.featuringCancelled'],
    ['failed', 'error', 'notification.featuringFailed'],
  ] as const)(
    '%s: the vacancy is created and Open but not featured, and the estate is told',
    async (outcome, status, key) => {
      const estate = await registeredUser(api(), 'estate');
      await createMoba(estate, { title: 'Prva, besplatno istaknuta', sponsored: true });
      const vacancyId = await createMoba(estate, { title: `Isticanje: ${outcome}`, sponsored: true });
      const checkout = await api().post(
        '/api/payment/create',
        { purpose: 'featuring', vacancyId },
        estate.auth,
      );
      const pressed = await pressCheckout(checkout.text, outcome);
      expect(pressed.status).toBe(303);
      expect(pressed.location).toContain(`/payment/processing/${vacancyId}?status=${status}`);
      await eventually(
        async () => (await estateMoba(estate, vacancyId))?.status === 'Open',
        'the vacancy Open',
        10_000,
      );
      expect(await estateMoba(estate, vacancyId)).toMatchObject({ status: 'Open', featured: false });
      await notificationOf(api(), estate.auth, key, { vacancyId });
      const worker = await registeredUser(api(), 'worker');
      const browse = await api().post('/api/workers/vacancies/open', {}, worker.auth);
      expect(browse.body.items.find((v: { id: string }) => v.id === vacancyId)).toMatchObject({
        featured: false,
      });
    },
  );
});

describe('a job finishes when the clock passes its end date', () => {
  test('RateEstate / RateWorkers notifications carry the vacancy id; both sides rate; the averages show in /api/users/me/ratings', async () => {
    const admin = await loginAdmin(api());
    const estate = await registeredUser(api(), 'estate');
    const [first, second] = [await registeredUser(api(), 'worker'), await registeredUser(api(), 'worker')];
    const vacancyId = await createMoba(estate, { title: 'Kratka berba' }, 1, 2);
    await acceptedInto(vacancyId, first, admin);
    await acceptedInto(vacancyId, second, admin);
    expect(
      (await api().get(`/api/workers/vacancy/${vacancyId}/estate/for-rating`, first.auth)).status,
    ).toBeGreaterThanOrEqual(400);

    const moved = await api().post('/api/dev/clock', { advanceMs: 5 * 86_400_000 });
    expect(moved.status).toBe(200);

    for (const worker of [first, second]) {
      const ask = await notificationOf(api(), worker.auth, 'notification.rateEstate', { vacancyId });
      expect(ask).toMatchObject({
        actionButtonType: 'RateEstate',
        actionButtonParamIds: expect.arrayContaining([vacancyId]),
      });
    }
    const askEstate = await notificationOf(api(), estate.auth, 'notification.rateWorkers', { vacancyId });
    expect(askEstate).toMatchObject({
      actionButtonType: 'RateWorkers',
      actionButtonParamIds: expect.arrayContaining([vacancyId]),
    });
    const finished = await api().get('/api/workers/vacancies/my/finished', first.auth);
    expect(finished.body.map((v: { id: string }) => v.id)).toContain(vacancyId);

    // The workers rate the estate (5 and 4) from the notification's vacancy id.
    for (const [worker, grade] of [
      [first, 5],
      [second, 4],
    ] as const) {
      const target = await eventually(
        async () => {
          const response = await api().get(
            `/api/workers/vacancy/${askEstate.actionButtonParamIds[0]}/estate/for-rating`,
            worker.auth,
          );
          return response.status === 200 ? response.body : null;
        },
        'the estate to rate',
        10_000,
      );
      expect(target).toMatchObject({ vacancyId, estateId: estate.userId, rated: false });
      const rated = await api().post(
        `/api/users/${estate.userId}/rate/estate`,
        { grade, comment: 'Uredna isplata.', vacancyId },
        worker.auth,
      );
      expect(rated.status).toBeLessThan(300);
      const again = await api().post(
        `/api/users/${estate.userId}/rate/estate`,
        { grade, vacancyId },
        worker.auth,
      );
      expect(again.status).toBe(409);
    }
    // The estate rates one worker alone and the rest at once.
    const toRate = await api().get(`/api/estates/vacancy/${vacancyId}/workers/for-rating`, estate.auth);
    expect(toRate.body.workers.map((w: { workerId: string }) => w.workerId).sort()).toEqual(
      [first.userId, second.userId].sort(),
    );
    expect(
      (await api().post(`/api/users/${first.userId}/rate/worker`, { grade: 3, vacancyId }, estate.auth))
        .status,
    ).toBeLessThan(300);
    const bulk = await api().post(
      '/api/users/rate/workers',
      { vacancyId, ratings: [{ workerId: second.userId, grade: 5, comment: 'Vredan.' }] },
      estate.auth,
    );
    expect(bulk.status).toBeLessThan(300);

    const averages = async (session: Session) =>
      eventually(
        async () => {
          const response = await api().get('/api/users/me/ratings', session.auth);
          return response.body.count > 0 ? response.body : null;
        },
        'ratings received',
        10_000,
      );
    expect(await averages(estate)).toMatchObject({ average: 4.5, count: 2 });
    expect(await averages(first)).toMatchObject({ average: 3, count: 1 });
    expect(await averages(second)).toMatchObject({ average: 5, count: 1 });
  });
});

describe('a password change logs the user out everywhere', () => {
  test('the old token gets 401 from every service behind the gateway, the public payment routes included', async () => {
    const estate = await registeredUser(api(), 'estate');
    await createMoba(estate, { title: 'Prva, besplatno istaknuta', sponsored: true });
    const vacancyId = await createMoba(estate, { title: 'Čeka plaćanje', sponsored: true });
    const calls = [
      () => api().get('/api/estates/me', estate.auth),
      () => api().get('/api/users/me', estate.auth),
      () => api().get('/api/estates/vacancies/all', estate.auth),
      () => api().get(`/api/estates/vacancies/${vacancyId}/applicants/approved`, estate.auth),
      () => api().get('/api/users/me/ratings', estate.auth),
      () => api().get('/api/notifications/all', estate.auth),
      () => api().post('/api/payment/create', { purpose: 'featuring', vacancyId }, estate.auth),
      () => api().get(`/api/payment/status/${vacancyId}`, estate.auth),
    ];
    for (const call of calls) expect((await call()).status).toBeLessThan(400);

    const changed = await api().post(
      '/api/users/me/password',
      { currentPassword: estate.password, password: 'novo-polje-77', confirmPassword: 'novo-polje-77' },
      estate.auth,
    );
    expect(changed.status).toBe(200);
    await eventually(
      async () => (await api().get(`/api/payment/status/${vacancyId}`, estate.auth)).status === 401,
      'the payment service heard of it',
      10_000,
    );
    for (const call of calls) expect((await call()).status).toBe(401);

    const login = await api().post('/api/login', { email: estate.email, password: 'novo-polje-77' });
    const fresh = { authorization: `Bearer ${login.body.token}` };
    expect((await api().get('/api/users/me', fresh)).status).toBe(200);
    expect((await api().post('/api/payment/create', { purpose: 'featuring', vacancyId }, fresh)).status).toBe(
      200,
    );
  });
});

describe('a profile photo through the gateway', () => {
  const send = async (session: Session, bytes: Buffer) => {
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'me.png');
    const response = await fetch(`${product.url}/api/users/me/photo`, {
      method: 'POST',
      body: form,
      headers: session.auth,
    });
    const text = await response.text();
    return { status: response.status, text };
  };

  test("an image just under 2 MB is taken; one of 2 MB answers 'photo upload error'", async () => {
    const sharp = (await import('sharp')).default;
    const worker = await registeredUser(api(), 'worker');
    // Random pixels do not compress: a PNG of about 1.9 MB.
    const side = 800;
    const noise = Buffer.alloc(side * side * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const underLimit = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(underLimit.length).toBeLessThan(2 * 1024 * 1024);
    expect(underLimit.length).toBeGreaterThan(1.8 * 1024 * 1024);
    const taken = await send(worker, underLimit);
    expect(taken.status).toBe(200);
    expect(JSON.parse(taken.text).photoUrl).toMatch(/^\/api\/photos\//);
    const tooBig = await send(
      worker,
      Buffer.concat([underLimit, Buffer.alloc(2 * 1024 * 1024 - underLimit.length)]),
    );
    expect(tooBig.status).toBe(400);
    expect(JSON.parse(tooBig.text).error).toMatchObject({
      code: 'AUTH.PHOTO_UPLOAD_ERROR',
      message: 'photo upload error',
    });
  });
});

describe('SMS in the embedded mode (dev:// outbox at /dev/sms through the gateway)', () => {
  type DevSms = { to: string; text: string; encoding: string; parts: number };
  const smsTo = async (phone: string) =>
    (await api().get(`/dev/sms.json?to=${encodeURIComponent(phone)}`)).body as DevSms[];

  test('a guest who texts START gets "application received"; a worker who switched SMS on and texted START gets "accepted"; STOP ends them', async () => {
    const phone = `+38164${String(Date.now()).slice(-7)}`;
    const guest = await api().post('/api/signup-guest', {
      firstName: 'Gost',
      lastName: 'Gostić',
      phone,
      municipality: 'Arilje',
    });
    expect(guest.status).toBe(201);
    // The form alone sends nothing to the number typed into it: its owner must text START first.
    const start = await api().post('/dev/sms/reply', { from: phone, text: 'START' });
    expect(start.body).toEqual({ ok: true, stopped: false, started: true });
    const [received] = await eventually(async () => {
      const list = await smsTo(phone);
      return list.length > 0 && list;
    }, 'the guest SMS');
    expect(received).toMatchObject({ to: phone, encoding: 'GSM-7', parts: 1 });
    expect(received.text).toContain('primili smo vasu prijavu');

    const [estate, worker, admin] = [
      await registeredUser(api(), 'estate'),
      await registeredUser(api(), 'worker'),
      await loginAdmin(api()),
    ];
    const settings = await api().put('/api/sms/settings', { enabled: true }, worker.auth);
    expect(settings.body).toMatchObject({ enabled: true, language: 'sr' });
    const workerPhone = settings.body.phone as string;
    expect(workerPhone).toMatch(/^\+381/);
    expect(settings.body.phoneProven).toBe(false);
    await api().post('/dev/sms/reply', { from: workerPhone, text: 'START' });
    await acceptedInto(await createMoba(estate), worker, admin);
    const [accepted] = await eventually(async () => {
      const list = await smsTo(workerPhone);
      return list.length > 0 && list;
    }, 'the acceptance SMS');
    expect(accepted.text).toMatch(/^Moba: prihvaceni ste za mobu/);

    const reply = await api().post('/dev/sms/reply', { from: workerPhone, text: 'STOP' });
    expect(reply.body).toEqual({ ok: true, stopped: true, started: false });
    expect((await api().get('/api/sms/settings', worker.auth)).body).toMatchObject({
      enabled: false,
      stoppedByReply: true,
    });
  }, 60_000);
});
