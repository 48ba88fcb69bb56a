/**
 * Donations on /crowdfunding (card through the sandbox checkout, IPS QR code, payment slip) and the
 * contact form, in a real browser against the whole product.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { registeredUser } from '../../../test/support/product';
import { runProductAndBrowser, screenshots, eventually } from './helpers';

jest.setTimeout(90_000);

const run = runProductAndBrowser({ pagePerTest: true });

/** Opens /crowdfunding and waits until the pre-rendered form is hydrated. */
async function openDonations() {
  await run.page.goto(`${run.product.url}/crowdfunding`);
  await run.page.locator('form.donation-form[data-ready="true"]').waitFor();
}

function decodeQr(dataUrl: string): string | undefined {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace('data:image/png;base64,', ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

/** ISO 7064 MOD 97-10 over an 18-digit account: the whole number mod 97 is 1. */
const accountChecks = (digits: string) => BigInt(digits) % 97n === 1n;

test('the crowdfunding page is pre-rendered with the donation form, and the amount is required', async () => {
  const html = await (await fetch(`${run.product.url}/crowdfunding`)).text();
  expect(html).toContain('data-route="/crowdfunding"');
  expect(html).toContain('Iznos donacije (RSD)');
  expect(html).toContain('do 5.000 RSD');
  expect(html).toContain('od 5.000 RSD do 10.000 RSD');
  expect(html).toContain('preko 10.000 RSD');

  await openDonations();
  await run.page.getByRole('button', { name: 'Prikaži IPS QR kod' }).click();
  await run.page.getByText('Upišite iznos donacije.').waitFor();
  await expect(run.page.getByLabel('Iznos donacije (RSD)').getAttribute('aria-invalid')).resolves.toBe(
    'true',
  );
  await run.page.getByLabel('Iznos donacije (RSD)').fill('pet hiljada');
  await run.page.getByRole('button', { name: 'Prikaži IPS QR kod' }).click();
  await run.page.getByText('Iznos mora biti broj, npr. 1.500.').waitFor();
  await screenshots(run.page, 'donation-amount-required');
});

test('a visitor donates by card through the sandbox checkout and sees the success page', async () => {
  await openDonations();
  await run.page.getByRole('button', { name: /od 5\.000 RSD do 10\.000 RSD/ }).click();
  await expect(run.page.getByLabel('Iznos donacije (RSD)').inputValue()).resolves.toBe('7500');
  await run.page.getByLabel('Iznos donacije (RSD)').fill('2.500');
  await expect(
    run.page
      .getByRole('button', { name: /do 5\.000 RSD/ })
      .first()
      .getAttribute('aria-pressed'),
  ).resolves.toBe('true');
  await run.page.getByRole('radio', { name: /Platna kartica/ }).check();
  await screenshots(run.page, 'donation-card-form');
  await run.page.getByRole('button', { name: 'Plati karticom' }).click();

  await run.page.waitForURL('**/api/payment/checkout/**');
  await run.page.getByText('2.500 RSD').first().waitFor();
  await screenshots(run.page, 'donation-card-checkout');
  await run.page.getByRole('button', { name: /Plati \/ Pay/ }).click();

  await run.page.waitForURL('**/payment/donation/success?paymentId=*');
  await run.page.getByRole('heading', { name: 'Hvala na donaciji!' }).waitFor();
  const paymentId = new URL(run.page.url()).searchParams.get('paymentId')!;
  await eventually(
    async () => (await run.client.get(`/api/payment/status/${paymentId}`)).body?.status === 'succeeded',
    'donation succeeded',
  );
  await run.page.reload();
  await run.page.getByText('Vaša donacija od 2.500 RSD je primljena.').waitFor();
  await screenshots(run.page, 'donation-success');
});

test('a cancelled card donation comes back to the payment status page with nothing charged', async () => {
  await openDonations();
  await run.page.getByLabel('Iznos donacije (RSD)').fill('1000');
  await run.page.getByRole('radio', { name: /Platna kartica/ }).check();
  await run.page.getByRole('button', { name: 'Plati karticom' }).click();
  await run.page.waitForURL('**/api/payment/checkout/**');
  await run.page.getByRole('button', { name: /Otkaži \/ Cancel/ }).click();
  await run.page.waitForURL('**/payment-status?status=cancelled*');
  await run.page.getByRole('heading', { name: 'Plaćanje je otkazano' }).waitFor();
  await run.page.getByText('Donacija je otkazana i ništa nije naplaćeno.').waitFor();
  await screenshots(run.page, 'donation-cancelled');
});

test('the IPS QR image decodes to a payload that follows the NBS IPS QR standard, shown with the payment details', async () => {
  await openDonations();
  await run.page.getByLabel('Iznos donacije (RSD)').fill('1.500');
  await run.page.getByRole('button', { name: 'Prikaži IPS QR kod' }).click();
  const image = run.page.getByTestId('ips-qr');
  await image.waitFor();
  await run.page.getByText('NBS IPS QR', { exact: true }).waitFor();
  await screenshots(run.page, 'donation-ips-qr');

  const decoded = decodeQr((await image.getAttribute('src'))!);
  expect(decoded).toBeDefined();
  const payload = decoded!;
  // K, V, C, R, N, I, SF, S, RO in the NBS order; no empty tags, no leading or trailing separator.
  expect(payload).toMatch(
    /^K:PR\|V:01\|C:1\|R:\d{18}\|N:[^|]{1,70}\|I:RSD1500,00\|SF:289\|S:[^|]{1,35}\|RO:97\d{2,23}$/,
  );
  expect(payload).not.toMatch(/\|\||\|$|\|[A-Z]+:\|/);
  const fields = Object.fromEntries(
    payload.split('|').map((f) => [f.slice(0, f.indexOf(':')), f.slice(f.indexOf(':') + 1)]),
  );
  expect(accountChecks(fields.R!)).toBe(true);
  // Model 97: control digits first, the whole reference (with them moved to the end) ≡ 1 mod 97.
  const reference = fields.RO!.slice(2);
  expect(BigInt(reference.slice(2) + reference.slice(0, 2)) % 97n).toBe(1n);
  // The page shows the same data beside the image.
  await expect(run.page.getByTestId('qr-payload').textContent()).resolves.toBe(payload);
  const account = await run.page.getByTestId('qr-account').innerText();
  expect(
    account
      .replace(/-/g, '')
      .replace(
        /^(\d{3})(\d+)(\d{2})$/,
        (_, bank: string, body: string, check: string) => bank + body.padStart(13, '0') + check,
      ),
  ).toBe(fields.R);
});

test('the payment slip is shown filled in and prints on its own', async () => {
  await openDonations();
  await run.page.getByLabel('Iznos donacije (RSD)').fill('12000');
  await expect(
    run.page.getByRole('button', { name: /preko 10\.000 RSD/ }).getAttribute('aria-pressed'),
  ).resolves.toBe('true');
  await run.page.getByRole('radio', { name: /Uplatnica/ }).check();
  await run.page.getByRole('button', { name: 'Prikaži popunjenu uplatnicu' }).click();
  const slip = run.page.getByTestId('slip-result');
  await slip.waitFor();
  await expect(slip.getByTestId('slip-amount').innerText()).resolves.toBe('=12.000,00');
  await expect(slip.getByTestId('slip-account').innerText()).resolves.toMatch(/^\d{3}-\d{1,13}-\d{2}$/);
  await expect(slip.getByTestId('slip-code').innerText()).resolves.toMatch(/^[12]\d\d$/);
  await expect(slip.getByTestId('slip-reference').innerText()).resolves.toMatch(/^\d+$/);
  await slip.getByRole('button', { name: /Odštampaj uplatnicu/ }).waitFor();
  await screenshots(run.page, 'donation-slip');

  await run.page.emulateMedia({ media: 'print' });
  // In print only the slip is visible: the site header and the form are hidden.
  await expect(run.page.locator('form.donation-form').isVisible()).resolves.toBe(false);
  await expect(run.page.getByRole('button', { name: /Odštampaj uplatnicu/ }).isVisible()).resolves.toBe(
    false,
  );
  await expect(slip.getByTestId('slip-amount').isVisible()).resolves.toBe(true);
  await run.page.screenshot({
    path: `${process.cwd()}/test-output/browser/donation-slip-print.png`,
    fullPage: true,
  });
  await run.page.emulateMedia({ media: 'screen' });
});

test('a visitor sends a contact message; an empty form shows what is required', async () => {
  await run.page.goto(`${run.product.url}/contact`);
  const form = run.page.getByRole('form', { name: 'Kontakt' });
  await form.getByRole('button', { name: 'Pošalji poruku' }).click();
  await expect(form.getByText('Ovo polje je obavezno.').count()).resolves.toBeGreaterThanOrEqual(2);
  await form.getByLabel('Ime i prezime').fill('Petar Petrović');
  await form.getByLabel('E-mail adresa za odgovor').fill('petar@example.rs');
  await form.getByLabel('Poruka').fill('Da li mogu da prijavim i komšiju koji nema telefon?');
  await screenshots(run.page, 'contact-form');
  await form.getByRole('button', { name: 'Pošalji poruku' }).click();
  await run.page.getByTestId('contact-sent').getByRole('heading', { name: 'Poruka je poslata' }).waitFor();
  await screenshots(run.page, 'contact-sent');
});

test('a signed-in worker sends a contact message from the worker menu route', async () => {
  const worker = await registeredUser(run.client, 'worker');
  await run.page.goto(`${run.product.url}/privacy-policy`);
  await run.page.evaluate(
    ([token, userId]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userId', userId);
      localStorage.setItem('role', 'Worker');
    },
    [worker.token, worker.userId],
  );
  await run.page.goto(`${run.product.url}/worker/contact`);
  // The first-login guidance asks first; not now.
  await run.page.getByRole('button', { name: 'Ne sada' }).click();
  const form = run.page.getByRole('form', { name: 'Kontakt' });
  await expect(form.getByLabel('Ime i prezime').inputValue()).resolves.toBe(
    `${worker.firstName} ${worker.lastName}`,
  );
  await form.getByLabel('E-mail adresa za odgovor').fill(worker.email as string);
  await form.getByLabel('Poruka').fill('Kako da promenim mesece kada sam slobodan?');
  await form.getByRole('button', { name: 'Pošalji poruku' }).click();
  await run.page.getByTestId('contact-sent').waitFor();
});

test.each([
  [
    400,
    'invalid payment parameters',
    'PAYMENT.INVALID_PARAMETERS',
    'Neispravni parametri plaćanja. Proverite iznos i pokušajte ponovo.',
  ],
  [
    503,
    'payment URL not available',
    'PAYMENT.URL_NOT_AVAILABLE',
    'Adresa za plaćanje karticom trenutno nije dostupna.',
  ],
  [
    502,
    'unknown payment error (code GW-17)',
    'PAYMENT.UNKNOWN_ERROR',
    'Nepoznata greška pri plaćanju (kod greške: GW-17).',
  ],
])('a card payment that cannot start (%i %s) is explained on the form', async (status, text, code, shown) => {
  await openDonations();
  await run.page.route('**/api/payment/create', (route) =>
    route.fulfill({
      status,
      contentType: 'text/plain; charset=utf-8',
      headers: { 'x-error-code': code },
      body: text,
    }),
  );
  await run.page.getByLabel('Iznos donacije (RSD)').fill('3000');
  await run.page.getByRole('radio', { name: /Platna kartica/ }).check();
  await run.page.getByRole('button', { name: 'Plati karticom' }).click();
  await run.page.getByTestId('card-error').getByText(shown, { exact: false }).waitFor();
  expect(new URL(run.page.url()).pathname).toBe('/crowdfunding');
  if (status === 502) await screenshots(run.page, 'donation-card-unknown-error');
});

test('a contact message that cannot be sent shows the contact send error', async () => {
  await run.page.route('**/api/contact-us', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'NOTIFICATION.CONTACT_SEND_ERROR', message: 'contact send error' },
      }),
    }),
  );
  await run.page.goto(`${run.product.url}/contact`);
  const form = run.page.getByRole('form', { name: 'Kontakt' });
  await form.getByLabel('Ime i prezime').fill('Petar Petrović');
  await form.getByLabel('E-mail adresa za odgovor').fill('petar@example.rs');
  await form.getByLabel('Poruka').fill('Probna poruka.');
  await form.getByRole('button', { name: 'Pošalji poruku' }).click();
  await form.getByRole('alert').getByText('Greška pri slanju poruke. Pokušajte ponovo.').waitFor();
  await screenshots(run.page, 'contact-send-error');
});

test('in Serbian Cyrillic the donation form keeps IPS QR and RSD in Latin', async () => {
  await run.page.goto(`${run.product.url}/privacy-policy`);
  await run.page.evaluate(() => localStorage.setItem('language', 'sr-Cyrl'));
  await run.page.goto(`${run.product.url}/crowdfunding`);
  await run.page.getByRole('button', { name: 'Прикажи IPS QR код' }).waitFor();
  await run.page.getByLabel('Износ донације (RSD)').fill('2000');
  await run.page.getByRole('button', { name: 'Прикажи IPS QR код' }).click();
  await run.page.getByTestId('ips-qr').waitFor();
  await screenshots(run.page, 'donation-ips-qr-cyrillic');
});
