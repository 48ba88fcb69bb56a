import { formatRsd, type PaymentOutcome } from '@moba/contracts';
import type { SandboxSession } from './sandbox-provider';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/**
 * The page's own Content-Security-Policy: nothing external, its one inline style by nonce, forms
 * posting only to this origin (and the redirect after the post may go to the SPA's origin).
 */
export function checkoutCsp(nonce: string, spaOrigin: string): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' data:",
    `form-action 'self' ${spaOrigin}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const styles = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f5f2;color:#111}
main{max-width:28rem;margin:0 auto;padding:1rem}
.card{background:#fff;border:2px solid #1d3b22;border-radius:12px;padding:1.25rem}
.sandbox{background:#fff4c2;border:1px solid #8a6d00;border-radius:8px;padding:.5rem .75rem;font-size:.9rem;margin:0 0 1rem}
h1{font-size:1.25rem;margin:0 0 .75rem}
dl{margin:0 0 1.25rem}
dt{font-size:.85rem;color:#3d463e}
dd{margin:0 0 .75rem;font-weight:600;word-wrap:break-word}
.amount{font-size:2rem;font-weight:800;color:#1d3b22}
form{margin:0 0 .75rem}
button,.button{display:block;width:100%;min-height:48px;border-radius:10px;font-size:1.05rem;font-weight:700;cursor:pointer;padding:.6rem;text-align:center;text-decoration:none}
.pay{background:#1d6b2a;color:#fff;border:0}
.fail{background:#fff;color:#9b1c1c;border:2px solid #9b1c1c}
.cancel{background:#fff;color:#222;border:2px solid #555}
button:focus-visible,.button:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
small{display:block;color:#3d463e;margin-top:1rem}
`;

function layout(nonce: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="sr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${styles}</style>
</head>
<body>
<main>
<div class="card">
<p class="sandbox">Test plaćanje (sandbox) — novac se ne naplaćuje. / Test payment — no money is charged.</p>
${body}
</div>
</main>
</body>
</html>`;
}

const purposeText = (session: SandboxSession) =>
  session.purpose === 'featuring' ? 'Isticanje oglasa / Featured job post' : 'Donacija / Donation';

/** Relative form action from the page URL, so it works under the gateway's /api prefix as well as directly. */
const actionFor = (session: SandboxSession, outcome: PaymentOutcome, pagePathEndsWithSlash: boolean) =>
  pagePathEndsWithSlash ? `./${outcome}` : `./${session._id}/${outcome}`;

export function renderCheckoutPage(
  session: SandboxSession,
  nonce: string,
  options: { expired: boolean; slash: boolean },
): string {
  const amount = formatRsd(session.amount);
  const details = `<h1>Plaćanje / Payment</h1>
<dl>
<dt>Iznos / Amount</dt><dd class="amount">${escapeHtml(amount)}</dd>
<dt>Svrha / Purpose</dt><dd>${escapeHtml(purposeText(session))}</dd>
<dt>Opis / Description</dt><dd>${escapeHtml(session.description)}</dd>
</dl>`;
  const button = (outcome: PaymentOutcome, cls: string, label: string) =>
    `<form method="post" action="${escapeHtml(actionFor(session, outcome, options.slash))}"><button type="submit" class="${cls}">${label}</button></form>`;

  if (session.status === 'completed' && session.outcome) {
    return layout(
      nonce,
      'Plaćanje završeno / Payment finished',
      `${details}<p>Ovo plaćanje je već završeno. / This payment is already finished.</p>
<a class="button cancel" href="${escapeHtml(session.returnUrls[session.outcome])}">Nazad / Back</a>`,
    );
  }
  if (options.expired) {
    return layout(
      nonce,
      'Sesija istekla / Session expired',
      `${details}<p>Vreme za plaćanje je isteklo. / The time to pay has run out.</p>${button('cancelled', 'cancel', 'Nazad / Back')}`,
    );
  }
  return layout(
    nonce,
    `Plaćanje ${amount} / Payment ${amount}`,
    `${details}
${button('succeeded', 'pay', `Plati / Pay ${escapeHtml(amount)}`)}
${button('failed', 'fail', 'Neuspešno plaćanje / Fail')}
${button('cancelled', 'cancel', 'Otkaži / Cancel')}
<small>Pay = uspešna uplata, Fail = odbijena kartica, Cancel = odustajanje. / Pay = success, Fail = card declined, Cancel = give up.</small>`,
  );
}

export function renderMessagePage(
  nonce: string,
  title: string,
  message: string,
  retry?: { action: string; label: string },
): string {
  const retryForm = retry
    ? `<form method="post" action="${escapeHtml(retry.action)}"><button type="submit" class="pay">${escapeHtml(retry.label)}</button></form>`
    : '';
  return layout(nonce, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${retryForm}`);
}
