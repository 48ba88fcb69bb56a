import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Outcome = 'copied' | 'failed' | null;

/**
 * Share a moba's address: the phone's share sheet (Viber, WhatsApp …) where the browser has one,
 * else the address copied, with a visible confirmation either way it can be told.
 */
export function ShareButton({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('day-of-work');
  const [outcome, setOutcome] = useState<Outcome>(null);

  const onShare = async () => {
    setOutcome(null);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text: t('page.share.text', { title }), url });
        return;
      } catch (error) {
        // The reader closed the share sheet: nothing to say.
        if ((error as { name?: string }).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  };

  return (
    <div className="moba-share">
      <button type="button" onClick={() => void onShare()} data-testid="share-moba">
        {t('page.share.button')}
      </button>
      <p
        role="status"
        className={outcome === 'failed' ? 'alert error' : outcome ? 'alert success' : 'sr-only'}
      >
        {outcome ? t(`page.share.${outcome}`) : ''}
      </p>
    </div>
  );
}
