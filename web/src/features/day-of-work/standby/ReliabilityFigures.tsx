import { useTranslation } from 'react-i18next';
import type { WorkerReliability } from '@moba/contracts';
import { useMyReliabilityQuery } from './api';

/** A worker's reliability in one line: jobs, late cancellations, no-shows (where someone decides). */
export function ReliabilityFigures({ reliability }: { reliability: WorkerReliability | undefined }) {
  const { t } = useTranslation('day-of-work');
  if (!reliability) return null;
  const { accepted, lateCancellations, noShows } = reliability;
  const worrying = lateCancellations + noShows > 0;
  return (
    <p className={worrying ? 'reliability worrying' : 'reliability muted'} data-testid="reliability">
      {t('standby.reliability.title')}:{' '}
      {accepted + lateCancellations + noShows === 0
        ? t('standby.reliability.none')
        : [
            t('standby.reliability.accepted', { count: accepted }),
            t('standby.reliability.lateCancellations', { count: lateCancellations }),
            t('standby.reliability.noShows', { count: noShows }),
          ].join(' · ')}
    </p>
  );
}

/** The signed-in worker's own reliability (My mobas). */
export function MyReliability() {
  const { data } = useMyReliabilityQuery();
  return <ReliabilityFigures reliability={data} />;
}
