import {
  crops,
  inScript,
  jobActivities,
  municipalityInScript,
  toCyrillic,
  type MobaPage,
  type Script,
} from '@moba/contracts';
import type { Logger } from '@moba/platform';

/** A moba's page in each script: /moba/:id (Serbian Latin), /sr-Cyrl/moba/:id, /en/moba/:id. */
export const MOBA_PAGES = /^(?:\/(sr-Cyrl|en))?\/moba\/([^/]+)\/?$/;
const FRESH_MS = 30_000;
const TIMEOUT_MS = 1_000;
const CACHE_MAX = 300;
const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

type Lang = 'sr-Latn' | 'sr-Cyrl' | 'en';

/** The texts of the page without JavaScript (Serbian Latin is the source; Cyrillic is made from it). */
const latin = {
  wage: 'Dnevnica',
  payment: 'Plaćanje',
  perDay: 'na dan',
  byAgreement: 'po dogovoru',
  dates: 'Datumi',
  place: 'Mesto',
  hours: 'Radno vreme',
  places: 'Slobodna mesta',
  of: 'od',
  crops: 'Kulture',
  activities: 'Poslovi',
  provided: 'Obezbeđeno',
  food: 'hrana',
  transport: 'prevoz',
  accommodation: 'smeštaj',
  nothing: 'ništa od hrane, prevoza i smeštaja',
  estate: 'Gazdinstvo',
  verified: 'provereno gazdinstvo',
  rating: 'Ocena',
  ratings: 'ocena',
  noRatings: 'još nema ocena',
  promises: 'Obećanja ispunjena',
  jobs: 'poslova',
  late: 'Kasna otkazivanja gazdinstva',
  apply: 'Prijavite se na mobu',
  applyNote: 'Za prijavu je potreban JavaScript i nalog na Mobi.',
  notFound: 'Ova moba ne postoji ili više nije objavljena.',
  notFoundTitle: 'Moba nije pronađena',
  home: 'Pogledajte druge mobe',
  legalMinimum: 'Zakonski minimum za ove sate',
  belowMinimum: 'ispod zakonskog minimuma',
};
type Texts = typeof latin;

const english: Texts = {
  wage: 'Daily wage',
  payment: 'Payment',
  perDay: 'a day',
  byAgreement: 'by agreement',
  dates: 'Dates',
  place: 'Place',
  hours: 'Working hours',
  places: 'Free places',
  of: 'of',
  crops: 'Crops',
  activities: 'Work',
  provided: 'Provided',
  food: 'food',
  transport: 'transport',
  accommodation: 'accommodation',
  nothing: 'no food, transport or accommodation',
  estate: 'Estate',
  verified: 'verified estate',
  rating: 'Rating',
  ratings: 'ratings',
  noRatings: 'no ratings yet',
  promises: 'Promises kept',
  jobs: 'jobs',
  late: "Estate's late cancellations",
  apply: 'Apply for this moba',
  applyNote: 'Applying needs JavaScript and a Moba account.',
  notFound: 'This moba does not exist or is no longer published.',
  notFoundTitle: 'Moba not found',
  home: 'See other mobas',
  legalMinimum: 'Legal minimum for these hours',
  belowMinimum: 'below the legal minimum',
};

const textsOf = (lang: Lang): Texts =>
  lang === 'en'
    ? english
    : lang === 'sr-Cyrl'
      ? (Object.fromEntries(Object.entries(latin).map(([k, v]) => [k, toCyrillic(v)])) as Texts)
      : latin;

/** Escapes text for an element's content or a quoted attribute. */
export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const scriptOfLang = (lang: Lang): Script => (lang === 'sr-Cyrl' ? 'Cyrl' : 'Latn');

const day = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}.`;
};
const rsd = (amount: number) => String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** The wage line: a daily wage, a price per norm, or by agreement. */
function wageOf(page: MobaPage, t: Texts, user: (s: string) => string): string {
  if (page.paymentType === 'DailyWage' && page.dailyWage !== undefined)
    return `${rsd(page.dailyWage)} RSD ${t.perDay}`;
  if (page.paymentType === 'Norm' && page.normPrice !== undefined)
    return `${rsd(page.normPrice)} RSD / ${user(page.norm ?? '')}`;
  return t.byAgreement;
}

/** What one moba shows a reader without JavaScript and a link preview: title, description and the page body. */
export function mobaPreview(page: MobaPage, lang: Lang) {
  const t = textsOf(lang);
  const script = scriptOfLang(lang);
  const user = (text: string) => inScript(text, script);
  const place = municipalityInScript(page.municipality, script);
  const name = (list: readonly { id: string; sr: string; en: string }[], id: string) => {
    const found = list.find((item) => item.id === id);
    return found ? (lang === 'en' ? found.en : user(found.sr)) : id;
  };
  const wage = wageOf(page, t, user);
  const dates = `${day(page.startDate)} – ${day(page.endDate)}`;
  const provided = [
    page.foodProvided ? t.food : '',
    page.transportProvided ? t.transport : '',
    page.accommodationProvided ? t.accommodation : '',
  ].filter(Boolean);
  const title = user(page.title);
  const description = `${page.paymentType === 'DailyWage' ? t.wage : t.payment}: ${wage} · ${dates} · ${place}`;

  const row = (label: string, value: string) =>
    `<div><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd></div>`;
  const rows = [
    row(page.paymentType === 'DailyWage' ? t.wage : t.payment, wage),
    ...(page.fairPay
      ? [
          row(
            t.legalMinimum,
            `${rsd(page.fairPay.legalMinimum)} RSD ${t.perDay}${page.fairPay.meetsLegalMinimum ? '' : ` (${t.belowMinimum})`}`,
          ),
        ]
      : []),
    row(t.dates, dates),
    row(t.hours, `${page.workStartTime}–${page.workEndTime}`),
    row(t.place, place),
    row(t.places, `${page.freePositions} ${t.of} ${page.totalPositions}`),
    ...(page.crops.length ? [row(t.crops, page.crops.map((id) => name(crops, id)).join(', '))] : []),
    row(t.activities, page.jobActivities.map((id) => name(jobActivities, id)).join(', ')),
    row(t.provided, provided.length ? provided.join(', ') : t.nothing),
  ];
  const trust = [
    row(t.estate, `${user(page.estateName)}${page.estateVerified ? ` · ✓ ${t.verified}` : ''}`),
    row(
      t.rating,
      page.estateRating
        ? `${page.estateRating.average.toFixed(1)} / 5 (${page.estateRating.count} ${t.ratings})`
        : t.noRatings,
    ),
    ...(page.estatePromises && page.estatePromises.jobs > 0
      ? [
          row(
            t.promises,
            `${Math.round((100 * page.estatePromises.kept) / page.estatePromises.jobs)} % · ${page.estatePromises.jobs} ${t.jobs}`,
          ),
        ]
      : []),
    row(t.late, String(page.estateLateCancellations)),
  ];
  const body =
    `<article class="page moba-preview" data-testid="moba-preview" lang="${lang}">` +
    `<h1>${escapeHtml(title)}</h1>` +
    `<dl class="moba-preview-facts">${rows.join('')}</dl>` +
    `<p class="description">${escapeHtml(user(page.description))}</p>` +
    `<dl class="moba-preview-trust">${trust.join('')}</dl>` +
    `<p><a class="button primary" href="/login">${escapeHtml(t.apply)}</a></p>` +
    `<p class="muted">${escapeHtml(t.applyNote)}</p>` +
    `</article>`;
  return { title, description, body };
}

/** The page of an unknown moba (answered with 404). */
export function missingMoba(lang: Lang) {
  const t = textsOf(lang);
  const home = lang === 'sr-Latn' ? '/' : `/${lang}`;
  return {
    title: t.notFoundTitle,
    description: t.notFound,
    body:
      `<article class="page moba-preview" data-testid="moba-missing" lang="${lang}">` +
      `<h1>${escapeHtml(t.notFoundTitle)}</h1><p>${escapeHtml(t.notFound)}</p>` +
      `<p><a href="${home}">${escapeHtml(t.home)}</a></p></article>`,
  };
}

/** Writes a page's head (title, description, Open Graph) and body into the SPA shell. */
export function fillShell(
  html: string,
  lang: Lang,
  url: string,
  content: { title: string; description: string; body: string },
): string {
  const title = escapeHtml(`${content.title} · Moba`);
  const description = escapeHtml(content.description);
  const og =
    `<meta property="og:title" content="${escapeHtml(content.title)}" />` +
    `<meta property="og:description" content="${description}" />` +
    `<meta property="og:url" content="${escapeHtml(url)}" />` +
    `<meta property="og:type" content="website" />` +
    `<meta property="og:site_name" content="Moba" />` +
    `<meta property="og:locale" content="${lang === 'en' ? 'en_GB' : 'sr_RS'}" />`;
  // Replacements are functions: a `$` in a moba's text is never read as a pattern.
  let out = html
    .replace(/<html([^>]*)\slang="[^"]*"/, (_all, before: string) => `<html${before} lang="${lang}"`)
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${description}" />`,
    )
    .replace('</head>', () => `${og}</head>`);
  const slot = /<!--app-html-->[\s\S]*?<!--\/app-html-->/;
  out = slot.test(out)
    ? out.replace(slot, () => `<!--app-html-->${content.body}<!--/app-html-->`)
    : out.replace(/<div id="root">[\s\S]*?<\/div>/, () => `<div id="root">${content.body}</div>`);
  return out;
}

type Known = { page: MobaPage | null; at: number };

/**
 * Completes the SPA shell of /moba/:id (and its script variants) when the gateway serves it, so a
 * link pasted in Viber or WhatsApp has a preview and a reader without JavaScript reads the moba: it
 * asks the vacancy service's public GET /vacancies/:id (1 s timeout, answers kept 30 s), never
 * anything private. An unknown moba is a 404 page; when the service cannot answer, the shell is
 * served as it is (the app then asks itself).
 */
export function createMobaPreview(
  vacancyUrl: string | undefined,
  logger: Logger,
  options: { publicUrl?: string; timeoutMs?: number; freshMs?: number } = {},
) {
  const known = new Map<string, Known>();
  const pending = new Map<string, Promise<Known | undefined>>();
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const freshMs = options.freshMs ?? FRESH_MS;

  async function ask(id: string): Promise<Known | undefined> {
    try {
      const res = await fetch(`${vacancyUrl}/vacancies/${id}`, { signal: AbortSignal.timeout(timeoutMs) });
      if (res.status === 404 || res.status === 400) return remember(id, null);
      if (!res.ok) throw new Error(`GET /vacancies/${id} answered ${res.status}`);
      return remember(id, (await res.json()) as MobaPage);
    } catch (error) {
      logger.warn({ err: error, vacancyId: id }, 'moba not available for its page preview');
      return undefined;
    }
  }
  function remember(id: string, page: MobaPage | null): Known {
    const entry = { page, at: Date.now() };
    known.delete(id);
    if (known.size >= CACHE_MAX) known.delete(known.keys().next().value as string);
    known.set(id, entry);
    return entry;
  }
  async function lookup(id: string): Promise<Known | undefined> {
    const hit = known.get(id);
    if (hit && Date.now() - hit.at <= freshMs) return hit;
    let asking = pending.get(id);
    if (!asking) {
      asking = ask(id).finally(() => pending.delete(id));
      pending.set(id, asking);
    }
    return asking;
  }

  return {
    paths: MOBA_PAGES,
    /** The shell completed for the moba of `path` (status 404 for an unknown one), or as it was. */
    async fill(html: string, path: string, host?: string): Promise<{ status: number; html: string }> {
      const match = MOBA_PAGES.exec(path);
      if (!match || !vacancyUrl) return { status: 200, html };
      const lang: Lang = (match[1] as Lang | undefined) ?? 'sr-Latn';
      const id = match[2]!;
      const base = (options.publicUrl ?? (host ? `http://${host}` : '')).replace(/\/$/, '');
      const url = `${base}${path.replace(/\/$/, '')}`;
      if (!uuidV4.test(id)) return { status: 404, html: fillShell(html, lang, url, missingMoba(lang)) };
      const entry = await lookup(id);
      if (!entry) return { status: 200, html };
      if (!entry.page) return { status: 404, html: fillShell(html, lang, url, missingMoba(lang)) };
      return { status: 200, html: fillShell(html, lang, url, mobaPreview(entry.page, lang)) };
    },
  };
}
export type MobaPreview = ReturnType<typeof createMobaPreview>;
