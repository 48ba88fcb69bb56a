import { createNedbStore, mailSends } from '@moba/platform';
import { createMailer } from '../src/mail/mailer';

/** moba_mail_sends_total by outcome, as a scrape reads it now (the MobaMailFailing alert). */
async function mailOutcomes() {
  const { values } = await mailSends.get();
  const count = (outcome: string) => values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
  return { sent: count('sent'), failed: count('failed') };
}

const mail = { to: 'ana@example.com', subject: 'Potvrda', text: 'https://moba.test/x', html: '<p>x</p>' };

describe('mail outcomes an operator is alerted on', () => {
  it('counts a mail the server took as sent, and one it could not take as failed (and still throws)', async () => {
    const store = createNedbStore();
    const before = await mailOutcomes();

    const dev = await createMailer('dev://', 'moba@moba.test', store);
    await dev.send(mail);
    // Nothing listens on port 1: the SMTP connection is refused.
    const smtp = await createMailer('smtp://127.0.0.1:1', 'moba@moba.test', store);
    await expect(smtp.send(mail)).rejects.toThrow();
    await smtp.close();

    const after = await mailOutcomes();
    expect({ sent: after.sent - before.sent, failed: after.failed - before.failed }).toEqual({
      sent: 1,
      failed: 1,
    });
    await store.close();
  });
});
