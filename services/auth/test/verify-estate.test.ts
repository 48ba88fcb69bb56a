import { EstateVerificationChanged, auditPageSchema } from '@moba/contracts';
import { eventually } from '@moba/platform/testing';
import { signedUp, startAuthWithAdmin, type Account, type Auth } from './helpers';

let auth: Auth;
let admin: Account;
beforeAll(async () => ({ auth, admin } = await startAuthWithAdmin()));
afterAll(() => auth.stop());

const verify = (id: string, note: unknown, as = admin) =>
  auth.client.post(`/admin/estates/${id}/verify`, { note }, as.headers);
const unverify = (id: string, note: unknown) =>
  auth.client.post(`/admin/estates/${id}/unverify`, { note }, admin.headers);

describe('verified estates', () => {
  test('an admin marks an estate verified with a note and revokes it; profile, admin list, events and the audit log follow', async () => {
    const estate = await signedUp(auth, 'Estate', { estateName: 'Imanje Proverić' });
    expect((await auth.client.get('/estates/me', estate.headers)).body.verified).toBe(false);

    const res = await verify(estate.id, 'BPG i PIB provereni u registru APR 24.11.');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ estateId: estate.id, verified: true });
    expect((await auth.client.get('/estates/me', estate.headers)).body.verified).toBe(true);
    const list = await auth.client.post('/admin/users/all', { search: 'Proverić' }, admin.headers);
    expect(list.body.items[0]).toMatchObject({
      bpg: '123456789012',
      pib: '101134702',
      estateVerified: true,
      verificationNote: 'BPG i PIB provereni u registru APR 24.11.',
    });
    const verified = await auth.event('EstateVerificationChanged', (e) => e.data.estateId === estate.id);
    expect(EstateVerificationChanged.is(verified) && verified.data.verified).toBe(true);

    expect((await verify(estate.id, 'opet')).status).toBe(409);
    const revoked = await unverify(estate.id, 'PIB ne odgovara registru');
    expect(revoked.body).toEqual({ estateId: estate.id, verified: false });
    expect((await auth.client.get('/estates/me', estate.headers)).body.verified).toBe(false);
    expect((await unverify(estate.id, 'opet')).status).toBe(409);

    const entries = await eventually(async () => {
      const page = auditPageSchema.parse(
        (await auth.client.post('/admin/audit', { targetId: estate.id }, admin.headers)).body,
      );
      return page.total === 2 ? page.items : undefined;
    }, 'two audit entries');
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      [
        'estate.unverify',
        { verified: true, note: 'BPG i PIB provereni u registru APR 24.11.' },
        { verified: false, note: 'PIB ne odgovara registru' },
      ],
      [
        'estate.verify',
        { verified: false, note: null },
        { verified: true, note: 'BPG i PIB provereni u registru APR 24.11.' },
      ],
    ]);
  });

  test('a worker is not an estate (404); a missing note is a 400 naming the field, and nothing changes', async () => {
    const worker = await signedUp(auth, 'Worker');
    const notEstate = await verify(worker.id, 'provereno');
    expect(notEstate.status).toBe(404);
    expect(notEstate.body.error.code).toBe('AUTH.NOT_AN_ESTATE');
    const estate = await signedUp(auth, 'Estate');
    const noNote = await verify(estate.id, '   ');
    expect(noNote.status).toBe(400);
    expect(noNote.body.error.details[0].field).toBe('body.note');
    expect((await auth.client.get('/estates/me', estate.headers)).body.verified).toBe(false);
  });
});
