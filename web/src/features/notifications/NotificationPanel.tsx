import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Notification, notificationKeys } from '@moba/contracts';
import { paths } from '../../app/paths';
import { Dialog } from '../../components/Dialog';
import { formatRelative } from '../../lib/relative-time';
import { useNow } from '../../lib/use-now';
import { useNotificationsQuery } from './api';
import { setReadErrorText, useReadNotificationsMutation } from './read-api';
import { isLiveDown, subscribeLiveStatus } from './live-status';
import { Icon } from '../../components/Icon';
import { useReaderScript } from '../../lib/reader-script';
import { formatDate } from '../../lib/format';

// Typed against the contract, imported as a type only: the contracts' runtime stays out of this chunk.
const CREW_INVITATION: (typeof notificationKeys)['crewInvitation'] = 'notification.crewInvitation';
const CONFIRMATION_REQUESTED: (typeof notificationKeys)['confirmationRequested'] =
  'notification.confirmationRequested';
const BROADCAST: (typeof notificationKeys)['broadcast'] = 'notification.broadcast';
const JOB_ALERT: (typeof notificationKeys)['jobAlert'] = 'notification.jobAlert';

/** The button a notification offers: a rating, or answering a crew invitation on the profile. */
const actionOf = (n: Notification): { to: string; label: string } | null => {
  if (n.content.key === CREW_INVITATION) return { to: paths.worker.profile, label: 'CrewInvitation' };
  // the moba itself is the notification's own link; its button is "stop these alerts"
  if (n.content.key === JOB_ALERT) return { to: paths.worker.stopJobAlerts, label: 'JobAlert' };
  const vacancyId = n.content.params.vacancyId;
  if (n.content.key === CONFIRMATION_REQUESTED && typeof vacancyId === 'string')
    return { to: paths.moba(vacancyId), label: 'ConfirmationRequested' };
  if (n.content.key === BROADCAST && typeof vacancyId === 'string')
    return { to: paths.moba(vacancyId), label: 'day-of-work:broadcast.notification.open' };
  const to = actionPath(n);
  return to && n.actionButtonType ? { to, label: n.actionButtonType } : null;
};

const actionPath = (n: Notification): string | null => {
  const id = n.actionButtonParamIds[0];
  if (!id) return null;
  if (n.actionButtonType === 'RateEstate') return paths.worker.rateEstate(id);
  if (n.actionButtonType === 'RateWorkers') return paths.estate.rateWorkers(id);
  return null;
};

/** Params typed by people (ids and e-mail addresses stay as they are). */
const userWritten = new Set([
  'vacancyTitle',
  'estateName',
  'name',
  'excerpt',
  'leaderName',
  'memberName',
  'municipality',
]);

export default function NotificationPanel({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation(['notifications', 'common', 'day-of-work']);
  const navigate = useNavigate();
  const now = useNow();
  const inReaderScript = useReaderScript();
  const { data = [], isError } = useNotificationsQuery(userId);
  const [read] = useReadNotificationsMutation();
  useEffect(() => setReadErrorText(t('common:errors.toast')), [t]);
  const [tab, setTab] = useState<'unread' | 'read'>('unread');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const liveDown = useSyncExternalStore(subscribeLiveStatus, isLiveDown, () => false);
  const unread = data.filter((n) => !n.dateRead);
  const tabs = { unread, read: data.filter((n) => n.dateRead) };
  const shown = tabs[tab];

  useEffect(() => {
    document.getElementById('panel-title')?.focus();
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && !confirmDelete && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose, confirmDelete]);

  // Titles and names in the params were typed by users: they read in the reader's script.
  const text = (n: Notification) =>
    n.content.key === BROADCAST
      ? broadcastNotificationText(t, i18n.language, n.content.params, inReaderScript)
      : t(`notifications:${n.content.key}`, {
          vacancyTitle: t('untitled'),
          freePositions: '—',
          totalPositions: '—',
          ...Object.fromEntries(
            Object.entries(n.content.params).map(([k, v]) => [
              k,
              typeof v !== 'string'
                ? v
                : userWritten.has(k)
                  ? inReaderScript(v)
                  : k === 'startDate'
                    ? formatDate(v, i18n.language)
                    : v,
            ]),
          ),
          defaultValue: n.content.key,
        });

  return (
    <section
      className="panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby="panel-title"
      data-testid="notification-panel"
    >
      {/* a plain div: a <header> here would be a second banner landmark */}
      <div className="panel-head">
        <h2 id="panel-title" tabIndex={-1}>
          {t('title')}
        </h2>
        <button
          type="button"
          className="icon-button"
          aria-label={t('common:actions.close')}
          onClick={onClose}
        >
          <Icon name="close" />
        </button>
      </div>
      <div className="tabs" role="tablist">
        {(['unread', 'read'] as const).map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls="panel-list"
            onClick={() => setTab(id)}
          >
            {t(id, { count: tabs[id].length })}
          </button>
        ))}
      </div>
      <div className="panel-actions">
        <button
          type="button"
          className="small"
          disabled={!unread.length}
          onClick={() => void read({ userId })}
        >
          {t('markAllRead')}
        </button>
        <button
          type="button"
          className="small"
          disabled={!data.length}
          onClick={() => setConfirmDelete(true)}
        >
          {t('deleteAll')}
        </button>
      </div>
      {isError && (
        <p className="alert error" role="alert">
          {t('loadError')}
        </p>
      )}
      {liveDown && (
        <p className="notice small" role="status">
          {t('offline')}
        </p>
      )}
      <div
        className="panel-list"
        id="panel-list"
        role="tabpanel"
        aria-labelledby={`tab-${tab}`}
        aria-live="polite"
      >
        {shown.length === 0 && (
          <p className="muted">{tab === 'unread' ? t('emptyUnread') : t('emptyRead')}</p>
        )}
        <ul className="notification-list">
          {shown.map((n) => {
            const action = actionOf(n);
            const moba = n.content.params.vacancyId;
            return (
              <li
                key={n.id}
                className={`notification${n.dateRead ? '' : ' unread'}`}
                data-testid="notification"
              >
                <p>
                  {typeof moba === 'string' ? (
                    <Link
                      to={paths.moba(moba)}
                      data-testid="notification-moba"
                      onClick={() => {
                        if (!n.dateRead) void read({ userId, notificationIds: [n.id] });
                        onClose();
                      }}
                    >
                      {text(n)}
                    </Link>
                  ) : (
                    text(n)
                  )}
                </p>
                <div className="meta">
                  <time dateTime={n.dateSent} className="muted small">
                    {formatRelative(t, n.dateSent, now)}
                  </time>
                  <span>
                    {action && (
                      <button
                        type="button"
                        className="primary small"
                        onClick={() => {
                          if (!n.dateRead) void read({ userId, notificationIds: [n.id] });
                          onClose();
                          navigate(action.to);
                        }}
                      >
                        {t(action.label.includes(':') ? action.label : `actions.${action.label}`)}
                      </button>
                    )}{' '}
                    {!n.dateRead && (
                      <button
                        type="button"
                        className="small"
                        onClick={() => void read({ userId, notificationIds: [n.id] })}
                      >
                        {t('markRead')}
                      </button>
                    )}
                  </span>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
      {confirmDelete && (
        <Dialog title={t('deleteAll')} onClose={() => setConfirmDelete(false)}>
          <p>{t('deleteAllConfirm')}</p>
          <div className="form-actions">
            <button type="button" onClick={() => setConfirmDelete(false)}>
              {t('common:actions.cancel')}
            </button>
            <button
              type="button"
              className="danger"
              onClick={() => {
                setConfirmDelete(false);
                void read({ userId, shouldDelete: true });
              }}
            >
              {t('deleteAll')}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}

/**
 * An estate's broadcast (issue #31): its words per template live in the day-of-work namespace
 * (`broadcast.notification.<template>`, `_day` when it names one day); typed words in the reader's script.
 */
function broadcastNotificationText(
  t: (key: string, options?: Record<string, unknown>) => string,
  language: string,
  params: Notification['content']['params'],
  shown: (text: string) => string,
): string {
  const text = (key: string) => (typeof params[key] === 'string' ? shown(params[key] as string) : '');
  const date = (key: string) =>
    typeof params[key] === 'string' ? formatDate(params[key] as string, language) : '';
  return t(`day-of-work:broadcast.notification.${String(params.template)}`, {
    ...(params.day ? { context: 'day' } : {}),
    estateName: text('estateName'),
    vacancyTitle: text('vacancyTitle'),
    value: text('value'),
    text: text('text'),
    dayText: date('day'),
    movedToText: params.movedTo ? date('movedTo') : t('day-of-work:broadcast.notification.later'),
    defaultValue: BROADCAST,
  });
}
