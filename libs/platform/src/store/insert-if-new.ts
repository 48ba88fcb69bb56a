import { DuplicateKeyError, type BaseDoc, type Collection } from './document-store';

/**
 * Inserts the document unless its _id (or another unique key) is already stored: true when this call
 * inserted it. What makes a redelivered event, a retried request or a concurrent twin write nothing twice.
 */
export async function insertIfNew<T extends BaseDoc>(
  collection: Collection<T>,
  doc: NoInfer<T>,
): Promise<boolean> {
  try {
    await collection.insertOne(doc);
    return true;
  } catch (error) {
    if (error instanceof DuplicateKeyError) return false;
    throw error;
  }
}
