/**
 * Formatters made once per language and kind: making one loads the locale's data, which costs a
 * slow phone milliseconds for each of the dozens of amounts and dates a list of cards shows.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatterOf<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) formatters.set(key, (formatter = make()));
  return formatter;
}

/** Money in the reader's number format: 1.500 RSD (Serbian), 1,500 RSD (English); paras only if any. */
export function formatRsd(amount: number, language: string): string {
  const paras = Number.isInteger(amount) ? 0 : 2;
  const number = formatterOf(
    `rsd ${language} ${paras}`,
    () =>
      new Intl.NumberFormat(intlLocale(language), {
        minimumFractionDigits: paras,
        maximumFractionDigits: paras,
      }),
  ).format(amount);
  return `${number} RSD`;
}

/** Sorts names as the reader's alphabet orders them (Cyrillic азбука, Latin abeceda, English). */
export function byReaderOrder<T>(items: readonly T[], name: (item: T) => string, language: string): T[] {
  const collator = new Intl.Collator(intlLocale(language));
  return [...items].sort((a, b) => collator.compare(name(a), name(b)));
}

/** The Intl locale of a UI language: dates, month names and numbers in the reader's script. */
export const intlLocale = (language: string): string =>
  language === 'en' ? 'en-GB' : language === 'sr-Cyrl' ? 'sr-Cyrl-RS' : 'sr-Latn-RS';

/** A date as the reader expects it, on one line: 21. 11. 2026. (sr) or 21 Nov 2026 (en). */
export function formatDate(date: Date | string, language: string): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  const text = formatterOf(
    `date ${language}`,
    () =>
      new Intl.DateTimeFormat(intlLocale(language), {
        day: 'numeric',
        month: language === 'en' ? 'short' : 'numeric',
        year: 'numeric',
      }),
  ).format(d);
  // No-break spaces: a date never wraps in the middle ("30. / 11. 2026.").
  return text.replace(/\s/g, '\u00a0');
}
