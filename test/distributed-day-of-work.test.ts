import { dayBefore } from '@moba/contracts';
import { eventually } from '@moba/platform/testing';
import { startDistributed } from './support/distributed';
import { loginAdmin, mobaBody, registeredUser } from './support/product';
import { localInstant } from '../services/application/src/domain/work-days';

/**
 * A day of work on `npm run start:distributed` (two instances each of vacancy, application and
 * notification on Redis Streams and PostgreSQL), through the gateway only: accept → the confirmation
 * asked at the estate's hour and answered by SMS reply → another worker declines → the standby worker
 * takes the freed place → the estate's broadcast → attendance per day → ratings.
 */
let product: Awaited<ReturnType<typeof startDistributed>> | undefined;
afterAll(async () => {
  await product?.stop();
}, 60_000);

type DevSms = { to: string; text: string };
const DAY_MS = 86_400_000;
/** Two instances of each service on a loaded machine: a step may take many times its usual time. */
const LONG_WAIT = 120_000;

test('a day of work on the distributed mode: SMS confirmation, a decline refilled from standby, broadcast, attendance per day, ratings', async () => {
  product = await startDistributed({ CONFIRMATION_SWEEP_INTERVAL_MS: '300' });
  const { client } = product;
  const clockNow = async () => Date.parse((await client.get('/api/dev/clock')).body.now);
  const moveClockTo = async (at: number) =>
    expect((await client.post('/api/dev/clock', { advanceMs: at - (await clockNow()) })).status).toBe(200);

  const admin = await loginAdmin(client);
  const estate = await registeredUser(client, 'estate');
  const [smsWorker, decliner, standby] = [
    await registeredUser(client, 'worker'),
    await registeredUser(client, 'worker'),
    await registeredUser(client, 'worker'),
  ];
  const settings = await client.put('/api/sms/settings', { enabled: true }, smsWorker.auth);
  const phone = settings.body.phone as string;
  await client.post('/dev/sms/reply', { from: phone, text: 'START' });

  const meeting = { point: 'Kod zadruge', time: '06:30', contactName: 'Predrag', contactPhone: '0645551234' };
  const body = await mobaBody(client, { numberOfWorkers: 2, dayOfWork: { meeting } }, 3, 3);
  const created = await client.post('/api/estates/vacancies/create', body, estate.auth);
  expect(created.status).toBe(201);
  const vacancyId = created.body.id as string;
  const startDate = body.startDate as string;
  const lastDay = body.endDate as string;

  const applicationOf: Record<string, string> = {};
  for (const worker of [smsWorker, decliner, standby]) {
    const applied = await eventually(
      async () => {
        const res = await client.post('/api/applications/create', { vacancyId }, worker.auth);
        return res.status === 201 && res;
      },
      'the application (the replica may lag)',
      LONG_WAIT,
    );
    applicationOf[worker.userId] = applied.body.id as string;
  }
  for (const worker of [smsWorker, decliner])
    expect(
      (await client.post(`/api/admin/applications/${applicationOf[worker.userId]}/accept`, {}, admin.auth))
        .status,
    ).toBe(200);

  // 18:30 Belgrade on the eve: the confirmation request goes out, by SMS to the SMS user.
  await moveClockTo(localInstant(dayBefore(startDate), '18:30').getTime());
  await eventually(
    async () => {
      const sms = (await client.get(`/dev/sms.json?to=${encodeURIComponent(phone)}`)).body as DevSms[];
      return sms.some((m) => /DA ili NE/.test(m.text));
    },
    'the confirmation SMS',
    LONG_WAIT,
  );
  expect((await client.post('/dev/sms/reply', { from: phone, text: 'Да!' })).status).toBe(200);
  const declined = await eventually(
    async () => {
      const res = await client.post(
        `/api/workers/applications/${applicationOf[decliner.userId]}/confirmation`,
        { answer: 'no' },
        decliner.auth,
      );
      return res.status === 200 && res;
    },
    'the second worker declines in the app',
    LONG_WAIT,
  );
  expect(declined.status).toBe(200);

  const board = await eventually(
    async () => {
      const res = await client.get(`/api/estates/vacancies/${vacancyId}/board?day=${startDate}`, estate.auth);
      return res.status === 200 && res.body.totals.confirmed === 1 && res.body.totals.declined === 1 && res;
    },
    'the day board: one confirmed by SMS, one declined',
    LONG_WAIT,
  );
  expect(
    board.body.rows.find(
      (r: { applicationId: string }) => r.applicationId === applicationOf[smsWorker.userId],
    ),
  ).toMatchObject({ state: 'Confirmed', channel: 'sms' });

  // The declined place is offered to the pending worker, who takes it.
  await eventually(
    async () => {
      const res = await client.post(
        `/api/workers/applications/${applicationOf[standby.userId]}/take-place`,
        {},
        standby.auth,
      );
      return res.status === 200;
    },
    'the standby worker takes the freed place',
    LONG_WAIT,
  );

  // The estate tells everyone accepted that the start moves to 08:00.
  const sent = await client.post(
    `/api/estates/vacancies/${vacancyId}/broadcasts`,
    { day: null, template: 'start-moved', value: '08:00' },
    estate.auth,
  );
  expect(sent.status).toBe(201);
  await eventually(
    async () => {
      const res = await client.get(`/api/estates/vacancies/${vacancyId}/broadcasts`, estate.auth);
      const recipients = JSON.stringify(res.body);
      return (
        res.status === 200 && recipients.includes(smsWorker.userId) && recipients.includes(standby.userId)
      );
    },
    'the broadcast reaches both accepted workers',
    LONG_WAIT,
  );

  // Attendance per day: both came on the first day, the standby worker did not come on the last.
  await moveClockTo(Date.parse(`${lastDay}T12:00:00Z`));
  const mark = (day: string, marks: { personId: string; attendance: string }[]) =>
    client.post(`/api/estates/vacancies/${vacancyId}/attendance`, { day, marks }, estate.auth);
  const came = (w: { userId: string }) => ({ personId: applicationOf[w.userId], attendance: 'Came' });
  expect((await mark(startDate, [came(smsWorker), came(standby)])).status).toBe(200);
  expect(
    (
      await mark(lastDay, [
        came(smsWorker),
        { personId: applicationOf[standby.userId], attendance: 'DidNotCome' },
      ])
    ).status,
  ).toBe(200);
  expect((await client.get('/api/workers/me/reliability', standby.auth)).body.noShows).toBe(
    lastDay === startDate ? 0 : 1,
  );

  // After the end both sides rate.
  await moveClockTo(Date.parse(`${body.endDate}T12:00:00Z`) + 2 * DAY_MS);
  await eventually(
    async () => {
      const res = await client.post(
        `/api/users/${estate.userId}/rate/estate`,
        { grade: 5, vacancyId, comment: 'Sve kako je rečeno.' },
        smsWorker.auth,
      );
      return res.status === 201;
    },
    'the worker rates the estate once the moba finished',
    LONG_WAIT,
  );
}, 400_000);
