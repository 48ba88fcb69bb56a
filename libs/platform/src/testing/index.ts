import type { Role } from '@moba/contracts';
import { createMemoryBus } from '../bus/memory-bus';
import { createNedbStore } from '../store/nedb-store';
import { createAdjustableClock } from '../clock';
import { createLogger } from '../log';
import { createTokenSigner, createTokenVerifier, generateKeyPair, type AuthUser } from '../auth/tokens';
import type { BaseDeps, Service } from '../service-kit';

let keys: ReturnType<typeof generateKeyPair> | undefined;
/** One key pair per test process, shared by the signer and the verifier of test deps. */
export const testKeys = () => (keys ??= generateKeyPair());

/** The internal secret of test processes (service-to-service calls, service-tokens.ts). */
export const TEST_INTERNAL_SECRET = 'test-internal-secret-0123456789abcdef';

/** Memory adapters, a movable clock and a token verifier that trusts testToken(). */
export function createTestDeps(): BaseDeps & { clock: ReturnType<typeof createAdjustableClock> } {
  return {
    bus: createMemoryBus(),
    store: createNedbStore(),
    clock: createAdjustableClock(),
    logger: createLogger('test', 'silent'),
    tokens: createTokenVerifier(testKeys().publicKeyPem),
  };
}

/** A session token for a made-up (or given) user. */
export async function testToken(role: Role, user: Partial<AuthUser> = {}, ttlSeconds = 3600) {
  const id = user.id ?? crypto.randomUUID();
  const token = await createTokenSigner(testKeys().privateKeyPem).sign(
    { id, role, fullName: user.fullName ?? `Test ${role}`, tokenVersion: user.tokenVersion ?? 0 },
    ttlSeconds,
  );
  return { id, token, auth: { authorization: `Bearer ${token}` } };
}

export interface TestClient {
  url: string;
  request(
    method: string,
    path: string,
    options?: { body?: unknown; headers?: Record<string, string>; raw?: string },
  ): Promise<TestResponse>;
  get(path: string, headers?: Record<string, string>): Promise<TestResponse>;
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse>;
  put(path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse>;
  delete(path: string, headers?: Record<string, string>): Promise<TestResponse>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** A small fetch client for service tests over real HTTP. */
export function testClient(url: string): TestClient {
  const request: TestClient['request'] = async (method, path, { body, headers = {}, raw } = {}) => {
    const response = await fetch(url + path, {
      method,
      headers: {
        ...(body !== undefined || raw !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* plain text answer */
    }
    return { status: response.status, headers: response.headers, text, body: parsed };
  };
  return {
    url,
    request,
    get: (path, headers) => request('GET', path, { headers }),
    post: (path, body, headers) => request('POST', path, { body, headers }),
    put: (path, body, headers) => request('PUT', path, { body, headers }),
    delete: (path, headers) => request('DELETE', path, { headers }),
  };
}

/** Starts a service on port 0 and hands back a client; call stop() in afterAll/afterEach. */
export async function startForTest(service: Service) {
  const listening = await service.start(0);
  return { client: testClient(listening.url), stop: () => service.stop() };
}

/**
 * Waits until a condition holds (events are asynchronous); fails with the label after the timeout,
 * which is for a stuck condition only: a loaded machine can take many times the usual time.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  label = 'condition',
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
export { countingStore, type StoreReads } from './counting-store';
export { startEndpointBalancer } from './endpoint-balancer';
export { freePort, freePortBlock } from './ports';
