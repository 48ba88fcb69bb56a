import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNedbStore } from '@moba/platform';
import { startPayment } from './helpers';

test('payments, checkout sessions and the vacancy replica survive a restart on the file store', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'moba-payment-'));
  try {
    const firstStore = createNedbStore(dir);
    const first = await startPayment({ store: firstStore });
    const v = await first.vacancy('paid');
    const url = (await first.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth))
      .text as string;
    const paymentId = (await first.client.get(`/payment/status/${v.vacancyId}`, v.estate.auth)).body
      .paymentId as string;
    await first.stop();
    await firstStore.close();

    const secondStore = createNedbStore(dir);
    const second = await startPayment({ store: secondStore });
    try {
      // Same open checkout for the same vacancy: the replica and the payment were kept.
      expect(
        (await second.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth)).text,
      ).toBe(url);
      const pressed = await second.press(url, 'succeeded');
      expect(pressed.location).toContain(
        `/payment/processing/${v.vacancyId}?status=success&paymentId=${paymentId}`,
      );
      await second.waitForEvent(paymentId, 'PaymentSucceeded');
      expect((await second.client.get(`/payment/status/${paymentId}`, v.estate.auth)).body.status).toBe(
        'succeeded',
      );
    } finally {
      await second.stop();
      await secondStore.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
