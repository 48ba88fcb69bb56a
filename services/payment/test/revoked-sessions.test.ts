import { PasswordChanged, topics, UserBanned, UserReactivated } from '@moba/contracts';
import { testToken } from '@moba/platform/testing';
import { startPayment, type PaymentHarness } from './helpers';
import { openPaymentStore } from '../src/store';

/**
 * The payment routes are public at the gateway (visitors donate), so the gateway's token-state check
 * does not run for them: this service itself refuses a token older than the user's latest password
 * change, or of a banned user (spec §4: after any password change the user is logged out).
 */
let h: PaymentHarness;
beforeAll(async () => {
  h = await startPayment();
});
afterAll(() => h.stop());

describe('a session that ended', () => {
  test("after a password change the old token answers 401 'authentication required' and opens no checkout; the new one works", async () => {
    const v = await h.vacancy('paid');
    await h.deps.bus.publish(
      topics.auth,
      PasswordChanged.create(v.estate.id, { userId: v.estate.id, tokenVersion: 1 }),
    );
    const old = await h.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth);
    expect(old.status).toBe(401);
    expect(old.text).toBe('authentication required');
    expect(old.headers.get('x-error-code')).toBe('AUTH.SESSION_EXPIRED');
    expect(await (await openPaymentStore(h.deps.store)).payments.count({ vacancyId: v.vacancyId })).toBe(0);
    expect((await h.client.get(`/payment/status/${v.vacancyId}`, v.estate.auth)).status).toBe(401);

    const fresh = await testToken('Estate', { id: v.estate.id, tokenVersion: 1 });
    const created = await h.create({ purpose: 'featuring', vacancyId: v.vacancyId }, fresh.auth);
    expect(created.status).toBe(200);
    expect(created.text).toContain('/payment/checkout/');
  });

  test('a banned user is refused until reactivated; a late, older event changes nothing', async () => {
    const donor = await testToken('Worker');
    const donation = { purpose: 'donation', amount: 1000, method: 'card' };
    await h.deps.bus.publish(
      topics.auth,
      UserBanned.create(donor.id, { userId: donor.id, tokenVersion: 1, reason: 'spam' }),
    );
    const banned = await testToken('Worker', { id: donor.id, tokenVersion: 1 });
    expect((await h.create(donation, banned.auth)).status).toBe(401);
    await h.deps.bus.publish(
      topics.auth,
      UserReactivated.create(donor.id, { userId: donor.id, tokenVersion: 2 }),
    );
    const again = await testToken('Worker', { id: donor.id, tokenVersion: 2 });
    expect((await h.create(donation, again.auth)).status).toBe(200);
    await h.deps.bus.publish(
      topics.auth,
      UserBanned.create(donor.id, { userId: donor.id, tokenVersion: 1, reason: 'spam' }),
    );
    expect((await h.create(donation, again.auth)).status).toBe(200);
    expect((await h.create(donation, {})).status).toBe(200);
  });
});
