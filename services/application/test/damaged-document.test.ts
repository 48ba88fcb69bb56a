import { createNedbStore, isMalformedEvent, MalformedDocumentError } from '@moba/platform';
import { openApplicationStore } from '../src/store';

describe('a damaged stored document', () => {
  it('fails the read as a store error, not as a malformed event that would dead-letter the event at once', async () => {
    const raw = createNedbStore();
    const damaged = { _id: 'w1', fullName: 42, phone: '+381641234567' };
    await (await raw.collection<{ _id: string }>('workers')).insertOne(damaged);
    const store = await openApplicationStore(raw);

    const failure = await store.workers.findOne({ _id: 'w1' }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(MalformedDocumentError);
    expect(isMalformedEvent(failure)).toBe(false);
  });
});
