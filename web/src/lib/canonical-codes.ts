import type { i18n } from 'i18next';

type LanguageUtils = { formatLanguageCode: (code: string) => string };
/**
 * i18next canonicalises the language code (Intl.getCanonicalLocales) on every t() call: a third of
 * a call's cost, which a screen of a few hundred texts feels on a slow phone. The answer for a code
 * never changes, so it is worked out once.
 */
export function rememberCanonicalCodes(i18n: i18n) {
  const utils = i18n.services.languageUtils as LanguageUtils;
  const format = utils.formatLanguageCode.bind(utils);
  const known = new Map<string, string>();
  utils.formatLanguageCode = (code) => {
    if (typeof code !== 'string') return format(code);
    let canonical = known.get(code);
    if (canonical === undefined) known.set(code, (canonical = format(code)));
    return canonical;
  };
}
