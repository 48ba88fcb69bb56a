import { applyUpdate, upsertDocument } from '../src/store/update-operators';

// The PostgreSQL adapter's update language is this project's own: loading nedb's private model
// module (not part of its public API) fails here, so a return to it fails this suite.
jest.mock('@seald-io/nedb/lib/model', () => {
  throw new Error('nedb/lib/model is private to nedb');
});

describe('update operators applied in process (PostgreSQL adapter)', () => {
  const doc = { _id: 'd1', name: 'Ana', tags: ['a'], address: { city: 'Novi Sad' } };

  it('applies the operators without changing the input document', () => {
    const updated = applyUpdate(doc, {
      $set: { 'address.zip': '21000' },
      $push: { tags: { $each: ['b', 'c'] } },
      $inc: { visits: 1 },
    });
    expect(updated).toEqual({
      _id: 'd1',
      name: 'Ana',
      tags: ['a', 'b', 'c'],
      address: { city: 'Novi Sad', zip: '21000' },
      visits: 1,
    });
    expect(doc).toEqual({ _id: 'd1', name: 'Ana', tags: ['a'], address: { city: 'Novi Sad' } });
  });

  it('replaces the document but keeps its _id when the update has no operator', () => {
    expect(applyUpdate(doc, { name: 'Bojan' })).toEqual({ _id: 'd1', name: 'Bojan' });
  });

  it.each([
    ['mixing operators and plain fields', { $set: { a: 1 }, name: 'x' }],
    ['changing the _id', { $set: { _id: 'other' } }],
    ['a field name starting with $', { $set: { profile: { $where: 1 } } }],
    ['a dotted field name inside a value', { $set: { profile: { 'a.b': 1 } } }],
    ['$pull from a missing field', { $pull: { missing: 'a' } }],
    ['$set under a field that is not an object', { $set: { 'name.first': 'A' } }],
    ['$each beside another modifier', { $push: { tags: { $each: ['x'], $slice: 1 } } }],
  ])('rejects %s', (_case, update) => {
    expect(() => applyUpdate(doc, update)).toThrow();
  });

  it('upserts from the filter equalities and $eq, skipping dotted and operator conditions', () => {
    expect(
      upsertDocument(
        { _id: 'u1', kind: { $eq: 'k' }, 'a.b': 1, age: { $gt: 3 }, $or: [{ x: 1 }] },
        { $set: { name: 'n' } },
      ),
    ).toEqual({ _id: 'u1', kind: 'k', name: 'n' });
  });
});
