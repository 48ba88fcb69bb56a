import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadTexts } from '../../lib/i18n';
import { useNotificationsQuery } from './api';

/**
 * The panel's code and texts come with the first tap on the bell, not with every signed-in first
 * visit (the bell's own words are in `shell`). When they cannot be fetched (offline before that first
 * tap) the panel says so, and the next tap tries again.
 */
const loadPanel = () =>
  Promise.all([import('./NotificationPanel'), loadTexts('notifications')]).then(
    ([panel]) => panel,
    () => ({ default: PanelUnavailable }),
  );

function PanelUnavailable({ onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation('common');
  return (
    <section className="panel" role="dialog" aria-modal="false" data-testid="notification-panel">
      <p className="alert error" role="alert">
        {t('errors.network')}
      </p>
      <button type="button" className="button secondary" onClick={onClose}>
        {t('actions.close')}
      </button>
    </section>
  );
}

/** The bell with the unread badge; opens the panel. */
export function NotificationBell({ userId }: { userId: string }) {
  const { t } = useTranslation(['shell', 'common']);
  const { data = [] } = useNotificationsQuery(userId);
  const [open, setOpen] = useState(false);
  // A fresh lazy() each opening: React keeps a lazy's first answer, which may be "unavailable".
  const NotificationPanel = useMemo(() => lazy(loadPanel), [open]);
  const unread = data.filter((n) => !n.dateRead).length;
  return (
    <>
      <button
        type="button"
        className="bell"
        aria-label={unread ? t('bellUnread', { count: unread }) : t('bell')}
        aria-expanded={open}
        data-testid="bell"
        onClick={() => setOpen((o) => !o)}
      >
        <svg
          width="22"
          height="22"
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8" />
          <path d="M10.3 20a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 && (
          <span className="badge" data-testid="unread-badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationPanel userId={userId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
