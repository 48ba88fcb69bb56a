import { eventually, testToken } from '@moba/platform/testing';
import { whenPostgres } from '../../../libs/platform/test/fixtures/postgres';
import { openApplicationStore } from '../src/store';
import { instancesOnPostgres, openVacancy, registeredWorker } from './on-postgres';

/**
 * The capacity claim of partial acceptance on the production store: two application instances, each
 * with its own PostgreSQL connections to one schema (as `start:distributed` runs them), take 50
 * parallel partial and whole crew acceptances of one moba between them; and a crew invitation is
 * sent, listed and accepted on that store.
 */
whenPostgres('crews on PostgreSQL with two application instances', () =>
  describe('crews on PostgreSQL with two application instances', () => {
    const { bus, stores, client: at } = instancesOnPostgres('crews', 2);

    async function leaderApplying(vacancyId: string, index: number, pick: number) {
      const leader = await registeredWorker(bus, `Vođa ${index}`, { leader: true });
      const members = Array.from({ length: 5 }, (_, i) => ({ name: `Član ${index}-${i}` }));
      const crew = await at(index).put('/workers/me/crew', { members }, leader.auth);
      expect(crew.status).toBe(200);
      const memberIds = (crew.body.members as { id: string }[]).slice(0, pick).map((m) => m.id);
      const applied = await at(index + 1).post('/applications/create', { vacancyId, memberIds }, leader.auth);
      expect(applied.status).toBe(201);
      return { id: applied.body.id as string, memberIds };
    }

    test('50 parallel partial and whole acceptances never overfill a moba: free = total - accepted heads', async () => {
      const total = 60;
      const vacancyId = await openVacancy(bus, {
        totalPositions: total,
        days: 1,
        groupLeadersAccepted: true,
      });
      const applications = [];
      for (let i = 0; i < 50; i++) applications.push(await leaderApplying(vacancyId, i, 1 + (i % 4)));

      const admin = await testToken('Admin');
      const answers = await Promise.all(
        applications.map((a, i) =>
          i % 3 === 0
            ? at(i).post(`/admin/applications/${a.id}/accept`, undefined, admin.auth)
            : at(i).post(
                `/admin/applications/${a.id}/accept-part`,
                { memberIds: a.memberIds.slice(0, i % a.memberIds.length) },
                admin.auth,
              ),
        ),
      );
      expect(
        answers.filter((r) => r.status !== 200 && r.body.error?.code !== 'APPLICATION.NO_FREE_POSITIONS'),
      ).toEqual([]);

      const store = await openApplicationStore(stores[0]);
      const accepted = await store.applications.find({ vacancyId, status: 'Accepted' });
      const heads = accepted.reduce((sum, a) => sum + a.positions, 0);
      expect(accepted).toHaveLength(answers.filter((r) => r.status === 200).length);
      expect(heads).toBeLessThanOrEqual(total);
      expect(heads).toBeGreaterThan(total - 5); // the moba filled up: a refused one did not fit
      const vacancy = (await store.vacancies.findOne({ _id: vacancyId }))!;
      expect(vacancy.freePositions).toBe(total - heads);
      expect(Object.values(vacancy.claims).reduce((a, b) => a + b, 0)).toBe(heads);
      for (const a of accepted) expect(a.positions).toBe(1 + a.acceptedMemberIds!.length);
    }, 120_000);

    test('a registered worker whose phone a crew lists is invited and joins, across the two instances', async () => {
      const leader = await registeredWorker(bus, 'Vođa Pozivar', { leader: true });
      const member = await registeredWorker(bus, 'Jelena Pozvana', { phone: '+381657771234' });
      const members = [
        { name: 'Jelena', phone: '065 777 1234' },
        ...Array.from({ length: 4 }, (_, i) => ({ name: `Član ${i}` })),
      ];
      const saved = await at(0).put('/workers/me/crew', { members }, leader.auth);
      expect(saved.body.members[0].link).toBe('invited');
      const invitation = await eventually(
        async () => (await at(1).get('/workers/me/crew-invitations', member.auth)).body[0] ?? null,
        'the invitation',
      );
      expect(invitation).toMatchObject({ leaderName: 'Vođa Pozivar', memberName: 'Jelena' });
      const joined = await at(0).post(
        `/workers/me/crew-invitations/${invitation.id}/accept`,
        undefined,
        member.auth,
      );
      expect(joined.body).toEqual({ id: invitation.id, state: 'joined' });
      expect((await at(1).get('/workers/me/crew', leader.auth)).body.members[0].link).toBe('joined');
      expect((await at(1).get('/workers/me/crew-invitations', member.auth)).body).toEqual([]);
    }, 60_000);
  }),
);
