import { eventually } from '@moba/platform/testing';
import { guestBody, startApplication, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApplication();
});
afterAll(() => t.stop());

async function signUpGuest(overrides: Record<string, unknown> = {}) {
  const res = await t.client.post('/signup-guest', guestBody(overrides));
  expect(res.status).toBe(201);
  return res.body.id as string;
}

describe('guest applications', () => {
  test('a visitor sends a guest application: stored with the phone in E.164, GuestApplicationSubmitted published', async () => {
    const res = await t.client.post('/signup-guest', guestBody());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String) });
    const admin = await t.admin();
    const one = await t.client.get(`/admin/applications/${res.body.id}/guest/pending`, admin.auth);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      id: res.body.id,
      firstName: 'Milan',
      lastName: 'Jovanović',
      phone: '+381641234567',
      municipality: 'Čačak',
      note: 'Zove posle 17h',
      status: 'Pending',
      vacancyIds: [],
    });
    const event = await eventually(async () =>
      t.eventsOf('GuestApplicationSubmitted').find((e) => e.key === res.body.id),
    );
    expect(event.data).toEqual({
      guestApplicationId: res.body.id,
      firstName: 'Milan',
      lastName: 'Jovanović',
      phone: '+381641234567',
      municipality: 'Čačak',
    });
  });

  test.each([
    ['firstName', { firstName: '' }],
    ['lastName', { lastName: '   ' }],
    ['phone', { phone: '12' }],
    ['phone', { phone: 'call me' }],
    ['municipality', { municipality: '' }],
    ['municipality', { municipality: 'Atlantida' }],
    ['note', { note: 'x'.repeat(1001) }],
  ])(
    'a guest application with a bad %s answers 400 naming it and stores nothing',
    async (field, overrides) => {
      const before = await t.store.guestApplications.count({});
      const res = await t.client.post('/signup-guest', guestBody(overrides));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
      expect(await t.store.guestApplications.count({})).toBe(before);
    },
  );

  test('the note is optional', async () => {
    const { note: _note, ...withoutNote } = guestBody();
    expect((await t.client.post('/signup-guest', withoutNote)).status).toBe(201);
  });

  test('the admin lists pending guest applications', async () => {
    const id = await signUpGuest({ firstName: 'Jelena' });
    const admin = await t.admin();
    const res = await t.client.post('/admin/applications/guest/pending', { pageSize: 100 }, admin.auth);
    expect(res.status).toBe(200);
    expect(res.body.items.find((g: { id: string }) => g.id === id)).toMatchObject({
      firstName: 'Jelena',
      status: 'Pending',
    });
  });

  test('accepting a guest into a vacancy takes one position and publishes ApplicationAccepted (guest) and GuestApplicationAccepted', async () => {
    const id = await signUpGuest();
    const { vacancyId, estateId } = await t.vacancy({ positions: 3 });
    const admin = await t.admin();
    const res = await t.client.post(`/admin/applications/guest/${id}/accept`, { vacancyId }, admin.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ vacancyId, positions: 1, freePositions: 2, totalPositions: 3 });
    const applicationId = res.body.applicationId;
    const accepted = await eventually(async () =>
      t
        .eventsOf('ApplicationAccepted')
        .find((e) => (e.data as Record<string, unknown>).applicationId === applicationId),
    );
    expect(accepted.data).toEqual({
      applicationId,
      vacancyId,
      estateId,
      workerId: null,
      guest: true,
      positions: 1,
      freePositions: 2,
      totalPositions: 3,
    });
    const guestAccepted = await eventually(async () =>
      t.eventsOf('GuestApplicationAccepted').find((e) => e.key === id),
    );
    expect(guestAccepted.data).toEqual({
      guestApplicationId: id,
      applicationId,
      vacancyId,
      freePositions: 2,
    });
    const guest = await t.client.get(`/admin/applications/${id}/guest/pending`, admin.auth);
    expect(guest.body).toMatchObject({ status: 'Accepted', vacancyIds: [vacancyId] });
    const pending = await t.client.post('/admin/applications/guest/pending', { pageSize: 100 }, admin.auth);
    expect(pending.body.items.some((g: { id: string }) => g.id === id)).toBe(false);
  });

  test('accepting the same guest into the same vacancy twice answers "already applied" (409) and takes nothing more', async () => {
    const id = await signUpGuest();
    const { vacancyId } = await t.vacancy({ positions: 3 });
    const admin = await t.admin();
    expect(
      (await t.client.post(`/admin/applications/guest/${id}/accept`, { vacancyId }, admin.auth)).status,
    ).toBe(200);
    const again = await t.client.post(`/admin/applications/guest/${id}/accept`, { vacancyId }, admin.auth);
    expect(again.status).toBe(409);
    expect(again.text).toBe('already applied');
    expect(await t.store.vacancies.findOne({ _id: vacancyId })).toMatchObject({ freePositions: 2 });
  });

  test('the same guest accepted into one vacancy 5 times at once is placed once', async () => {
    const id = await signUpGuest();
    const { vacancyId } = await t.vacancy({ positions: 3 });
    const admin = await t.admin();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.client.post(`/admin/applications/guest/${id}/accept`, { vacancyId }, admin.auth),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.text === 'already applied')).toHaveLength(4);
    expect(await t.store.vacancies.findOne({ _id: vacancyId })).toMatchObject({ freePositions: 2 });
    expect(await t.store.applications.count({ guestApplicationId: id })).toBe(1);
  });

  test('a guest can be placed into a second vacancy', async () => {
    const id = await signUpGuest();
    const first = await t.vacancy();
    const second = await t.vacancy();
    const admin = await t.admin();
    expect(
      (
        await t.client.post(
          `/admin/applications/guest/${id}/accept`,
          { vacancyId: first.vacancyId },
          admin.auth,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await t.client.post(
          `/admin/applications/guest/${id}/accept`,
          { vacancyId: second.vacancyId },
          admin.auth,
        )
      ).status,
    ).toBe(200);
    const guest = await t.client.get(`/admin/applications/${id}/guest/pending`, admin.auth);
    expect(guest.body.vacancyIds.sort()).toEqual([first.vacancyId, second.vacancyId].sort());
  });

  test('guests count against capacity like anyone else: a full vacancy refuses the guest and a later try works once a place frees', async () => {
    const { vacancyId } = await t.vacancy({ positions: 1 });
    const admin = await t.admin();
    const w = await t.worker();
    const applicationId = (await t.apply(w, vacancyId)).body.id;
    expect((await t.client.post(`/admin/applications/${applicationId}/accept`, {}, admin.auth)).status).toBe(
      200,
    );
    const id = await signUpGuest();
    const full = await t.client.post(`/admin/applications/guest/${id}/accept`, { vacancyId }, admin.auth);
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe('APPLICATION.NO_FREE_POSITIONS');
    expect(await t.store.applications.count({ guestApplicationId: id })).toBe(0);
    const guest = await t.client.get(`/admin/applications/${id}/guest/pending`, admin.auth);
    expect(guest.body.status).toBe('Pending');
  });

  test('concurrent guest and worker acceptances never overfill a vacancy', async () => {
    const { vacancyId } = await t.vacancy({ positions: 5 });
    const admin = await t.admin();
    const guests = await Promise.all(Array.from({ length: 10 }, () => signUpGuest()));
    const apps = await Promise.all(
      Array.from({ length: 10 }, async () => (await t.apply(await t.worker(), vacancyId)).body.id as string),
    );
    const answers = await Promise.all([
      ...guests.map((g) => t.client.post(`/admin/applications/guest/${g}/accept`, { vacancyId }, admin.auth)),
      ...apps.map((a) => t.client.post(`/admin/applications/${a}/accept`, {}, admin.auth)),
    ]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(await t.store.applications.count({ vacancyId, status: 'Accepted' })).toBe(5);
    expect(await t.store.vacancies.findOne({ _id: vacancyId })).toMatchObject({ freePositions: 0 });
  });

  test('accepting an unknown guest answers 404, into an unknown vacancy 404, without a vacancyId 400', async () => {
    const admin = await t.admin();
    const { vacancyId } = await t.vacancy();
    const unknownGuest = await t.client.post(
      `/admin/applications/guest/${crypto.randomUUID()}/accept`,
      { vacancyId },
      admin.auth,
    );
    expect(unknownGuest.status).toBe(404);
    expect(unknownGuest.body.error.code).toBe('APPLICATION.GUEST_NOT_FOUND');
    const id = await signUpGuest();
    const unknownVacancy = await t.client.post(
      `/admin/applications/guest/${id}/accept`,
      { vacancyId: crypto.randomUUID() },
      admin.auth,
    );
    expect(unknownVacancy.status).toBe(404);
    const missing = await t.client.post(`/admin/applications/guest/${id}/accept`, {}, admin.auth);
    expect(missing.status).toBe(400);
    expect(missing.body.error.details[0].field).toBe('vacancyId');
    expect(
      (await t.client.get(`/admin/applications/${crypto.randomUUID()}/guest/pending`, admin.auth)).status,
    ).toBe(404);
  });

  test('update-note also works on a guest application', async () => {
    const id = await signUpGuest();
    const admin = await t.admin();
    expect(
      (await t.client.put(`/admin/applications/${id}/update-note`, { note: 'Pozvan' }, admin.auth)).status,
    ).toBe(200);
    expect((await t.client.get(`/admin/applications/${id}/guest/pending`, admin.auth)).body.note).toBe(
      'Pozvan',
    );
  });
});

describe('the guest form sent without JavaScript (form-encoded)', () => {
  const formPost = (fields: Record<string, string>) =>
    t.client.request('POST', '/signup-guest', {
      raw: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const valid = {
    firstName: 'Dragana',
    lastName: 'Ilić',
    phone: '064 765 4321',
    municipality: 'Arilje',
    note: '',
    lang: 'sr-Latn',
  };

  test('a valid form is stored like the JSON call and answered with a thank-you page', async () => {
    const before = (await t.client.post('/admin/applications/guest/pending', {}, (await t.admin()).auth)).body
      .total as number;
    const res = await formPost(valid);
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toContain('Podaci su poslati');
    const last = { page: before + 1, pageSize: 1 };
    const pending = await t.client.post('/admin/applications/guest/pending', last, (await t.admin()).auth);
    expect(pending.body.total).toBe(before + 1);
    expect(pending.body.items[0]).toMatchObject({ firstName: 'Dragana', phone: '+381647654321', note: null });
  });

  test('a wrong phone and an empty last name answer 400 with the form again, each named, values kept, nothing written', async () => {
    const admin = (await t.admin()).auth;
    const before = (await t.client.post('/admin/applications/guest/pending', {}, admin)).body.total as number;
    const res = await formPost({ ...valid, lastName: '', phone: '123', lang: 'en' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('<html lang="en"');
    expect(res.text).toContain('Enter a valid phone number');
    expect(res.text).toContain('Enter a last name.');
    expect(res.text).not.toContain('Enter a first name.');
    expect(res.text).toContain('value="Dragana"');
    expect(res.text).toContain('<form method="post" action="/api/signup-guest">');
    expect((await t.client.post('/admin/applications/guest/pending', {}, admin)).body.total).toBe(before);
  });

  test('a form sent from a Cyrillic page is answered in Cyrillic, with a way back home', async () => {
    const sent = await formPost({ ...valid, municipality: 'Ариље', lang: 'sr-Cyrl' });
    expect(sent.status).toBe(201);
    expect(sent.text).toContain('<html lang="sr-Cyrl"');
    expect(sent.text).toContain('Подаци су послати');
    expect(sent.text).toContain('<a class="button" href="/sr-Cyrl">Назад на почетну</a>');
    const fix = await formPost({ ...valid, phone: '12', lang: 'sr-Cyrl' });
    expect(fix.status).toBe(400);
    expect(fix.text).toContain('Упишите исправан број телефона');
    expect(fix.text).toContain('<input type="hidden" name="lang" value="sr-Cyrl">');
    expect(fix.text).toContain('<a href="/sr-Cyrl">Назад на почетну</a>');
    expect(fix.text).not.toMatch(/Upišite|Proverite/);
  });

  test('an unknown language answers in Serbian Latin', async () => {
    const res = await formPost({ ...valid, lang: 'de' });
    expect(res.text).toContain('<html lang="sr-Latn"');
    expect(res.text).toContain('Podaci su poslati');
  });

  test('what the reader typed is escaped on the page', async () => {
    const res = await formPost({ ...valid, firstName: '<script>x</script>', phone: '' });
    expect(res.status).toBe(400);
    expect(res.text).not.toContain('<script>x');
    expect(res.text).toContain('&lt;script&gt;x&lt;/script&gt;');
  });
});
