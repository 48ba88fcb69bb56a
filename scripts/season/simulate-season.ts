import { legalMinimumDailyWage, reviewReasons } from '@moba/contracts';
import type { TestClient } from '@moba/platform/testing';
import {
  describeJob,
  estateName,
  mobilePhone,
  municipality,
  personName,
  random,
  seasonJobs,
  type Random,
} from './season-data';

export interface SeasonOptions {
  estates: number;
  workers: number;
  mobasPerEstate: number;
  seed: number;
  admin: { email: string; password: string };
  /** Move the product's clock past the first jobs' end date (development mode only) to finish and rate them. */
  finishJobs: boolean;
  log?: (line: string) => void;
  /**
   * The token of the link in the mail the product sent (default: read through the dev mailbox, which
   * a production deployment does not serve; a rehearsal reads its own mail catcher).
   */
  mailedToken?: (email: string, contains: string) => Promise<string>;
  /** Called once every worker is signed in, before the admin accepts (e.g. to open their live sockets). */
  beforeAccepting?: (workers: Session[]) => Promise<void>;
}

export interface Session {
  userId: string;
  auth: Record<string, string>;
}

const DAY = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

async function call(
  client: TestClient,
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) {
  const response = await client.request(method, path, { body, headers });
  if (response.status >= 300)
    throw new Error(`${method} ${path} → ${response.status} ${response.text.slice(0, 300)}`);
  return response.body;
}

/**
 * The link of a mail the product sent. Mail is sent by the notification service from auth's command,
 * so a restart of either (the kill drill) delays it by their start-up and the take-over of what a
 * killed consumer held: wait up to a minute.
 */
async function mailedToken(client: TestClient, email: string, contains: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const mailbox = await client.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
    if (mailbox.status !== 200 || !Array.isArray(mailbox.body))
      throw new Error(
        `GET /dev/mailbox.json → ${mailbox.status} ${mailbox.text.slice(0, 80)}: the product serves no dev mailbox here`,
      );
    const mails = mailbox.body as { links: string[] }[];
    const link = mails.flatMap((m) => m.links).find((l) => l.includes(contains));
    if (link) return new URL(link).searchParams.get('token')!;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no ${contains} mail reached ${email}`);
}

async function register(
  client: TestClient,
  kind: 'worker' | 'estate',
  tokenOf: (email: string, contains: string) => Promise<string>,
  body: Record<string, unknown>,
): Promise<Session> {
  await call(client, 'POST', `/api/signup-${kind}`, body);
  await call(client, 'POST', '/api/verify-email', {
    token: await tokenOf(body.email as string, 'confirm-email'),
  });
  const login = await call(client, 'POST', '/api/login', { email: body.email, password: body.password });
  return { userId: login.userId, auth: { authorization: `Bearer ${login.token}` } };
}

function account(kind: string, run: number, n: number, r: Random) {
  const person = personName(r);
  return {
    email: `${kind}${n}.${run}@sezona.example`,
    password: 'sezona-2025',
    confirmPassword: 'sezona-2025',
    termsAccepted: true,
    ...person,
    phone: mobilePhone(run, n + (kind === 'estate' ? 50_000 : 0)),
    phoneCountry: 'RS',
    dateOfBirth: `${r.int(1965, 2004)}-0${r.int(1, 9)}-1${r.int(0, 9)}`,
    gender: r.pick(['male', 'female']),
    region: 'RS',
    language: r.chance(0.85) ? 'sr' : 'en',
  };
}

async function today(client: TestClient) {
  const clock = await client.get('/api/dev/clock');
  return clock.status === 200 ? new Date(clock.body.now) : new Date();
}

/**
 * A job an estate would post on that day: its crop in season and its wage at or above the legal
 * minimum, so the moba opens at once rather than waiting for an admin's review.
 */
function vacancyBody(r: Random, start: Date, lengthDays: number, sponsored = false) {
  for (let attempt = 0; ; attempt++) {
    const body = anyVacancyBody(r, start, lengthDays, sponsored);
    if (body.dailyWage !== undefined)
      body.dailyWage = Math.max(body.dailyWage, legalMinimumDailyWage(body.hoursPerDay, body.startDate));
    if (reviewReasons(body).length === 0 || attempt === 50) return body;
  }
}

function anyVacancyBody(r: Random, start: Date, lengthDays: number, sponsored: boolean) {
  const job = r.pick(seasonJobs);
  const place = municipality(r);
  const paymentType = r.chance(0.8) ? 'DailyWage' : 'ByAgreement';
  return {
    title: `${job.title} — ${place}`.slice(0, 70),
    description: describeJob(job, place, r),
    municipality: place,
    crops: [job.crop],
    jobActivities: [job.activity],
    startDate: isoDay(start),
    endDate: isoDay(new Date(start.getTime() + (lengthDays - 1) * DAY)),
    numberOfWorkers: r.int(3, 15),
    workStartTime: '07:00',
    workEndTime: '15:00',
    hoursPerDay: 8,
    foodProvided: r.chance(0.6),
    transportProvided: r.chance(0.4),
    accommodationProvided: r.chance(0.2),
    groupLeadersAccepted: r.chance(0.5),
    paymentType,
    dailyWage: paymentType === 'DailyWage' ? job.wage + r.int(-5, 10) * 100 : undefined,
    sponsored,
  };
}

/**
 * Builds a season through the public API only: estates and their mobas, workers and group leaders,
 * applications and admin accepts; with finishJobs, the first jobs end (clock moved) and both sides rate.
 */
export async function simulateSeason(client: TestClient, options: SeasonOptions) {
  const r = random(options.seed);
  const log = options.log ?? (() => undefined);
  const run = options.seed % 100_000;
  const admin = await call(client, 'POST', '/api/login', options.admin);
  const adminAuth = { authorization: `Bearer ${admin.token}` };
  const tokenOf =
    options.mailedToken ?? ((email: string, contains: string) => mailedToken(client, email, contains));

  log(`registering ${options.estates} estates and ${options.workers} workers…`);
  const estates: Session[] = [];
  for (let n = 0; n < options.estates; n++) {
    estates.push(
      await register(client, 'estate', tokenOf, {
        ...account('estate', run, n, r),
        estateName: estateName(r, n + 1),
        municipality: municipality(r),
        bpg: String(700_000_000_000 + run * 1000 + n),
        primaryIndustry: r.pick(['Voćarstvo', 'Povrtarstvo', 'Ratarstvo']),
        cultureTypes: [r.pick(seasonJobs).crop],
        size: r.pick(['From50aTo1ha', 'From1To10ha', 'From10To100ha']),
      }),
    );
  }
  const workers: Session[] = [];
  for (let n = 0; n < options.workers; n++) {
    const leader = r.chance(0.15);
    workers.push(
      await register(client, 'worker', tokenOf, {
        ...account('worker', run, n, r),
        availabilityMonths: [5, 6, 7, 8, 9],
        municipality: municipality(r),
        skills: 'berba, rezidba, rad u plasteniku',
        groupLeader: leader,
        ...(leader ? { groupSize: r.int(5, 12) } : {}),
        transportOrganised: leader,
        willingToTravel: r.chance(0.7),
      }),
    );
  }

  const now = await today(client);
  const tomorrow = new Date(now.getTime() + DAY);
  const finishing: { vacancyId: string; estate: Session }[] = [];
  log(`publishing ${options.estates * options.mobasPerEstate} mobas…`);
  const open: string[] = [];
  for (const estate of estates) {
    for (let m = 0; m < options.mobasPerEstate; m++) {
      const short = options.finishJobs && m === 0;
      const body = vacancyBody(
        r,
        short ? tomorrow : new Date(tomorrow.getTime() + r.int(3, 20) * DAY),
        short ? 3 : r.int(7, 30),
      );
      const { id } = await call(client, 'POST', '/api/estates/vacancies/create', body, estate.auth);
      (short ? finishing : []).push({ vacancyId: id, estate });
      if (!short) open.push(id);
    }
  }

  log('workers apply, the admin accepts…');
  const targets = [...finishing.map((f) => f.vacancyId), ...open];
  let applied = 0;
  for (const [i, worker] of workers.entries()) {
    for (const vacancyId of new Set([targets[i % targets.length], r.pick(targets)])) {
      const response = await client.post('/api/applications/create', { vacancyId }, worker.auth);
      if (response.status < 300) applied++;
    }
  }
  await options.beforeAccepting?.(workers);
  const pending: { id: string; vacancyId: string }[] = [];
  for (let page = 1, total = Infinity; pending.length < total; page++) {
    const answer = (await call(
      client,
      'POST',
      '/api/admin/applications/pending',
      { page, pageSize: 100 },
      adminAuth,
    )) as {
      items: { id: string; vacancyId: string }[];
      total: number;
    };
    if (!answer.items.length) break;
    pending.push(...answer.items);
    total = answer.total;
  }
  let accepted = 0;
  for (const application of pending) {
    const mustFinish = finishing.some((f) => f.vacancyId === application.vacancyId);
    if (!mustFinish && !r.chance(0.6)) continue;
    const response = await client.post(`/api/admin/applications/${application.id}/accept`, {}, adminAuth);
    if (response.status < 300) accepted++;
  }

  let ratings = 0;
  if (options.finishJobs && finishing.length) {
    log('the first jobs end: moving the clock past their end date…');
    const moved = await client.post('/api/dev/clock', { advanceMs: 5 * DAY });
    if (moved.status !== 200)
      throw new Error('the product does not run in development mode: cannot finish jobs');
    for (const { vacancyId, estate } of finishing) {
      let list: { workers: { workerId: string; rated: boolean }[] } | undefined;
      for (let i = 0; i < 200; i++) {
        const response = await client.get(
          `/api/estates/vacancy/${vacancyId}/workers/for-rating`,
          estate.auth,
        );
        if (response.status === 200) {
          list = response.body;
          break;
        }
        await new Promise((done) => setTimeout(done, 100));
      }
      const unrated = (list?.workers ?? []).filter((w) => !w.rated);
      if (unrated.length) {
        await call(
          client,
          'POST',
          '/api/users/rate/workers',
          {
            vacancyId,
            ratings: unrated.map((w) => ({
              workerId: w.workerId,
              grade: r.int(3, 5),
              comment: r.pick(['Vredan i tačan.', 'Odličan rad!', 'Preporuka.']),
            })),
          },
          estate.auth,
        );
        ratings += unrated.length;
      }
      for (const worker of workers) {
        const target = await client.get(`/api/workers/vacancy/${vacancyId}/estate/for-rating`, worker.auth);
        if (target.status !== 200 || target.body.rated) continue;
        await call(
          client,
          'POST',
          `/api/users/${target.body.estateId}/rate/estate`,
          { grade: r.int(3, 5), comment: 'Korektan poslodavac, uredna isplata.', vacancyId },
          worker.auth,
        );
        ratings++;
      }
    }
  }
  const summary = {
    estates: estates.length,
    workers: workers.length,
    mobas: open.length + finishing.length,
    applied,
    accepted,
    ratings,
  };
  log(`season ready: ${JSON.stringify(summary)}`);
  return {
    ...summary,
    estateSessions: estates,
    workerSessions: workers,
    openVacancies: open,
    finishedVacancies: finishing.map((f) => f.vacancyId),
  };
}
