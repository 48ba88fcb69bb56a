import { useTranslation } from 'react-i18next';
import type { BroadcastReportItem } from '@moba/contracts';
import { formatDate } from '../../../lib/format';
import { formatRelative } from '../../../lib/relative-time';
import { useNow } from '../../../lib/use-now';
import { useReaderScript } from '../../../lib/reader-script';
import { broadcastText } from './broadcast-text';

const totalsShown = ['read', 'delivered', 'sms-sent', 'failed', 'queued'] as const;
const totalOf = (item: BroadcastReportItem, state: (typeof totalsShown)[number]) =>
  state === 'sms-sent' ? item.totals.smsSent : item.totals[state];

/** The estate's sent broadcasts, newest first: the text, when, to whom, and how far it got to each. */
export function BroadcastList({
  broadcasts,
  moba,
}: {
  broadcasts: BroadcastReportItem[];
  moba: { title: string; estateName: string };
}) {
  const { t, i18n } = useTranslation('day-of-work');
  const shown = useReaderScript();
  const now = useNow();
  if (broadcasts.length === 0) return <p className="muted">{t('broadcast.list.empty')}</p>;
  return (
    <ul className="broadcast-list" data-testid="broadcast-list">
      {broadcasts.map((item) => (
        <li key={item.id} className="card broadcast-item" data-testid="broadcast-item">
          <blockquote>
            {broadcastText(
              t,
              i18n.language,
              { ...item, vacancyTitle: moba.title, estateName: moba.estateName },
              shown,
            )}
          </blockquote>
          <p className="muted small">
            <time dateTime={item.sentAt}>
              {t('broadcast.list.sentAt', { when: formatRelative(t, item.sentAt, now) })}
            </time>{' '}
            ·{' '}
            {item.day
              ? t('broadcast.list.forDay', { day: formatDate(item.day, i18n.language) })
              : t('broadcast.list.forAll')}{' '}
            · {t('broadcast.list.recipients', { count: item.totals.recipients })}
          </p>
          <dl className="broadcast-totals" aria-label={t('broadcast.list.totals')}>
            {totalsShown.map((state) => (
              <div key={state}>
                <dt>{t(`broadcast.list.states.${state}`)}</dt>
                <dd data-testid={`broadcast-total-${state}`}>{totalOf(item, state)}</dd>
              </div>
            ))}
          </dl>
          <ul className="broadcast-recipients">
            {item.recipients.map((recipient) => (
              <li key={recipient.workerId} data-testid="broadcast-recipient">
                <span>{recipient.name ? shown(recipient.name) : t('broadcast.list.noName')}</span>
                <span
                  className={`broadcast-state state-${recipient.state}`}
                  data-testid="broadcast-recipient-state"
                >
                  {t(`broadcast.list.states.${recipient.state}`)}
                </span>
                {recipient.sms && recipient.state !== 'sms-sent' && recipient.state !== 'failed' && (
                  <span className="muted small">{t(`broadcast.list.sms.${recipient.sms}`)}</span>
                )}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
