import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import type { Language } from '@moba/contracts';
import { initReactI18next } from 'react-i18next';
import commonSr from '../locales/sr-Latn/common.json';
import { latinToCyrillic, mapStrings, unmark } from './translit';
import { rememberCanonicalCodes } from './canonical-codes';
import { getLanguage, setLanguage } from './storage';

export const supportedLanguages = ['sr-Latn', 'sr-Cyrl', 'en'] as const;
export type UiLanguage = (typeof supportedLanguages)[number];
export const defaultLanguage: UiLanguage = 'sr-Latn';

/** The language and script the API gets (e-mails): sr (Latin), sr-Cyrl or en. */
export const apiLanguage = (lng: string): Language =>
  lng === 'en' ? 'en' : lng === 'sr-Cyrl' ? 'sr-Cyrl' : 'sr';

type Tree = Parameters<typeof mapStrings>[0];
/** sr-Cyrl is never written by hand: every Latin text is transliterated when it is loaded. */
export const toLocale = (lng: string, latinOrEnglish: Tree): Tree =>
  lng === 'sr-Cyrl' ? mapStrings(latinOrEnglish, latinToCyrillic) : mapStrings(latinOrEnglish, unmark);

/**
 * The namespaces a worker's first visit reads (sign in, then browse: the ones the glob below leaves
 * out) come as one file per language, locales/first-visit/: one request, and gzip shares one
 * dictionary across them. Every other namespace is a file of its own (`notifications` comes with the
 * bell's panel, `errors` with the first coded answer: lib/error-texts.ts).
 */
const files = import.meta.glob<Tree>(['../locales/*/*.json', '!**/{auth,find,mobas,shell,work}.json'], {
  import: 'default',
});
const firstVisit = import.meta.glob<Record<string, Tree>>('../locales/first-visit/*.ts', {
  import: 'default',
});

function loader(source: string, ns: string): (() => Promise<Tree>) | undefined {
  const single = files[`../locales/${source}/${ns}.json`];
  if (single) return single;
  const bundle = firstVisit[`../locales/first-visit/${source}.ts`];
  return bundle && (() => bundle().then((texts) => texts[ns] ?? {}));
}

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng: string, ns: string, callback: ReadCallback) {
    const source = lng === 'sr-Cyrl' ? 'sr-Latn' : lng;
    const load = loader(source, ns);
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (data) => callback(null, toLocale(lng, data) as Record<string, unknown>),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

export const isSupported = (lng: string | null | undefined): lng is UiLanguage =>
  supportedLanguages.includes(lng as UiLanguage);

export function initI18n(lng: UiLanguage = defaultLanguage) {
  if (i18next.isInitialized) return i18next;
  void i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng,
      supportedLngs: [...supportedLanguages],
      load: 'currentOnly',
      // A missing key shows the key (spec §8): no fallback language.
      fallbackLng: false,
      ns: ['common'],
      defaultNS: 'common',
      partialBundledLanguages: true,
      resources: {
        'sr-Latn': {
          common: toLocale('sr-Latn', commonSr) as Record<string, unknown>,
        },
      },
      initAsync: false,
      showSupportNotice: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  rememberCanonicalCodes(i18next);
  i18next.on('languageChanged', (current) => {
    if (typeof document !== 'undefined') document.documentElement.lang = current;
  });
  return i18next;
}

/** The remembered language, or Serbian Latin. */
export const storedLanguage = (): UiLanguage => {
  const saved = getLanguage();
  return isSupported(saved) ? saved : defaultLanguage;
};

export async function changeLanguage(lng: UiLanguage): Promise<void> {
  setLanguage(lng);
  await i18next.changeLanguage(lng);
}

/**
 * The texts of a screen that comes with a tap (loaded with its code). Rejects when they could not be
 * fetched, so the screen can say so in words instead of showing keys; i18next keeps a failed load as
 * done, so it is read again on the next try.
 */
export async function loadTexts(ns: string): Promise<void> {
  const lng = i18next.language;
  if (i18next.hasResourceBundle(lng, ns)) return;
  await i18next.reloadResources([lng], [ns]);
  if (!i18next.hasResourceBundle(lng, ns)) throw new Error(`texts ${ns} unavailable`);
}
