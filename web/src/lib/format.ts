/** Money as the spec writes it: 1.500 RSD (dot groups thousands in every language). */
export function formatRsd(amount: number): string {
  const whole = Math.round(amount);
  const sign = whole < 0 ? '-' : '';
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${digits} RSD`;
}

/** The Intl locale of a UI language: dates, month names and numbers in the reader's script. */
export const intlLocale = (language: string): string =>
  language === 'en' ? 'en-GB' : language === 'sr-Cyrl' ? 'sr-Cyrl-RS' : 'sr-Latn-RS';

/** A date as the reader expects it, on one line: 21. 11. 2026. (sr) or 21 Nov 2026 (en). */
export function formatDate(date: Date | string, language: string): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  const text = d.toLocaleDateString(intlLocale(language), {
    day: 'numeric',
    month: language === 'en' ? 'short' : 'numeric',
    year: 'numeric',
  });
  // No-break spaces: a date never wraps in the middle ("30. / 11. 2026.").
  return text.replace(/\s/g, '\u00a0');
}
