import { checkGroup, positionsFor } from '../src/domain/positions';
import { applicationDeltas, nonZero, userRegisteredDelta, vacancyTransitionDelta } from '../src/domain/stats';
import { applyStatsDelta, ensureStatsShards, pruneStatsGuards, readStats } from '../src/stats/stats';
import { openApplicationStore } from '../src/store';
import { createNedbStore } from '@moba/platform';

describe('positions', () => {
  test('a solo worker takes one position, a leader one plus the people brought', () => {
    expect(positionsFor(0)).toBe(1);
    expect(positionsFor(12)).toBe(13);
  });

  test('bringing people needs a leader, at most the profile number, and a vacancy that accepts groups', () => {
    const leader = { groupLeader: true, groupSize: 5 };
    const accepts = { groupLeadersAccepted: true };
    expect(() =>
      checkGroup({ peopleCount: 0, worker: null, vacancy: { groupLeadersAccepted: false } }),
    ).not.toThrow();
    expect(() => checkGroup({ peopleCount: 5, worker: leader, vacancy: accepts })).not.toThrow();
    expect(() => checkGroup({ peopleCount: 6, worker: leader, vacancy: accepts })).toThrow(
      expect.objectContaining({ code: 'APPLICATION.GROUP_TOO_LARGE' }),
    );
    expect(() => checkGroup({ peopleCount: 1, worker: null, vacancy: accepts })).toThrow(
      expect.objectContaining({ code: 'APPLICATION.NOT_GROUP_LEADER' }),
    );
    expect(() =>
      checkGroup({ peopleCount: 1, worker: leader, vacancy: { groupLeadersAccepted: false } }),
    ).toThrow(expect.objectContaining({ code: 'APPLICATION.GROUP_NOT_ACCEPTED' }));
  });
});

describe('stats deltas', () => {
  const open = { status: 'Open' as const, deleted: false };
  const closed = { status: 'Closed' as const, deleted: false };
  test('vacancy transitions move total and open vacancies', () => {
    expect(nonZero(vacancyTransitionDelta(null, open))).toEqual({ totalVacancies: 1, openVacancies: 1 });
    expect(nonZero(vacancyTransitionDelta(open, closed))).toEqual({ openVacancies: -1 });
    expect(nonZero(vacancyTransitionDelta(closed, open))).toEqual({ openVacancies: 1 });
    expect(nonZero(vacancyTransitionDelta(open, { ...open, deleted: true }))).toEqual({
      totalVacancies: -1,
      openVacancies: -1,
    });
    expect(nonZero(vacancyTransitionDelta({ ...open, deleted: true }, { ...open, deleted: true }))).toEqual(
      {},
    );
  });

  test('registrations count workers and estates, not admins', () => {
    expect(userRegisteredDelta('Worker')).toEqual({ workers: 1 });
    expect(userRegisteredDelta('Estate')).toEqual({ estates: 1 });
    expect(userRegisteredDelta('Admin')).toEqual({});
  });

  test('application events keep total = submitted + guest placements, open = pending + accepted, pending', () => {
    expect(applicationDeltas.submitted()).toEqual({
      totalApplications: 1,
      openApplications: 1,
      pendingApplications: 1,
    });
    expect(applicationDeltas.accepted(false, 1)).toEqual({ pendingApplications: -1, acceptedHeads: 1 });
    expect(applicationDeltas.accepted(true, 1)).toEqual({
      totalApplications: 1,
      openApplications: 1,
      acceptedHeads: 1,
    });
    expect(applicationDeltas.rejected()).toEqual({ openApplications: -1, pendingApplications: -1 });
    expect(applicationDeltas.closed(3)).toEqual({ openApplications: -3, pendingApplications: -3 });
    expect(applicationDeltas.closed(3, 2)).toEqual({ openApplications: -3, pendingApplications: -1 });
    expect(applicationDeltas.closed(3, 2, 9)).toEqual({
      openApplications: -3,
      pendingApplications: -1,
      acceptedHeads: -9,
    });
  });
});

describe('stats counters', () => {
  test('an event id moves the counters once; old ids are forgotten by the prune, recent ones kept', async () => {
    const store = await openApplicationStore(createNedbStore());
    await ensureStatsShards(store);
    const id = crypto.randomUUID();
    const day = 24 * 60 * 60 * 1000;
    expect(await applyStatsDelta(store, id, { workers: 1 }, Date.now() - 8 * day)).toBe(true);
    expect(await applyStatsDelta(store, id, { workers: 1 })).toBe(false);
    const recent = crypto.randomUUID();
    await applyStatsDelta(store, recent, { estates: 1 });
    expect(await readStats(store)).toMatchObject({ workers: 1, estates: 1 });
    expect(await pruneStatsGuards(store, Date.now())).toBe(1);
    expect(await applyStatsDelta(store, recent, { estates: 1 })).toBe(false);
    expect(await readStats(store)).toMatchObject({ workers: 1, estates: 1 });
  });
});
