import { createLease } from '../src/lease';
import { createNedbStore } from '../src/store/nedb-store';

type Job = { _id: string; lease?: { owner: string; until: string } };

async function setup() {
  // A clock that moves only when told, so the lease's times are exact.
  let at = Date.parse('2026-06-01T08:00:00.000Z');
  const clock = { now: () => new Date(at), advance: (ms: number) => void (at += ms) };
  const jobs = await createNedbStore().collection<Job>('jobs');
  await jobs.insertOne({ _id: 'j1' });
  const leaseOf = (holder: string) =>
    createLease({ collection: jobs, field: 'lease', holder, ttlMs: 30_000, clock });
  return { clock, jobs, a: leaseOf('a'), b: leaseOf('b') };
}

describe('createLease', () => {
  it('gives a free document to one holder until clock.now()+ttl', async () => {
    const { a, b } = await setup();
    expect(await a.claim({ _id: 'j1' })).toMatchObject({
      lease: { owner: 'a', until: '2026-06-01T08:00:30.000Z' },
    });
    expect(await b.claim({ _id: 'j1' })).toBeNull();
  });

  it('lets another holder take it once the lease ran out on the clock', async () => {
    const { clock, a, b } = await setup();
    await a.claim({ _id: 'j1' });
    clock.advance(29_999);
    expect(await b.claim({ _id: 'j1' })).toBeNull();
    clock.advance(2);
    expect(await b.claim({ _id: 'j1' })).toMatchObject({ lease: { owner: 'b' } });
    expect(await a.renew('j1')).toBe(false);
  });

  it('renews only for its holder, from now on the clock', async () => {
    const { clock, jobs, a, b } = await setup();
    await a.claim({ _id: 'j1' });
    clock.advance(20_000);
    expect(await a.renew('j1')).toBe(true);
    expect(await b.renew('j1')).toBe(false);
    expect((await jobs.findOne({ _id: 'j1' }))?.lease?.until).toBe('2026-06-01T08:00:50.000Z');
    clock.advance(20_000);
    expect(await b.claim({ _id: 'j1' })).toBeNull();
  });

  it('releases only its own lease', async () => {
    const { jobs, a, b } = await setup();
    await a.claim({ _id: 'j1' });
    await b.release('j1');
    expect((await jobs.findOne({ _id: 'j1' }))?.lease?.owner).toBe('a');
    await a.release('j1');
    expect(await jobs.findOne({ _id: 'j1' })).toEqual({ _id: 'j1' });
    expect(await jobs.find(a.free())).toHaveLength(1);
  });
});
