import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  crops,
  municipalityNames,
  ProfileUpdated,
  PROFILE_DESCRIPTION_MAX,
  SKILLS_MAX,
} from '@moba/contracts';
import { currentUserSchema, SendPasswordResetMail } from '@moba/contracts';
import { adminAccount, expectNoSecrets, signedUp, authForTheseTests, type Account } from './helpers';

const auth = authForTheseTests();

const [firstMunicipality, otherMunicipality] = municipalityNames('RS');

async function sendPhoto(
  account: Account,
  bytes: Buffer,
  type = 'image/png',
  field = 'photo',
  name = 'me.png',
) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${auth.client.url}/users/me/photo`, {
    method: 'POST',
    body: form,
    headers: account.headers,
  });
  const text = await response.text();
  return { status: response.status, text, body: text ? JSON.parse(text) : undefined };
}

const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();

describe('worker profile', () => {
  test('GET /workers/me answers the profile with the guidance flag and no secrets', async () => {
    const worker = await signedUp(auth, 'Worker');
    const res = await auth.client.get('/workers/me', worker.headers);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: worker.id,
      role: 'Worker',
      email: worker.email,
      firstName: 'Marko',
      municipality: firstMunicipality,
      availabilityMonths: [6, 7, 8],
      groupLeader: true,
      groupSize: 12,
      transportOrganised: true,
      willingToTravel: true,
      photoUrl: null,
      dontShowGuidance: false,
    });
    expect(res.body.phone).toMatch(/^\+3816/);
    expectNoSecrets(res.text);
  });

  test('PUT /workers/{id} changes only the fields present and publishes ProfileUpdated', async () => {
    const worker = await signedUp(auth, 'Worker');
    const res = await auth.client.put(
      `/workers/${worker.id}`,
      { skills: 'rezidba', availabilityMonths: [9, 3] },
      worker.headers,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      skills: 'rezidba',
      availabilityMonths: [3, 9],
      municipality: firstMunicipality,
      groupSize: 12,
    });

    const moved = await auth.client.put(
      `/workers/${worker.id}`,
      { municipality: otherMunicipality },
      worker.headers,
    );
    expect(moved.body).toMatchObject({
      municipality: otherMunicipality,
      skills: 'rezidba',
      availabilityMonths: [3, 9],
    });
    const event = await auth.event(
      'ProfileUpdated',
      (e) => e.data.userId === worker.id && e.data.municipality === otherMunicipality,
    );
    expect(ProfileUpdated.envelope.parse(event).data).toMatchObject({
      role: 'Worker',
      fullName: 'Marko Marković',
      groupLeader: true,
      groupSize: 12,
      gender: 'male',
    });
    expect((await auth.client.get('/workers/me', worker.headers)).body.municipality).toBe(otherMunicipality);
  });

  test("bad profile input answers 'profile update error' naming the field, and changes nothing", async () => {
    const worker = await signedUp(auth, 'Worker');
    const cases: [Record<string, unknown>, string][] = [
      [{ skills: 'x'.repeat(SKILLS_MAX + 1) }, 'body.skills'],
      [{ availabilityMonths: [13] }, 'body.availabilityMonths.0'],
      [{ availabilityMonths: [] }, 'body.availabilityMonths'],
      [{ municipality: 'Atlantida' }, 'municipality'],
      [{ email: 'new@example.com' }, 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await auth.client.put(`/workers/${worker.id}`, body, worker.headers);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'AUTH.PROFILE_UPDATE_ERROR',
        message: 'profile update error',
      });
      expect(res.body.error.details.map((d: { field: string }) => d.field).join(' ')).toContain(field);
    }
    expect(
      (await auth.client.put(`/workers/${worker.id}`, { skills: 'x'.repeat(SKILLS_MAX) }, worker.headers))
        .status,
    ).toBe(200);
    expect((await auth.client.get('/workers/me', worker.headers)).body).toMatchObject({
      municipality: firstMunicipality,
      availabilityMonths: [6, 7, 8],
    });
  });

  test('a route id that is not a UUID v4 answers 400', async () => {
    const worker = await signedUp(auth, 'Worker');
    const res = await auth.client.put('/workers/123', { skills: 'a' }, worker.headers);
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('params.id');
  });
});

describe('estate profile', () => {
  test('GET /estates/me answers the estate fields; PUT changes types, size and description only when present', async () => {
    const estate = await signedUp(auth, 'Estate');
    const me = await auth.client.get('/estates/me', estate.headers);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: estate.id,
      role: 'Estate',
      bpg: '123456789012',
      pib: '101134702',
      primaryIndustry: 'Voćarstvo',
      size: 'From1To10ha',
      description: '',
    });
    expectNoSecrets(me.text);

    const res = await auth.client.put(
      `/estates/${estate.id}`,
      { description: 'Malinjak na brdu', cultureTypes: [crops[1].id] },
      estate.headers,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      description: 'Malinjak na brdu',
      cultureTypes: [crops[1].id],
      size: 'From1To10ha',
    });
    const sized = await auth.client.put(`/estates/${estate.id}`, { size: 'Over100ha' }, estate.headers);
    expect(sized.body).toMatchObject({ description: 'Malinjak na brdu', size: 'Over100ha' });
    const event = await auth.event('ProfileUpdated', (e) => e.data.userId === estate.id);
    expect(event.data).toMatchObject({
      role: 'Estate',
      estateName: me.body.estateName,
      groupLeader: false,
      groupSize: 0,
    });
  });

  test('a description that asks workers for money, in other words too, is a 400 naming it, and the stored one stays', async () => {
    const estate = await signedUp(auth, 'Estate');
    const honest = 'Plata unapred za prvu nedelju. Depozit nije potreban.';
    expect(
      (await auth.client.put(`/estates/${estate.id}`, { description: honest }, estate.headers)).status,
    ).toBe(200);
    for (const description of [
      'Rezervacija mesta se uplaćuje pre dolaska.',
      'Kotizacija 1000 din za ceo period berbe.',
      'Pay 30 EUR to reserve your place.',
    ]) {
      const res = await auth.client.put(`/estates/${estate.id}`, { description }, estate.headers);
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([
        expect.objectContaining({ field: 'body.description', code: 'money_request' }),
      ]);
    }
    expect((await auth.client.get('/estates/me', estate.headers)).body.description).toBe(honest);
  });

  test('the description is required when sent and must stay under 700 characters; culture types must be known', async () => {
    const estate = await signedUp(auth, 'Estate');
    for (const [body, field] of [
      [{ description: '' }, 'body.description'],
      [{ description: 'x'.repeat(PROFILE_DESCRIPTION_MAX + 1) }, 'body.description'],
      [{ cultureTypes: [] }, 'body.cultureTypes'],
      [{ cultureTypes: ['banana-tree'] }, 'body.cultureTypes.0'],
      [{ size: 'huge' }, 'body.size'],
    ] as const) {
      const res = await auth.client.put(`/estates/${estate.id}`, body, estate.headers);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('profile update error');
      expect(res.body.error.details[0].field).toBe(field);
    }
    expect(
      (
        await auth.client.put(
          `/estates/${estate.id}`,
          { description: 'x'.repeat(PROFILE_DESCRIPTION_MAX) },
          estate.headers,
        )
      ).status,
    ).toBe(200);
  });
});

describe('guidance choice', () => {
  test('POST /users/me/dont-show-guidance is stored and the profile returns it', async () => {
    const worker = await signedUp(auth, 'Worker');
    expect((await auth.client.post('/users/me/dont-show-guidance', {}, worker.headers)).body).toEqual({
      dontShowGuidance: true,
    });
    expect((await auth.client.get('/workers/me', worker.headers)).body.dontShowGuidance).toBe(true);
    expect(
      (await auth.client.post('/users/me/dont-show-guidance', { dontShowGuidance: false }, worker.headers))
        .body,
    ).toEqual({ dontShowGuidance: false });
    expect((await auth.client.get('/workers/me', worker.headers)).body.dontShowGuidance).toBe(false);
    expect(
      (await auth.client.post('/users/me/dont-show-guidance', { dontShowGuidance: 'yes' }, worker.headers))
        .status,
    ).toBe(400);
  });

  test.each(['Worker', 'Estate', 'Admin'] as const)(
    'GET /users/me lets a signed-in %s read its guidance choice (the admin has no profile)',
    async (role) => {
      const account = role === 'Admin' ? await adminAccount(auth) : await signedUp(auth, role);
      const before = await auth.client.get('/users/me', account.headers);
      expect(before.status).toBe(200);
      expect(currentUserSchema.strict().parse(before.body)).toMatchObject({
        id: account.id,
        role,
        dontShowGuidance: false,
      });
      expectNoSecrets(before.text);
      await auth.client.post('/users/me/dont-show-guidance', {}, account.headers);
      expect((await auth.client.get('/users/me', account.headers)).body.dontShowGuidance).toBe(true);
      await auth.client.post('/users/me/dont-show-guidance', { dontShowGuidance: false }, account.headers);
    },
  );
});

describe('language and script choice', () => {
  test('sign-up stores the UI language; POST /users/me/language changes it and the next mail follows it', async () => {
    const worker = await signedUp(auth, 'Worker');
    expect((await auth.client.get('/users/me', worker.headers)).body.language).toBe('sr');
    const changed = await auth.client.post('/users/me/language', { language: 'sr-Cyrl' }, worker.headers);
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ language: 'sr-Cyrl' });
    expect((await auth.client.get('/users/me', worker.headers)).body.language).toBe('sr-Cyrl');
    expect((await auth.client.get('/workers/me', worker.headers)).body.language).toBe('sr-Cyrl');
    expect((await auth.client.post('/reset-password', { email: worker.email })).status).toBe(200);
    const mail = await auth.event('SendPasswordResetMail', (e) => e.data.userId === worker.id);
    expect(SendPasswordResetMail.envelope.parse(mail).data.language).toBe('sr-Cyrl');
  });

  test('an unknown language is a 400 naming the field and changes nothing', async () => {
    const estate = await signedUp(auth, 'Estate');
    const res = await auth.client.post('/users/me/language', { language: 'de' }, estate.headers);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('language');
    expect((await auth.client.get('/users/me', estate.headers)).body.language).toBe('sr');
  });
});

describe('profile photo', () => {
  test('an image is resized and re-encoded to webp, served at the answered URL, and the profile shows it', async () => {
    const worker = await signedUp(auth, 'Worker');
    const res = await sendPhoto(worker, await png());
    expect(res.status).toBe(200);
    expect(res.body.photoUrl).toMatch(/^\/api\/photos\/[0-9a-f-]{36}-[0-9a-f]{16}\.webp$/);
    const file = res.body.photoUrl.replace('/api/photos/', '');
    const served = await fetch(`${auth.client.url}/photos/${file}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect((await auth.client.get('/workers/me', worker.headers)).body.photoUrl).toBe(res.body.photoUrl);
    await auth.event(
      'ProfileUpdated',
      (e) => e.data.userId === worker.id && e.data.photoUrl === res.body.photoUrl,
    );

    const second = await sendPhoto(worker, await png(300, 300));
    expect(second.status).toBe(200);
    expect(existsSync(join(auth.photosDir, file))).toBe(false);
    expect((await fetch(`${auth.client.url}/photos/${file}`)).status).toBe(404);
  });

  test("a file that is not an image, a 2 MB file or a missing file answers 'photo upload error'", async () => {
    const estate = await signedUp(auth, 'Estate');
    const cases = [
      await sendPhoto(estate, Buffer.from('%PDF-1.4 not an image'), 'application/pdf', 'photo', 'cv.pdf'),
      await sendPhoto(estate, Buffer.from('not really a png'), 'image/png'),
      await sendPhoto(estate, Buffer.alloc(2 * 1024 * 1024, 1), 'image/png'),
      await sendPhoto(estate, await png(), 'image/png', 'picture'),
    ];
    for (const res of cases) {
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'AUTH.PHOTO_UPLOAD_ERROR',
        message: 'photo upload error',
      });
    }
    expect((await auth.client.get('/estates/me', estate.headers)).body.photoUrl).toBeNull();
  });

  test('photo names that are not ours are never served', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'x.webp', 'users.db']) {
      expect((await fetch(`${auth.client.url}/photos/${name}`)).status).toBe(404);
    }
  });
});

test('a damaged stored account fails loudly instead of reaching the profile (STYLE habit 4)', async () => {
  const worker = await signedUp(auth, 'Worker');
  const raw = await auth.deps.store.collection<{ _id: string }>('users');
  await raw.updateOne({ _id: worker.id }, { $set: { 'worker.skills': 12345 } });
  const profile = await auth.client.get('/workers/me', worker.headers);
  expect(profile.status).toBe(500);
  expect(profile.text).not.toContain('12345');
});

test("a worker's cultures (spec §3) are kept from sign-up, shown in the profile and editable; unknown crops are refused", async () => {
  const [first, second] = crops.slice(0, 2).map((c) => c.id);
  const worker = await signedUp(auth, 'Worker', { cultures: [first] });
  expect((await auth.client.get('/workers/me', worker.headers)).body.cultures).toEqual([first]);
  const updated = await auth.client.put(
    `/workers/${worker.id}`,
    { cultures: [first, second] },
    worker.headers,
  );
  expect(updated.status).toBe(200);
  expect(updated.body.cultures).toEqual([first, second]);
  const refused = await auth.client.put(
    `/workers/${worker.id}`,
    { cultures: ['not-a-crop'] },
    worker.headers,
  );
  expect(refused.status).toBe(400);
  expect(refused.body.error.details[0].field).toMatch(/cultures/);
  const emptied = await auth.client.put(`/workers/${worker.id}`, { cultures: [] }, worker.headers);
  expect(emptied.status).toBe(400);
  expect(emptied.body.error.details[0]).toMatchObject({
    field: 'body.cultures',
    message: 'culture is required',
  });
  expect((await auth.client.get('/workers/me', worker.headers)).body.cultures).toEqual([first, second]);
});
