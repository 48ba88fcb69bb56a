import type { BaseDoc, Collection } from './document-store';

/** Any schema with a throwing parse (a zod schema). */
export interface DocumentSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** A document read back from a store did not match the schema it was written with. */
export class MalformedDocumentError extends Error {
  constructor(
    readonly collection: string,
    readonly id: unknown,
    detail: string,
  ) {
    super(`malformed document ${String(id)} in ${collection}: ${detail}`);
    this.name = 'MalformedDocumentError';
  }
}

/**
 * STYLE habit 4: every document read back (findOne, find, findOneAndUpdate) is checked against the
 * schema that defines it, so a changed or damaged document fails loudly instead of flowing out to a
 * response. The document itself is returned unchanged (outbox and extra fields included); use loose
 * object schemas for documents that carry more than the schema names.
 */
export function parsedCollection<T extends BaseDoc>(
  collection: Collection<T>,
  schema: DocumentSchema,
): Collection<T> {
  const check = <D extends T | null>(doc: D): D => {
    if (doc === null) return doc;
    const result = schema.safeParse(doc);
    if (!result.success) {
      const detail = result.error.issues
        .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
        .join('; ');
      throw new MalformedDocumentError(collection.name, (doc as BaseDoc)._id, detail);
    }
    return doc;
  };
  return {
    name: collection.name,
    insertOne: (doc) => collection.insertOne(doc),
    findOne: async (filter) => check(await collection.findOne(filter)),
    find: async (filter, options) => (await collection.find(filter, options)).map(check),
    // A part of a document: the schema of the whole cannot check it; the caller reads typed fields.
    findFields: (filter, fields, options) => collection.findFields(filter, fields, options),
    count: (filter) => collection.count(filter),
    updateOne: (filter, update, options) => collection.updateOne(filter, update, options),
    updateMany: (filter, update) => collection.updateMany(filter, update),
    findOneAndUpdate: async (filter, update, options) =>
      check(await collection.findOneAndUpdate(filter, update, options)),
    deleteOne: (filter) => collection.deleteOne(filter),
    deleteMany: (filter) => collection.deleteMany(filter),
  };
}
