import fc from 'fast-check';
import type { RouteSpec } from '../../../gateway/src/route-table';

/** Generated hostile input for one route of the gateway's table: bodies, query strings and path ids. */

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
  'memberIds',
  'members',
  'marks',
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
