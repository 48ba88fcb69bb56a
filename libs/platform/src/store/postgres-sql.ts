import type { Filter, Sort } from './document-store';
import { encodeJson, encodeText } from './postgres-text';
import { isOperatorObject } from './operator-object';

/**
 * The MongoDB filter subset of the DocumentStore port, written as SQL over a `doc jsonb` column with
 * the semantics of the embedded adapter (nedb with toNedbFilter):
 *
 * - A condition on a path reads `doc #> '{a,b}'` (array positions by number, like MongoDB). That
 *   plain arm is what the expression indexes of postgres-store.ts are built on, so equality, $in and
 *   ranges on an indexed field use them.
 * - When the path runs through an array, or ends on one, MongoDB tests each element; that second arm
 *   is a lax jsonpath (which unwraps arrays the same way) guarded by `arrayish` — the same expression
 *   as a tiny partial index, so the planner can combine both arms in a BitmapOr instead of scanning.
 * - Ranges compare numbers with numbers and strings with strings only ($gt 3 never matches "4").
 * - $ne, $nin and $exists:false are the negation of the positive form (a missing field matches them).
 */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  json(value: unknown): string {
    return `${this.add(encodeJson(value))}::jsonb`;
  }
}

const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;
export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

const isPosition = (part: string) => /^\d+$/.test(part);

/** `doc #> '{"a","b"}'::text[]`: the value at a dotted path, SQL NULL when missing. */
export function pathExpression(path: string): string {
  const parts = path.split('.').map((p) => `"${p.replace(/["\\]/g, '\\$&')}"`);
  return `(doc #> ${quoteLiteral(`{${parts.join(',')}}`)}::text[])`;
}

/**
 * True when the value at the path is reached through an array, or (withLeaf) is one itself: the only
 * documents where MongoDB's element-wise reading differs from the plain one.
 */
export function arrayishExpression(path: string, withLeaf = true): string | undefined {
  const parts = path.split('.');
  const tests: string[] = [];
  for (let end = 1; end <= parts.length; end++) {
    const isLeaf = end === parts.length;
    if (isLeaf ? !withLeaf : isPosition(parts[end])) continue;
    tests.push(`jsonb_typeof(${pathExpression(parts.slice(0, end).join('.'))}) = 'array'`);
  }
  return tests.length ? `(${tests.join(' OR ')})` : undefined;
}

/** The lax jsonpath of a dotted path: `."name"` for names, `[n]` for array positions. */
function jsonPath(path: string): string {
  return `lax $${path
    .split('.')
    .map((p) => (isPosition(p) ? `[${p}]` : `.${JSON.stringify(p)}`))
    .join('')}`;
}

type Scalar = string | number | boolean | null;
const isScalar = (value: unknown): value is Scalar =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** An element-wise arm: the jsonpath predicate `? (...)` on every value the path reaches. */
function elementArm(path: string, predicate: string, vars: Record<string, unknown>, params: SqlParams) {
  const arrayish = arrayishExpression(path);
  if (!arrayish) return undefined;
  const exists = `jsonb_path_exists(doc, ${params.add(`${jsonPath(path)} ? (${predicate})`)}::jsonpath, ${params.json(vars)})`;
  return `(${arrayish} AND ${exists})`;
}

const either = (plain: string, element: string | undefined) => (element ? `(${plain} OR ${element})` : plain);

function equals(path: string, value: unknown, params: SqlParams): string {
  if (value instanceof RegExp) return regex(path, value, params);
  if (value === undefined) throw new Error(`filter on ${path}: undefined is not a value`);
  if (path === '_id' && typeof value === 'string') return `_id = ${params.add(encodeText(value))}`;
  const expression = pathExpression(path);
  const plain = `${expression} = ${params.json(value)}`;
  if (isScalar(value)) return either(plain, elementArm(path, '@ == $v', { v: value }, params));
  // An array or object value: the whole value, or one element of an array, equals it.
  const element = `(jsonb_typeof(${expression}) = 'array' AND EXISTS (SELECT 1 FROM jsonb_array_elements(${expression}) AS element WHERE element = ${params.json(value)}))`;
  return `(${plain} OR ${element})`;
}

function oneOf(path: string, values: unknown, params: SqlParams): string {
  if (!Array.isArray(values)) throw new Error(`filter on ${path}: $in/$nin needs an array`);
  if (values.length === 0) return 'FALSE';
  if (values.some((v) => !isScalar(v))) return `(${values.map((v) => equals(path, v, params)).join(' OR ')})`;
  if (path === '_id' && values.every((v) => typeof v === 'string'))
    return `_id = ANY(${params.add(values.map(encodeText))}::text[])`;
  const plain = `${pathExpression(path)} = ANY(${params.add(values.map(encodeJson))}::jsonb[])`;
  const vars = Object.fromEntries(values.map((v, i) => [`v${i}`, v]));
  const predicate = values.map((_, i) => `@ == $v${i}`).join(' || ');
  return either(plain, elementArm(path, predicate, vars, params));
}

const RANGES = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

function range(path: string, op: keyof typeof RANGES, value: unknown, params: SqlParams): string {
  if (typeof value !== 'number' && typeof value !== 'string') return 'FALSE';
  const type = typeof value === 'number' ? 'number' : 'string';
  const expression = pathExpression(path);
  const plain = `(jsonb_typeof(${expression}) = '${type}' AND ${expression} ${RANGES[op]} ${params.json(value)})`;
  return either(plain, elementArm(path, `@ ${RANGES[op]} $v`, { v: value }, params));
}

function exists(path: string, params: SqlParams): string {
  const plain = `${pathExpression(path)} IS NOT NULL`;
  const through = arrayishExpression(path, false);
  if (!through) return plain;
  return `(${plain} OR (${through} AND jsonb_path_exists(doc, ${params.add(jsonPath(path))}::jsonpath)))`;
}

const REGEX_FLAGS: Record<string, string> = { i: 'i', m: 'm', s: 's', u: '', g: '' };

function regex(path: string, pattern: unknown, params: SqlParams, options = ''): string {
  const source = pattern instanceof RegExp ? pattern.source : String(pattern);
  const flags = [...new Set([...(pattern instanceof RegExp ? pattern.flags : ''), ...options])]
    .map((f) => {
      if (!(f in REGEX_FLAGS)) throw new Error(`filter on ${path}: regex flag ${f} is not supported`);
      return REGEX_FLAGS[f];
    })
    .join('');
  // like_regex takes its pattern as a literal only; JSON string escapes are jsonpath's too.
  const predicate = `@ like_regex ${JSON.stringify(source)}${flags ? ` flag ${JSON.stringify(flags)}` : ''}`;
  return `jsonb_path_exists(doc, ${params.add(`${jsonPath(path)} ? (${predicate})`)}::jsonpath)`;
}

function size(path: string, value: unknown): string {
  if (typeof value !== 'number' || !Number.isInteger(value)) return 'FALSE';
  const expression = pathExpression(path);
  return `(jsonb_typeof(${expression}) = 'array' AND jsonb_array_length(${expression}) = ${value})`;
}

const not = (sql: string) => `((${sql}) IS NOT TRUE)`;

function operators(path: string, ops: Record<string, unknown>, params: SqlParams): string[] {
  return Object.entries(ops).map(([op, arg]) => {
    switch (op) {
      case '$eq':
        return equals(path, arg, params);
      case '$ne':
        return not(equals(path, arg, params));
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        return range(path, op, arg, params);
      case '$in':
        return oneOf(path, arg, params);
      case '$nin':
        return not(oneOf(path, arg, params));
      case '$exists':
        return arg ? exists(path, params) : not(exists(path, params));
      case '$regex':
        return regex(path, arg, params, typeof ops.$options === 'string' ? ops.$options : '');
      case '$options':
        return 'TRUE';
      case '$size':
        return size(path, arg);
      default:
        throw new Error(`filter on ${path}: operator ${op} is not supported`);
    }
  });
}

const all = (parts: string[]) =>
  parts.length === 0 ? 'TRUE' : parts.length === 1 ? parts[0] : `(${parts.join(' AND ')})`;

/** The WHERE clause of a filter; values go to params. */
export function whereSql(filter: Filter, params: SqlParams): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$or' || key === '$and') {
      if (!Array.isArray(value)) throw new Error(`filter: ${key} needs an array`);
      const branches = (value as Filter[]).map((f) => whereSql(f, params));
      if (key === '$and') parts.push(all(branches));
      else parts.push(branches.length ? `(${branches.join(' OR ')})` : 'FALSE');
    } else if (key.startsWith('$')) {
      throw new Error(`filter: operator ${key} is not supported`);
    } else if (isOperatorObject(value)) {
      parts.push(...operators(key, value, params));
    } else {
      parts.push(equals(key, value, params));
    }
  }
  return all(parts);
}

/** ORDER BY of a sort: a missing field first ascending and last descending, as MongoDB. */
export function orderSql(sort: Sort): string {
  return Object.entries(sort)
    .map(([path, direction]) =>
      direction === -1
        ? `${pathExpression(path)} DESC NULLS LAST`
        : `${pathExpression(path)} ASC NULLS FIRST`,
    )
    .join(', ');
}
