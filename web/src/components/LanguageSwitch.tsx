import { useTranslation } from 'react-i18next';
import { changeLanguage, supportedLanguages, type UiLanguage } from '../lib/i18n';

const labels: Record<UiLanguage, { short: string; name: string }> = {
  'sr-Latn': { short: 'Lat', name: 'Srpski (latinica)' },
  'sr-Cyrl': { short: 'Ћир', name: 'Српски (ћирилица)' },
  en: { short: 'EN', name: 'English' },
};

/**
 * Three buttons, the current one pressed; the choice is remembered in local storage and told to
 * `onChosen` (a signed-in user's mails follow it). The accessible name starts with the visible text.
 */
export function LanguageSwitch({ onChosen }: { onChosen?: (lng: UiLanguage) => void }) {
  const { t, i18n } = useTranslation('common');
  return (
    <div className="lang-switch" role="group" aria-label={t('language.label')}>
      {supportedLanguages.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          aria-pressed={i18n.language === lng}
          title={labels[lng].name}
          data-lang={lng}
          onClick={() => {
            void changeLanguage(lng);
            onChosen?.(lng);
          }}
        >
          {labels[lng].short}
          <span className="sr-only"> – {labels[lng].name}</span>
        </button>
      ))}
    </div>
  );
}
