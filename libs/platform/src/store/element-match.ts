import type { Filter } from './document-store';

/**
 * Whether one value (an array element $pull looks at) matches a condition of the filter language:
 * a plain value is deep equality; an operator object ($eq $ne $gt $gte $lt $lte $in $nin $exists
 * $regex) tests the value itself; any other object is a query on the element's (dotted) fields.
 * Ranges compare numbers with numbers and strings with strings only, like postgres-sql.ts.
 */
export function matchesCondition(value: unknown, condition: unknown): boolean {
  if (isOperatorObject(condition)) return matchesOperators(value, condition);
  if (isPlainObject(condition) && isPlainObject(value)) return matchesQuery(value, condition);
  return deepEqual(value, condition);
}

/** Whether a document matches a query of dotted paths, $and and $or. */
function matchesQuery(doc: Record<string, unknown>, query: Filter): boolean {
  return Object.entries(query).every(([key, condition]) => {
    if (key === '$and') return (condition as Filter[]).every((q) => matchesQuery(doc, q));
    if (key === '$or') return (condition as Filter[]).some((q) => matchesQuery(doc, q));
    if (key.startsWith('$')) throw new Error(`unsupported query operator ${key}`);
    return matchesAtPath(valueAt(doc, key), condition);
  });
}

/** A field holding an array matches when the array itself or one of its elements does (MongoDB). */
function matchesAtPath(value: unknown, condition: unknown): boolean {
  if (isOperatorObject(condition)) return matchesOperators(value, condition);
  if (deepEqual(value, condition)) return true;
  return Array.isArray(value) && value.some((element) => deepEqual(element, condition));
}

function matchesOperators(value: unknown, ops: Record<string, unknown>): boolean {
  const elements = Array.isArray(value) ? [value, ...value] : [value];
  const some = (test: (v: unknown) => boolean) => elements.some(test);
  return Object.entries(ops).every(([op, arg]) => {
    switch (op) {
      case '$eq':
        return some((v) => deepEqual(v, arg));
      case '$ne':
        return !some((v) => deepEqual(v, arg));
      case '$gt':
        return some((v) => compare(v, arg) > 0);
      case '$gte':
        return some((v) => compare(v, arg) >= 0);
      case '$lt':
        return some((v) => compare(v, arg) < 0);
      case '$lte':
        return some((v) => compare(v, arg) <= 0);
      case '$in':
        return some((v) => (arg as unknown[]).some((a) => deepEqual(v, a)));
      case '$nin':
        return !some((v) => (arg as unknown[]).some((a) => deepEqual(v, a)));
      case '$exists':
        return (value !== undefined) === Boolean(arg);
      case '$regex': {
        const pattern = arg instanceof RegExp ? arg : new RegExp(String(arg), String(ops.$options ?? ''));
        return some((v) => typeof v === 'string' && pattern.test(v));
      }
      case '$options':
        return true;
      default:
        throw new Error(`unsupported query operator ${op}`);
    }
  });
}

/** -1, 0 or 1 for two numbers or two strings; NaN (every range false) for anything else. */
function compare(a: unknown, b: unknown): number {
  const comparable =
    (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string');
  if (!comparable) return NaN;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The value at a dotted path; array positions by number; undefined when a step is missing. */
export function valueAt(doc: unknown, path: string): unknown {
  let current = doc;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => deepEqual(v, b[i]))
    );
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b && deepEqual(a[k], b[k]));
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  !(value instanceof RegExp) &&
  !(value instanceof Date);

export const isOperatorObject = (value: unknown): value is Record<string, unknown> =>
  isPlainObject(value) && Object.keys(value).some((k) => k.startsWith('$'));
