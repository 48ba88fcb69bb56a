import { startPayment, type PaymentHarness } from './helpers';

let h: PaymentHarness;
beforeAll(async () => {
  h = await startPayment();
});
afterAll(() => h.stop());

test('a damaged stored payment fails loudly instead of reaching the status answer (STYLE habit 4)', async () => {
  const created = await h.create({ purpose: 'donation', amount: 2500, method: 'card' }, {});
  expect(created.status).toBe(200);
  const raw = await h.deps.store.collection<{ _id: string; amount: unknown }>('payments');
  const [payment] = await raw.find({ amount: 2500 });
  await raw.updateOne({ _id: payment._id }, { $set: { status: 'Bogus' } });
  const status = await h.client.get(`/payment/status/${payment._id}`);
  expect(status.status).toBe(500);
  expect(status.text).not.toContain('Bogus');
});
