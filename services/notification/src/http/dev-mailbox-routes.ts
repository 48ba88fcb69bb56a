import type { Express } from 'express';
import type { Collection } from '@moba/platform';
import { normaliseEmail } from '@moba/contracts';
import { escapeHtml, type DevMailDoc } from '../mail/mailer';

/** How many mails the dev mailbox shows. */
const MAILBOX_SHOWN = 100;

/** The dev mailbox of the dev:// mailer; never mounted in production. */
export function devMailboxRoutes(app: Express, mailbox: Collection<DevMailDoc>) {
  const latest = (to?: unknown) =>
    mailbox.find(typeof to === 'string' && to.trim() ? { to: normaliseEmail(to) } : {}, {
      sort: { sentAt: -1 },
      limit: MAILBOX_SHOWN,
    });

  app.get('/dev/mailbox.json', async (req, res) => {
    res.json(await latest(req.query.to));
  });

  app.get('/dev/mailbox', async (req, res) => {
    const mails = await latest(req.query.to);
    const items = mails
      .map(
        (m) => `<li><article>
<h2>${escapeHtml(m.subject)}</h2>
<p><b>To:</b> ${escapeHtml(m.to)} · <b>From:</b> ${escapeHtml(m.from)} · <time>${escapeHtml(m.sentAt)}</time></p>
<ul>${m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('')}</ul>
<details><summary>Text</summary><pre>${escapeHtml(m.text)}</pre></details>
</article></li>`,
      )
      .join('\n');
    res.type('html').send(`<!doctype html><html><head><meta charset="utf-8"><title>Moba dev mailbox</title>
<style>body{font-family:Arial,sans-serif;max-width:900px;margin:2em auto}li{margin-bottom:1em}article{border:1px solid #ccc;padding:.5em 1em}pre{white-space:pre-wrap}a{font-size:1.1em}</style>
</head><body><h1>Dev mailbox (${mails.length})</h1><p>Mails of the dev:// mailer, newest first. Not available in production.</p>
<ol>${items || '<li>No mails yet.</li>'}</ol></body></html>`);
  });
}
