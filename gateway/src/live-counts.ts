import type { Logger } from '@moba/platform';

/** The pre-rendered pages that show today's open mobas per crop (the harvest calendar, in each script). */
export const LIVE_COUNT_PAGES = /^\/harvest-calendar(\/(sr-Cyrl|en))?\/?$/;
const FRESH_MS = 30_000;
const TIMEOUT_MS = 1_000;

/**
 * Writes today's count of open mobas per crop into a pre-rendered page, so a reader without
 * JavaScript sees them too: each `<span data-open-count="crop">…</span>` gets the number the vacancy
 * service's public GET /vacancies/open-by-crop answers (kept for 30 s). Only presentation: the count
 * is the service's; when it cannot be had, the page keeps its dash.
 */
export function createLiveCounts(vacancyUrl: string | undefined, logger: Logger) {
  let counts: Record<string, number> | undefined;
  let fetchedAt = 0;
  let pending: Promise<void> | undefined;

  async function refresh() {
    try {
      const res = await fetch(`${vacancyUrl}/vacancies/open-by-crop`, {
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`open-by-crop answered ${res.status}`);
      counts = ((await res.json()) as { crops: Record<string, number> }).crops;
      fetchedAt = Date.now();
    } catch (error) {
      logger.warn({ err: error }, 'open mobas per crop not available for the pre-rendered page');
    }
  }

  return {
    /** The page with the counts written in (or as it was, when none could be had). */
    async fill(html: string): Promise<string> {
      if (!vacancyUrl) return html;
      if (!counts || Date.now() - fetchedAt > FRESH_MS)
        await (pending ??= refresh().finally(() => (pending = undefined)));
      const known = counts;
      if (!known) return html;
      return html.replace(
        /(<span[^>]*\sdata-open-count="([a-z0-9-]+)"[^>]*>)[^<]*(<\/span>)/g,
        (_all, open: string, crop: string, close: string) => `${open}${known[crop] ?? 0}${close}`,
      );
    },
  };
}
export type LiveCounts = ReturnType<typeof createLiveCounts>;
