import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forgetOfflineAnswers, oldestOfflineAnswer, onOfflineAnswer } from '../../lib/offline-answers';
import { formatRelative } from '../../lib/relative-time';

/**
 * Says so when the phone is offline, and how old the answers on screen are when the service worker
 * showed kept ones ("Poslednje ažuriranje: pre 2 sata"). Gone again once the network is back.
 */
export function OfflineNotice() {
  const { t } = useTranslation(['shell', 'common']);
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  const [cachedAt, setCachedAt] = useState<string | null>(oldestOfflineAnswer);

  useEffect(() => {
    const goOnline = () => {
      setOnline(true);
      forgetOfflineAnswers();
      setCachedAt(null);
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    // One may have come between the first render and now.
    setCachedAt(oldestOfflineAnswer());
    const stopHearing = onOfflineAnswer(setCachedAt);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      stopHearing();
    };
  }, []);

  if (online && !cachedAt) return null;
  return (
    <p className="alert offline-notice" role="status" data-testid="offline-notice">
      {cachedAt
        ? t('shell:offline.lastUpdated', { when: formatRelative(t, cachedAt) })
        : t('shell:offline.noConnection')}
    </p>
  );
}
