import { testToken } from '@moba/platform/testing';
import {
  createVacancyResultSchema,
  defaultConfirmationSettings,
  estateVacanciesSchema,
  featureVacancyResultSchema,
  featuringOfferSchema,
  openByCropSchema,
  privateMeetingFields,
  reportResultSchema,
  reviewDecisionResultSchema,
  reviewQueueSchema,
  vacancyPageSchema,
  vacancyPreviewSchema,
} from '@moba/contracts';
import { addDays, startVacancy, validVacancy, type VacancyHarness } from './helpers';

let h: VacancyHarness;
beforeAll(async () => {
  h = await startVacancy();
});
afterAll(() => h.stop());

/** Meeting details with words no other field of a moba has, so a leak is easy to find. */
const meeting = (overrides: Record<string, unknown> = {}) => ({
  point: 'Ispred zadruge Zlatna Dolina',
  pin: { lat: 43.7521, lng: 20.0968 },
  time: '06:30',
  contactName: 'Predrag Okupljač',
  contactPhone: '064 555 1234',
  bring: 'Rukavice i kapu',
  ...overrides,
});
const SECRETS = ['Zlatna Dolina', 'Okupljač', '555 1234', 'Rukavice i kapu', '43.7521'];

const put = (id: string, body: unknown, auth: Record<string, string>) =>
  h.client.put(`/estates/vacancies/${id}/day-of-work`, body, auth);
const stored = async (id: string) =>
  (await h.service.context.store.vacancies.findOne({ _id: id }))!.dayOfWork;

describe('the create form takes meeting details and confirmation settings', () => {
  it('stores them and publishes VacancyDayOfWorkSet in the same write as VacancyCreated', async () => {
    const estate = await h.estate();
    const start = addDays(h.today(), 3);
    const dayOfWork = {
      meeting: meeting({ timeByDay: { [addDays(start, 1)]: '08:00' } }),
      confirmation: { askAt: '17:00', deadlineAt: '20:30', unanswered: 'free' },
    };
    const id = await h.create(estate.auth, { dayOfWork });
    const [event] = await h.eventsOf('VacancyDayOfWorkSet', id);
    expect(event.data).toMatchObject({
      vacancyId: id,
      estateId: estate.id,
      meeting: { ...dayOfWork.meeting, contactPhoneCountry: 'RS' },
      confirmation: dayOfWork.confirmation,
    });
    expect((await stored(id))!.meeting!.timeByDay).toEqual({ [addDays(start, 1)]: '08:00' });
  });

  it('without them: VacancyDayOfWorkSet all the same, meeting null and the default confirmation', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth);
    const [event] = await h.eventsOf('VacancyDayOfWorkSet', id);
    expect(event.data).toMatchObject({ meeting: null, confirmation: defaultConfirmationSettings });
    expect(await h.eventsOf('VacancyCreated', id)).toHaveLength(1);
  });

  it('answers 400 naming each bad meeting field and writes nothing', async () => {
    const estate = await h.estate();
    const before = await h.client.get('/estates/vacancies/all', estate.auth);
    const res = await h.client.post(
      '/estates/vacancies/create',
      {
        ...validVacancy(h.today()),
        dayOfWork: {
          meeting: meeting({
            point: 'zovite 0641234567',
            time: '25:00',
            timeByDay: { [addDays(h.today(), 60)]: '07:00' },
          }),
          confirmation: { askAt: '20:00', deadlineAt: '19:00' },
        },
      },
      estate.auth,
    );
    expect(res.status).toBe(400);
    const fields = res.body.error.details.map((d: { field: string; code: string }) => `${d.field}:${d.code}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        'dayOfWork.meeting.point:phone_in_text',
        'dayOfWork.meeting.time:invalid_time',
        'dayOfWork.confirmation.deadlineAt:deadline_before_ask',
      ]),
    );
    expect((await h.client.get('/estates/vacancies/all', estate.auth)).body).toEqual(before.body);
  });

  it('refuses a meeting day the moba cannot have, naming that day', async () => {
    const estate = await h.estate();
    const res = await h.client.post(
      '/estates/vacancies/create',
      {
        ...validVacancy(h.today()),
        dayOfWork: { meeting: meeting({ timeByDay: { [addDays(h.today(), 1)]: '07:00' } }) },
      },
      estate.auth,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      expect.objectContaining({
        field: `dayOfWork.meeting.timeByDay.${addDays(h.today(), 1)}`,
        code: 'day_outside_moba',
      }),
    ]);
  });
});

describe('PUT /estates/vacancies/:id/day-of-work', () => {
  it('the estate sets them on its moba later: stored, answered and published', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth);
    const res = await put(id, { meeting: meeting() }, estate.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      vacancyId: id,
      meeting: { point: 'Ispred zadruge Zlatna Dolina', time: '06:30', timeByDay: {} },
      confirmation: defaultConfirmationSettings,
    });
    const events = await h.eventsOf('VacancyDayOfWorkSet', id);
    expect(events).toHaveLength(2);
    expect(events[1]!.data).toMatchObject({ meeting: { contactName: 'Predrag Okupljač' } });
    const setAt = (i: number) => (events[i]!.data as { setAt: string }).setAt;
    expect(setAt(1) > setAt(0)).toBe(true);
  });

  it('keeps what is left out, and meeting null takes the details away', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth, { dayOfWork: { meeting: meeting() } });
    const changed = await put(id, { confirmation: { askAt: '16:00', unanswered: 'free' } }, estate.auth);
    expect(changed.body.meeting.point).toBe('Ispred zadruge Zlatna Dolina');
    expect(changed.body.confirmation).toEqual({ askAt: '16:00', deadlineAt: '21:00', unanswered: 'free' });
    const cleared = await put(id, { meeting: null }, estate.auth);
    expect(cleared.body).toMatchObject({ meeting: null, confirmation: { askAt: '16:00' } });
    expect((await stored(id))!.meeting).toBeNull();
  });

  it('an admin may set them on any moba', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth);
    const res = await put(id, { meeting: meeting({ time: '07:15' }) }, h.admin.auth);
    expect(res.status).toBe(200);
    const [, event] = await h.eventsOf('VacancyDayOfWorkSet', id);
    expect(event!.data).toMatchObject({ estateId: estate.id, meeting: { time: '07:15' } });
  });

  it("another estate's moba answers 404 like a missing one and changes nothing", async () => {
    const owner = await h.estate();
    const otherEstate = await h.estate();
    const id = await h.create(owner.auth, { dayOfWork: { meeting: meeting() } });
    const before = await stored(id);
    const res = await put(id, { meeting: meeting({ point: 'Kod mene' }) }, otherEstate.auth);
    expect(res.status).toBe(404);
    expect(await stored(id)).toEqual(before);
    expect(await h.eventsOf('VacancyDayOfWorkSet', id)).toHaveLength(1);
    expect((await put(crypto.randomUUID(), { meeting: meeting() }, owner.auth)).status).toBe(404);
  });

  it('answers 400 naming the field and writes nothing', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth, { dayOfWork: { meeting: meeting() } });
    const before = await stored(id);
    const cases: [unknown, string][] = [
      [{ meeting: meeting({ contactPhone: '' }) }, 'meeting.contactPhone'],
      [{ meeting: meeting({ pin: { lat: 91, lng: 20 } }) }, 'meeting.pin.lat'],
      [{ meeting: meeting({ bring: 'pošaljite 500 dinara unapred' }) }, 'meeting.bring'],
      [{ confirmation: { unanswered: 'cancel' } }, 'confirmation.unanswered'],
      [{ meeting: meeting({ timeByDay: { [addDays(h.today(), 40)]: '06:00' } }) }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await put(id, body, estate.auth);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      if (field) expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
      else expect(res.body.error.details[0].code).toBe('day_outside_moba');
    }
    expect(await stored(id)).toEqual(before);
    expect(await h.eventsOf('VacancyDayOfWorkSet', id)).toHaveLength(1);
  });

  it('refuses once the moba has ended (409) and for a deleted one (404)', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth);
    const gone = await h.create(estate.auth);
    expect((await h.client.delete(`/estates/vacancies/${gone}`, estate.auth)).status).toBe(200);
    expect((await put(gone, { meeting: meeting() }, estate.auth)).status).toBe(404);
    const now = h.deps.clock.now();
    try {
      h.deps.clock.set(new Date(Date.parse(`${addDays(h.today(), 11)}T12:00:00Z`)));
      const res = await put(id, { meeting: meeting() }, estate.auth);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('VACANCY.FINISHED');
    } finally {
      h.deps.clock.set(now);
    }
  });

  it('a worker may not call it', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth);
    expect((await put(id, { meeting: meeting() }, (await testToken('Worker')).auth)).status).toBe(403);
  });
});

describe('meeting details never leave through a list, browse or public answer', () => {
  it('no vacancy answer carries them, and no answer schema has such a field', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth, { dayOfWork: { meeting: meeting() } });
    await h.create(estate.auth, { dayOfWork: { meeting: meeting() }, sponsored: true });
    await h.service.context.relay.flush();
    const answers = [
      await h.client.get('/vacancies/preview'),
      await h.client.get('/vacancies/open-by-crop'),
      await h.client.post('/workers/vacancies/open', {}, h.worker.auth),
      await h.client.post('/admin/vacancies/open', {}, h.admin.auth),
      await h.client.post('/admin/vacancies/all', {}, h.admin.auth),
      await h.client.post('/admin/vacancies/review', {}, h.admin.auth),
      await h.client.get('/estates/vacancies/all', estate.auth),
      await h.client.get('/estates/featuring-offer', estate.auth),
    ];
    const listed = JSON.stringify(answers[6]!.body);
    expect(listed).toContain(id);
    for (const res of answers) {
      expect(res.status).toBe(200);
      const text = JSON.stringify(res.body);
      for (const secret of SECRETS) expect(text).not.toContain(secret);
      for (const field of privateMeetingFields) expect(text).not.toContain(`"${field}"`);
    }
    const keysOf = (schema: unknown, seen = new Set<unknown>()): string[] => {
      if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
      seen.add(schema);
      const def = (schema as { def?: Record<string, unknown> }).def ?? {};
      const shape = (def.shape ?? {}) as Record<string, unknown>;
      return [
        ...Object.keys(shape),
        ...Object.values(shape).flatMap((s) => keysOf(s, seen)),
        ...['element', 'innerType', 'in', 'out', 'schema', 'valueType']
          .map((k) => def[k])
          .flatMap((s) => keysOf(s, seen)),
        ...((def.options as unknown[]) ?? []).flatMap((s) => keysOf(s, seen)),
      ];
    };
    // Every answer schema of the vacancy service's other routes (gateway/src/routes/vacancy.ts).
    const responseSchemas = [
      vacancyPreviewSchema,
      openByCropSchema,
      vacancyPageSchema,
      estateVacanciesSchema,
      createVacancyResultSchema,
      featuringOfferSchema,
      featureVacancyResultSchema,
      reportResultSchema,
      reviewQueueSchema,
      reviewDecisionResultSchema,
    ];
    expect(keysOf(vacancyPageSchema)).toContain('estateName');
    for (const schema of responseSchemas)
      for (const key of keysOf(schema)) expect(privateMeetingFields).not.toContain(key);
  });
});
