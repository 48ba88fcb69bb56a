import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  commandTopics,
  crops,
  municipalityNames,
  topics,
  type EventEnvelope,
  type SignupEstateInput,
  type SignupWorkerInput,
} from '@moba/contracts';
import type { DocumentStore } from '@moba/platform';
import { eventually, startForTest, type TestClient, TEST_INTERNAL_SECRET } from '@moba/platform/testing';
import { createTestDeps, testKeys } from '@moba/platform/testing';
import { loadAuthConfig } from '../src/config';
import { createService } from '../src/service';
import { validWorkerSignUp } from '../../../test/support/sign-ups';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any event's data
type AnyData = any;

export const ADMIN_EMAIL = 'admin@moba.test';
export const ADMIN_PASSWORD = 'admin-password-1';

/** The auth service on the test key pair, printing into `printed` (the first-start admin box). */
export const createTestAuthService = (
  deps: ReturnType<typeof createTestDeps>,
  config: ReturnType<typeof loadAuthConfig>,
  printed: string[],
) =>
  createService({
    ...deps,
    config,
    privateKeyPem: testKeys().privateKeyPem,
    internalSecret: TEST_INTERNAL_SECRET,
    print: (t) => printed.push(t),
  });

/** The auth service on port 0 with memory adapters (or the given store), cheap argon2 and a recorder of its events. */
export async function startAuth(env: NodeJS.ProcessEnv = {}, store?: DocumentStore) {
  const deps = { ...createTestDeps(), ...(store ? { store } : {}) };
  const photosDir = mkdtempSync(join(tmpdir(), 'moba-auth-photos-'));
  const config = loadAuthConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://moba.test',
    PHOTOS_DIR: photosDir,
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ...env,
  });
  const printed: string[] = [];
  /** What auth published on auth.v1. */
  const events: EventEnvelope[] = [];
  await deps.bus.subscribe(topics.auth, 'test-recorder', async (event) => {
    events.push(event);
  });
  // The private mail commands to the notification service (links with tokens), kept apart from auth.v1.
  const mailCommands: EventEnvelope[] = [];
  await deps.bus.subscribe(commandTopics.mail, 'test-recorder', async (command) => {
    mailCommands.push(command);
  });
  const everything = () => [...events, ...mailCommands];
  const service = await createTestAuthService(deps, config, printed);
  const { client, stop } = await startForTest(service);
  const auth = {
    client,
    stop,
    deps,
    events,
    mailCommands,
    printed,
    photosDir,
    /** Waits for an event of a type matching the predicate. */
    event: (type: string, match: (e: EventEnvelope<AnyData>) => boolean = () => true) =>
      eventually(async () => everything().find((e) => e.type === type && match(e)), type),
    eventsOf: (type: string, userId: string) =>
      everything().filter((e) => e.type === type && (e.data as { userId?: string }).userId === userId),
  };
  return auth;
}
export type Auth = Awaited<ReturnType<typeof startAuth>>;

/** The auth service of a file's tests: started before them (filled in then), stopped after them. */
export function authForTheseTests(env: NodeJS.ProcessEnv = {}): Auth {
  const auth = {} as Auth;
  beforeAll(async () => {
    Object.assign(auth, await startAuth(env));
  });
  afterAll(() => auth.stop?.());
  return auth;
}

let counter = 0;
const unique = () =>
  `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
/** A valid, unused Serbian mobile number in national format. */
export const uniquePhone = () => `064${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
export const e164 = (national: string) => `+381${national.replace(/^0/, '')}`;
export const PASSWORD = 'secret-pass-1';
const municipality = municipalityNames('RS')[0];
const crop = crops[0].id;

export function workerInput(
  overrides: Partial<SignupWorkerInput> & Record<string, unknown> = {},
): SignupWorkerInput {
  return validWorkerSignUp({
    email: `worker-${unique()}@example.com`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    phone: uniquePhone(),
    municipality,
    groupLeader: true,
    groupSize: 12,
    transportOrganised: true,
    ...overrides,
  }) as SignupWorkerInput;
}

export function estateInput(
  overrides: Partial<SignupEstateInput> & Record<string, unknown> = {},
): SignupEstateInput {
  return {
    email: `estate-${unique()}@example.com`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    termsAccepted: true,
    firstName: 'Jovana',
    lastName: 'Jovanović',
    phone: uniquePhone(),
    phoneCountry: 'RS',
    dateOfBirth: '1980-02-03',
    gender: 'female',
    region: 'RS',
    language: 'sr',
    estateName: `Imanje ${unique()}`,
    municipality,
    bpg: '123456789012',
    pib: '101134702',
    primaryIndustry: 'Voćarstvo',
    cultureTypes: [crop],
    size: 'From1To10ha',
    ...overrides,
  } as SignupEstateInput;
}

export interface Account {
  id: string;
  email: string;
  password: string;
  token: string;
  headers: Record<string, string>;
}

/** The token of the confirmation link mailed to a user (from SendVerificationMail). */
export async function confirmationToken(auth: Auth, userId: string, nth = 0): Promise<string> {
  const event = await eventually(
    async () => auth.eventsOf('SendVerificationMail', userId)[nth],
    'confirmation mail',
  );
  return new URL((event.data as { link: string }).link).searchParams.get('token')!;
}

export async function logIn(client: TestClient, email: string, password = PASSWORD) {
  return client.post('/login', { email, password });
}

/** Signs up, confirms the e-mail and logs in. */
export async function signedUp(
  auth: Auth,
  role: 'Worker' | 'Estate',
  overrides: Record<string, unknown> = {},
): Promise<Account> {
  const input = role === 'Worker' ? workerInput(overrides) : estateInput(overrides);
  const signup = await auth.client.post(role === 'Worker' ? '/signup-worker' : '/signup-estate', input);
  if (signup.status !== 201) throw new Error(`sign-up failed: ${signup.status} ${signup.text}`);
  const id = signup.body.userId as string;
  const verified = await auth.client.post('/verify-email', { token: await confirmationToken(auth, id) });
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${verified.text}`);
  const login = await logIn(auth.client, input.email, input.password);
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return {
    id,
    email: input.email,
    password: input.password,
    token: login.body.token,
    headers: { authorization: `Bearer ${login.body.token}` },
  };
}

export async function adminAccount(auth: Auth): Promise<Account> {
  const login = await logIn(auth.client, ADMIN_EMAIL, ADMIN_PASSWORD);
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${login.text}`);
  return {
    id: login.body.userId,
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
    token: login.body.token,
    headers: { authorization: `Bearer ${login.body.token}` },
  };
}

/** The auth service for a test file, with the seeded admin logged in. */
export async function startAuthWithAdmin() {
  const auth = await startAuth();
  return { auth, admin: await adminAccount(auth) };
}

/** Fails when a response body holds anything that looks like a secret of ours. */
export function expectNoSecrets(text: string) {
  expect(text).not.toMatch(/\$argon2/);
  expect(text).not.toMatch(/passwordHash|emailLink|resetLink|failedLogins/);
}
