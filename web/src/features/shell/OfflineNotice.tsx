import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OFFLINE_ANSWER_MESSAGE, type OfflineAnswerMessage } from '../../lib/offline';
import { formatRelative } from '../../lib/relative-time';

/**
 * Says so when the phone is offline, and how old the answers on screen are when the service worker
 * showed kept ones ("Poslednje ažuriranje: pre 2 sata"). Gone again once the network is back.
 */
export function OfflineNotice() {
  const { t } = useTranslation(['shell', 'common']);
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  const [cachedAt, setCachedAt] = useState<string | null>(null);

  useEffect(() => {
    const goOnline = () => {
      setOnline(true);
      setCachedAt(null);
    };
    const goOffline = () => setOnline(false);
    const onMessage = (event: MessageEvent<OfflineAnswerMessage>) => {
      if (event.data?.type !== OFFLINE_ANSWER_MESSAGE) return;
      // The oldest answer on screen is the one to admit.
      setCachedAt((shown) => (shown && shown < event.data.cachedAt ? shown : event.data.cachedAt));
    };
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
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
