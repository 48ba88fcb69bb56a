import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';

const NS = 'errors';

/**
 * The `errors` namespace (the words for every code our services answer, some 1.4 KB gzipped) is
 * fetched the first time a screen has such a code to show, not on every first visit: most sign-ins
 * and applications succeed. Until it is here a text needing it is `null` (nothing shows) and the
 * component renders again when it arrives. A fetch that fails (offline) leaves an empty namespace,
 * so the screen's own fallback text shows instead of a key.
 */
function fetchErrorTexts(i18n: I18n): void {
  const lng = i18n.language;
  void i18n.loadNamespaces(NS, (error) => {
    if (error && !i18n.hasResourceBundle(lng, NS)) i18n.addResourceBundle(lng, NS, {});
  });
}

/** Renders again when a namespace arrives in the store (and, as by default, when the language changes). */
const rerenderOnArrival = { bindI18n: 'languageChanged', bindI18nStore: 'added' };

/**
 * `(keys, options) → text`: the first of `keys` that exists, else `common:errors.unknown`; `null`
 * while a key of the `errors` namespace waits for it.
 */
export function useErrorTexts() {
  const { t, i18n } = useTranslation('common', rerenderOnArrival);
  return (keys: string[], options?: Record<string, unknown>): string | null => {
    if (keys.some((key) => key.startsWith(`${NS}:`)) && !i18n.hasResourceBundle(i18n.language, NS)) {
      fetchErrorTexts(i18n);
      return null;
    }
    // With the options: a key said in plural forms exists for the options' count.
    const found = keys.find((key) => i18n.exists(key, options));
    return found ? t(found, options) : t('common:errors.unknown');
  };
}
