import { randomUUID } from 'node:crypto';
import type { BaseDoc, Filter, Update } from './document-store';
import { deepEqual, isOperatorObject, isPlainObject, matchesCondition } from './element-match';

/**
 * The update operators of the DocumentStore port ($set $unset $inc $push/$each $pull $addToSet $min
 * $max), applied in this process for adapters whose engine has no document update language
 * (PostgreSQL). They keep the embedded adapter's (nedb's) semantics, edges included — the store
 * contract suite runs the same cases on every adapter:
 * - a dotted path creates its missing parents as objects ($unset leaves a missing parent alone);
 * - $inc, $push and $addToSet on a missing field start from 0 / an empty array;
 * - $inc on a non-number, $push/$addToSet/$pull on a non-array, mixing operators with plain fields,
 *   an unknown operator and a changed _id are errors, and nothing is written.
 */
type Operator = (parent: Record<string, unknown>, field: string, value: unknown) => void;

const has = (object: object, field: string) => Object.prototype.hasOwnProperty.call(object, field);

/** The values of `$each` (and nothing else beside it), or the one value. */
function eachValue(operator: string, value: unknown): unknown[] {
  if (!isPlainObject(value) || !has(value, '$each')) return [value];
  if (Object.keys(value).length > 1) throw new Error(`${operator}: only $each is supported beside $each`);
  if (!Array.isArray(value.$each)) throw new Error(`${operator}: $each requires an array`);
  return value.$each;
}

function arrayAt(operator: string, parent: Record<string, unknown>, field: string, create: boolean) {
  if (create && !has(parent, field)) parent[field] = [];
  const array = parent[field];
  if (!Array.isArray(array)) throw new Error(`${operator} needs an array at ${field}`);
  return array as unknown[];
}

const operators: Record<string, Operator> = {
  $set: (parent, field, value) => {
    parent[field] = structuredClone(value);
  },
  $unset: (parent, field) => {
    delete parent[field];
  },
  $inc: (parent, field, by) => {
    if (typeof by !== 'number') throw new Error(`$inc by ${String(by)}: not a number`);
    const current = parent[field];
    if (typeof current === 'number') parent[field] = current + by;
    else if (!has(parent, field)) parent[field] = by;
    else throw new Error(`$inc on the non-number field ${field}`);
  },
  $min: (parent, field, value) => {
    if (parent[field] === undefined || (value as number) < (parent[field] as number)) parent[field] = value;
  },
  $max: (parent, field, value) => {
    if (parent[field] === undefined || (value as number) > (parent[field] as number)) parent[field] = value;
  },
  $push: (parent, field, value) => {
    const array = arrayAt('$push', parent, field, true);
    for (const item of eachValue('$push', value)) array.push(structuredClone(item));
  },
  $addToSet: (parent, field, value) => {
    const array = arrayAt('$addToSet', parent, field, true);
    for (const item of eachValue('$addToSet', value)) {
      if (!array.some((present) => deepEqual(present, item))) array.push(structuredClone(item));
    }
  },
  $pull: (parent, field, condition) => {
    const array = arrayAt('$pull', parent, field, false);
    parent[field] = array.filter((element) => !matchesCondition(element, condition));
  },
};

/** Runs one operator at a dotted path, creating the missing parents ($unset: stopping at them). */
function applyAtPath(doc: Record<string, unknown>, name: string, path: string, value: unknown): void {
  const parts = path.split('.');
  let parent = doc;
  for (const part of parts.slice(0, -1)) {
    if (parent[part] === undefined) {
      if (name === '$unset') return;
      parent[part] = {};
    }
    const next = parent[part];
    if (next === null || typeof next !== 'object')
      throw new Error(`${name} ${path}: ${part} is not an object`);
    parent = next as Record<string, unknown>;
  }
  operators[name](parent, parts[parts.length - 1], value);
}

/** Rejects field names a document store cannot keep ($-prefixed or dotted), at any depth. */
export function checkDocument(doc: unknown): void {
  if (Array.isArray(doc)) {
    doc.forEach(checkDocument);
    return;
  }
  if (!isPlainObject(doc)) return;
  for (const [key, value] of Object.entries(doc)) {
    if (key.startsWith('$')) throw new Error(`field names cannot begin with $: ${key}`);
    if (key.includes('.')) throw new Error(`field names cannot contain a dot: ${key}`);
    checkDocument(value);
  }
}

/** The document after the update (the input is not changed). */
export function applyUpdate<T extends BaseDoc>(doc: T, update: Update): T {
  const keys = Object.keys(update);
  const operatorCount = keys.filter((k) => k.startsWith('$')).length;
  if (operatorCount !== 0 && operatorCount !== keys.length)
    throw new Error('an update cannot mix operators and plain fields');
  if ('_id' in update && update._id !== doc._id) throw new Error("an update cannot change a document's _id");
  let updated: Record<string, unknown>;
  if (operatorCount === 0) {
    updated = { ...structuredClone(update), _id: doc._id };
  } else {
    updated = structuredClone(doc) as unknown as Record<string, unknown>;
    for (const [name, fields] of Object.entries(update)) {
      if (!operators[name]) throw new Error(`unknown update operator ${name}`);
      if (!isPlainObject(fields)) throw new Error(`${name} needs an object of fields`);
      for (const [path, value] of Object.entries(fields)) applyAtPath(updated, name, path, value);
    }
  }
  checkDocument(updated);
  if (updated._id !== doc._id) throw new Error("an update cannot change a document's _id");
  return updated as unknown as T;
}

/** The document an upsert inserts: the filter's plain equalities (and $eq) with the update applied. */
export function upsertDocument<T extends BaseDoc>(filter: Filter, update: Update): T {
  const isReplacement = !Object.keys(update).some((k) => k.startsWith('$'));
  let doc: T;
  if (isReplacement) {
    checkDocument(update);
    const id = typeof filter._id === 'string' ? { _id: filter._id } : {};
    doc = { ...id, ...structuredClone(update) } as T;
  } else {
    const base: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(filter)) {
      if (key.startsWith('$') || key.includes('.')) continue;
      if (!isOperatorObject(value)) base[key] = structuredClone(value);
      else if ('$eq' in value) base[key] = structuredClone(value.$eq);
    }
    doc = applyUpdate(base as T, update);
  }
  if (typeof doc._id !== 'string' || !doc._id) doc = { ...doc, _id: randomUUID() };
  return doc;
}
