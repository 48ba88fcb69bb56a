import { randomUUID } from 'node:crypto';
import type { BaseDoc, Filter, Update } from './document-store';

/**
 * The update operators ($set $unset $inc $push/$each $pull $addToSet $min $max) applied in this
 * process, for adapters whose engine has no document update language (PostgreSQL). They are nedb's
 * own — the embedded adapter's — so every adapter modifies documents the same way.
 */
interface NedbModel {
  modify<T>(doc: T, update: unknown): T;
  checkObject(doc: unknown): void;
}
// The package exports only the Datastore; its model module is the one it runs every update with.
const model = require('@seald-io/nedb/lib/model') as NedbModel;

/** Rejects field names a document store cannot keep ($-prefixed or dotted). */
export function checkDocument(doc: unknown): void {
  model.checkObject(doc);
}

/** The document after the update (the input is not changed). */
export function applyUpdate<T extends BaseDoc>(doc: T, update: Update): T {
  return model.modify(doc, update);
}

const isOperatorObject = (value: unknown) =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  !(value instanceof RegExp) &&
  Object.keys(value).some((k) => k.startsWith('$'));

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
      else if ('$eq' in (value as Record<string, unknown>))
        base[key] = structuredClone((value as Record<string, unknown>).$eq);
    }
    doc = model.modify(base as T, update);
  }
  if (typeof doc._id !== 'string' || !doc._id) doc = { ...doc, _id: randomUUID() };
  return doc;
}
