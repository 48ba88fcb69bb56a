import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { testClient } from '@moba/platform/testing';
import type { RouteSpec } from '../../../gateway/src/route-table';
import { startEmbedded } from '../../../scripts/embedded';
import { ADMIN } from '../../support/product';

/**
 * Hostile input for every route of the gateway's table: generated bodies, query strings and path ids,
 * sent through the real gateway with a valid token of an allowed role. The property: never a 5xx,
 * every refusal in the product's error shape, and a refused request writes nothing to any store.
 */

/** The whole product on file stores in a temp folder, so a snapshot of every collection is a file listing. */
export async function startFileProduct(env: NodeJS.ProcessEnv = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'moba-fuzz-'));
  const product = await startEmbedded({
    port: 0,
    dataDir,
    env: {
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_SCALE: '100000',
      ...env,
    },
  });
  return {
    ...product,
    dataDir,
    client: testClient(product.url),
    async stop() {
      await product.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Every stored document of every service: nedb appends a line to `<service>/<collection>.db` for each
 * insert, update or delete before it answers, so the size and hash of each file tell whether anything
 * was written. Keys are left out (written once at start).
 */
export function storeSnapshot(dataDir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== 'keys') walk(path);
      } else
        files.set(
          path.slice(dataDir.length + 1),
          createHash('sha1').update(readFileSync(path)).digest('hex').slice(0, 12),
        );
    }
  };
  walk(dataDir);
  return files;
}

export function snapshotDiff(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed: string[] = [];
  for (const [file, hash] of after) if (before.get(file) !== hash) changed.push(file);
  for (const file of before.keys()) if (!after.has(file)) changed.push(`${file} (removed)`);
  return changed;
}

/** Waits until no background writer (outbox relay, consumers, schedulers) touches the stores for `quietMs`. */
export async function settle(dataDir: string, quietMs = 600, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let last = storeSnapshot(dataDir);
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (Date.now() > deadline)
      throw new Error(`stores never settled: ${snapshotDiff(last, storeSnapshot(dataDir)).join(', ')}`);
    await new Promise((r) => setTimeout(r, 100));
    const now = storeSnapshot(dataDir);
    if (snapshotDiff(last, now).length) {
      last = now;
      since = Date.now();
    }
  }
  return last;
}

// ---------------------------------------------------------------------------------------------
// generators

/** Field names a route's body schema knows (object shape, union options, wrapped schemas). */
export function fieldNames(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || depth > 5) return [];
  const s = schema as {
    shape?: Record<string, unknown>;
    options?: unknown[];
    def?: Record<string, unknown>;
    _zod?: { def?: Record<string, unknown> };
  };
  if (s.shape && typeof s.shape === 'object') return Object.keys(s.shape);
  if (Array.isArray(s.options)) return [...new Set(s.options.flatMap((o) => fieldNames(o, depth + 1)))];
  const def = s.def ?? s._zod?.def;
  for (const inner of ['in', 'innerType', 'schema', 'left', 'right'])
    if (def?.[inner]) {
      const found = fieldNames(def[inner], depth + 1);
      if (found.length) return found;
    }
  return [];
}

const COMMON_FIELDS = [
  'email',
  'password',
  'token',
  'vacancyId',
  'workerId',
  'notificationIds',
  'shouldDelete',
  'grade',
  'comment',
  'ratings',
  'purpose',
  'amount',
  'method',
  'note',
  'reason',
  'search',
  'status',
  'page',
  'size',
  'name',
  'message',
  'peopleCount',
  'filters',
];

const operatorValue = fc.constantFrom<unknown>(
  { $gt: '' },
  { $ne: null },
  { $where: 'sleep(1000)' },
  { $regex: '.*' },
  { $in: [] },
  { $exists: true },
  { $or: [{}] },
  { $expr: { $eq: [1, 1] } },
);
const protoValue = fc.constantFrom<unknown>(
  JSON.parse('{"__proto__": {"isAdmin": true, "role": "Admin"}}'),
  JSON.parse('{"constructor": {"prototype": {"polluted": true}}}'),
  JSON.parse('{"__proto__": null}'),
);
const hugeString = fc.constantFrom(
  'x'.repeat(10_000),
  'ž'.repeat(30_000),
  '😀'.repeat(5_000),
  'a'.repeat(1_000),
);
const weirdString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uFFFF',
    '\uD800',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '${7*7}',
    '../../etc/passwd',
    'null',
    'true',
    '-1',
    '1e309',
    'NaN',
    'Ђорђе',
    '𝕄𝕠𝕓𝕒',
    '\r\nX-Injected: 1',
  ),
);
/** A wrong or hostile value for any field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: operatorValue },
  { weight: 2, arbitrary: protoValue },
  { weight: 1, arbitrary: hugeString },
  { weight: 3, arbitrary: weirdString },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(-1),
      fc.constant(Number.MAX_SAFE_INTEGER),
    ),
  },
  { weight: 2, arbitrary: fc.array(fc.oneof(weirdString, fc.integer(), operatorValue), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.array(fc.constant('x'), { minLength: 1000, maxLength: 1000 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), weirdString, { maxKeys: 4 }) },
);

/** JSON text that is not JSON, or is JSON of the wrong kind at the top. */
const malformedJson = fc.constantFrom(
  '{',
  '{"a":',
  "{'a': 1}",
  '{a:1}',
  '[1,2',
  'undefined',
  'NaN',
  '\u0000',
  '{"a":1}}',
  '{"__proto__":',
  '"just a string"',
  '42',
  'null',
  'true',
  '[]',
  '[{}]',
  '{"a":"\\ud800"}',
);

export interface FuzzRequest {
  path: string;
  query: string;
  /** Raw body text (may be malformed) or undefined for none. */
  body?: string;
  contentType: string;
}

/** Lone surrogates cannot be percent-encoded; the raw segments above cover malformed encodings. */
const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
const encode = (v: unknown) => encodeURIComponent(wellFormed(typeof v === 'string' ? v : JSON.stringify(v)));
const asText = (v: unknown) => JSON.stringify(v);

export function requestArbitrary(route: RouteSpec): fc.Arbitrary<FuzzRequest> {
  const fields = [...new Set([...fieldNames(route.body), ...COMMON_FIELDS.slice(0, 6)])];
  const knownFields = fieldNames(route.body).length ? fieldNames(route.body) : COMMON_FIELDS;
  const pathId = fc.oneof(
    fc.uuid().map(encodeURIComponent), // any version: v1/v3/v5 and nil must be refused
    fc
      .constantFrom(
        'not-a-uuid',
        '123',
        '00000000-0000-0000-0000-000000000000',
        '__proto__',
        'constructor',
        '$gt',
        '..',
        '.',
        'null',
        '-1',
        'x'.repeat(3000),
        'Ђ',
        '😀',
      )
      .map(encodeURIComponent),
    weirdString.filter((s) => s.length > 0).map((s) => encodeURIComponent(wellFormed(s))),
    // sent as they are: malformed percent-encoding, encoded NUL, slashes and dots
    fc.constantFrom('%00', '%', '%E0%A4%A', '%FF', '%C0%AF', '%ED%A0%80', '%2e%2e', '%2F', '..%2F..%2Fetc'),
  );
  const params = (route.path.match(/:[a-zA-Z]+/g) ?? []).length;
  const path = fc.array(pathId, { minLength: params, maxLength: params }).map((ids) => {
    let i = 0;
    return '/api' + route.path.replace(/:[a-zA-Z]+/g, () => ids[i++] || 'x');
  });
  const query = fc.oneof(
    { weight: 3, arbitrary: fc.constant('') },
    {
      weight: 2,
      arbitrary: fc
        .array(
          fc.tuple(
            fc.oneof(
              fc.constantFrom(...fields, '__proto__', 'constructor', 'status[$ne]', 'page[$gt]', '$where'),
              fc.string({ maxLength: 10 }),
            ),
            hostileValue,
          ),
          { maxLength: 4 },
        )
        .map((pairs) => '?' + pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encode(v)}`).join('&')),
    },
  );
  const objectBody = fc.dictionary(fc.constantFrom(...fields), hostileValue, { maxKeys: 6 }).map(asText);
  const everyFieldOperator = operatorValue.map((op) =>
    asText(Object.fromEntries(knownFields.map((f) => [f, op]))),
  );
  const protoBody = fc.constantFrom(
    '{"__proto__": {"role": "Admin", "isAdmin": true}}',
    '{"constructor": {"prototype": {"role": "Admin"}}}',
    `{${knownFields.map((f) => `"${f}": {"__proto__": {"x": 1}}`).join(',')}}`,
    `{"__proto__": {"${knownFields[0] ?? 'a'}": {"$gt": ""}}}`,
  );
  const arrayBody = fc
    .array(fc.dictionary(fc.constantFrom(...fields), hostileValue, { maxKeys: 3 }), { maxLength: 3 })
    .map(asText);
  const anyJson = fc.jsonValue({ maxDepth: 3 }).map(asText);
  const tooLarge = fc.constant(asText({ [knownFields[0] ?? 'a']: 'y'.repeat(150_000) }));
  const bodyArb: fc.Arbitrary<{ body?: string; contentType: string }> = fc.oneof(
    { weight: 5, arbitrary: objectBody.map((body) => ({ body, contentType: 'application/json' })) },
    { weight: 2, arbitrary: everyFieldOperator.map((body) => ({ body, contentType: 'application/json' })) },
    { weight: 2, arbitrary: protoBody.map((body) => ({ body, contentType: 'application/json' })) },
    { weight: 1, arbitrary: arrayBody.map((body) => ({ body, contentType: 'application/json' })) },
    { weight: 1, arbitrary: anyJson.map((body) => ({ body, contentType: 'application/json' })) },
    { weight: 2, arbitrary: malformedJson.map((body) => ({ body, contentType: 'application/json' })) },
    { weight: 1, arbitrary: tooLarge.map((body) => ({ body, contentType: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<{ body?: string; contentType: string }>(
        { body: undefined, contentType: 'application/json' },
        { body: 'a=1&b[$gt]=', contentType: 'application/x-www-form-urlencoded' },
        { body: '<x/>', contentType: 'text/xml' },
      ),
    },
  );
  return fc.record({ path, query, bodyPart: bodyArb }).map(({ path: p, query: q, bodyPart }) => ({
    path: p,
    query: q,
    body: route.method === 'GET' ? undefined : bodyPart.body,
    contentType: bodyPart.contentType,
  }));
}

/** Routes the spec answers with a text body (payment create, 'Already applied', contact, guest 'already applied'). */
export const TEXT_ROUTES = new Set([
  'POST /payment/create',
  'POST /applications/create',
  'POST /contact-us',
  'POST /admin/applications/guest/:id/accept',
]);

/** Browser pages of the payment provider's sandbox checkout. */
export const HTML_ROUTES = new Set(['GET /payment/checkout/:id', 'POST /payment/checkout/:id/:outcome']);

export interface FuzzAnswer {
  status: number;
  contentType: string;
  text: string;
}

/** '' when the answer keeps the promise; otherwise what is wrong. */
export function answerProblem(route: RouteSpec, answer: FuzzAnswer): string {
  if (answer.status >= 500) return `status ${answer.status}`;
  if (answer.status < 400) return '';
  if (answer.contentType.startsWith('application/json')) {
    try {
      const body = JSON.parse(answer.text) as { error?: { code?: unknown; message?: unknown } };
      if (typeof body?.error?.code === 'string' && typeof body.error.message === 'string') return '';
    } catch {
      return 'unparsable JSON error body';
    }
    return `JSON body without {error:{code,message}}: ${answer.text.slice(0, 120)}`;
  }
  // The sandbox checkout is a page a browser opens: its refusals are pages too.
  if (
    answer.contentType.startsWith('text/html') &&
    HTML_ROUTES.has(`${route.method} ${route.path}`) &&
    answer.text.length > 0
  )
    return '';
  if (
    answer.contentType.startsWith('text/plain') &&
    TEXT_ROUTES.has(`${route.method} ${route.path}`) &&
    answer.text.length > 0
  )
    return '';
  return `unexpected ${answer.status} ${answer.contentType}: ${answer.text.slice(0, 120)}`;
}

export async function send(
  baseUrl: string,
  route: RouteSpec,
  request: FuzzRequest,
  headers: Record<string, string>,
): Promise<FuzzAnswer> {
  const response = await fetch(baseUrl + request.path + request.query, {
    method: route.method,
    headers: { ...headers, ...(request.body !== undefined ? { 'content-type': request.contentType } : {}) },
    body: request.body,
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

export interface RouteFuzzResult {
  route: string;
  runs: number;
  statuses: Record<number, number>;
  failures: { request: FuzzRequest; problem: string }[];
}

/**
 * Runs `numRuns` generated requests on one route. A refused request (4xx) must leave every store as it
 * was; an accepted one (a generated input that happens to be valid) re-bases the snapshot.
 */
export async function fuzzRoute(
  product: { url: string; dataDir: string },
  route: RouteSpec,
  headers: Record<string, string>,
  { numRuns, seed, checkWrites = true }: { numRuns: number; seed: number; checkWrites?: boolean },
): Promise<RouteFuzzResult> {
  const result: RouteFuzzResult = {
    route: `${route.method} ${route.path}`,
    runs: 0,
    statuses: {},
    failures: [],
  };
  let snapshot = checkWrites ? await settle(product.dataDir, 200) : new Map<string, string>();
  const samples = fc.sample(requestArbitrary(route), { numRuns, seed });
  for (const request of samples) {
    const answer = await send(product.url, route, request, headers);
    result.runs++;
    result.statuses[answer.status] = (result.statuses[answer.status] ?? 0) + 1;
    let problem = answerProblem(route, answer);
    if (checkWrites) {
      if (answer.status >= 400 && !problem) {
        const changed = snapshotDiff(snapshot, storeSnapshot(product.dataDir));
        if (changed.length) {
          const tail = (f: string) =>
            readFileSync(join(product.dataDir, f.replace(/ \(removed\)$/, '')), 'utf8')
              .trimEnd()
              .split('\n')
              .pop()
              ?.slice(0, 200);
          problem = `refused (${answer.status}) but wrote ${changed.map((f) => `${f}: ${tail(f)}`).join(', ')}`;
          snapshot = await settle(product.dataDir, 200);
        }
      } else snapshot = await settle(product.dataDir, 200);
    }
    if (problem && result.failures.length < 5)
      result.failures.push({ request: { ...request, body: request.body?.slice(0, 300) }, problem });
  }
  return result;
}
