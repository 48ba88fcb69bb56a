import { useTranslation } from 'react-i18next';
import type { PromiseFigure } from '@moba/contracts';
import { promisePercent } from '@moba/contracts/plain-values';
import { Icon } from './Icon';

/**
 * "promises kept 94 % · 17 jobs" (an estate) or "came and stayed 100 % · 9 jobs" (a worker), shown
 * from 3 rated jobs up; below that a neutral "new on Moba".
 */
export function PromiseFigureLine({
  figure,
  role,
}: {
  figure: PromiseFigure | null | undefined;
  role: 'Estate' | 'Worker';
}) {
  const { t } = useTranslation('common');
  const percent = promisePercent(figure);
  return (
    <p className="trust-figure" data-testid="promise-figure">
      <Icon name="check" />{' '}
      {percent === null ? (
        <span>{t('trust.newOnMoba')}</span>
      ) : (
        <span>
          {t(role === 'Estate' ? 'trust.promisesKept' : 'trust.cameAndStayed', { percent })} ·{' '}
          {t('trust.jobs', { count: figure!.jobs })}
        </span>
      )}
    </p>
  );
}

/** The badge of an estate an admin verified (BPG and PIB checked against the public registry). */
export function VerifiedBadge() {
  const { t } = useTranslation('common');
  return (
    <span className="verified-badge" data-testid="verified-badge" title={t('trust.verifiedHint')}>
      <Icon name="check" /> {t('trust.verified')}
    </span>
  );
}

/** An estate's trust line on cards, details and the profile: the badge when verified, and the figure. */
export function EstateTrust({
  verified,
  promises,
}: {
  verified: boolean | undefined;
  promises: PromiseFigure | null | undefined;
}) {
  return (
    <div className="estate-trust">
      {verified && <VerifiedBadge />}
      <PromiseFigureLine figure={promises} role="Estate" />
    </div>
  );
}
