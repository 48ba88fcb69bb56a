import { lazy, Suspense, useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { MobaPage as MobaPageData, Role } from '@moba/contracts';
import { addressInLanguage, isUuidV4, mobaAddress, paths } from '../../../app/paths';
import { useSession } from '../../../app/session';
import { CardSkeletons, PageSkeleton } from '../../../components/PageSkeleton';
import { VacancyFacts } from '../../../components/VacancyFacts';
import { EstateTrust } from '../../../components/TrustFigures';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { apiErrorInfo } from '../../../lib/api';
import { useReaderScript } from '../../../lib/reader-script';
import { loadBrowseParts } from '../../mobas';
import { useMobaPageQuery } from './api';
import { ShareButton } from './ShareButton';
import { signedInSections } from './signed-in-sections';
import { VisitorApply } from './VisitorApply';
import { loadWorkerApply } from './WorkerApply';

const VacancyDetails = lazy(() => loadBrowseParts().then((m) => ({ default: m.VacancyDetails })));
const WorkerApply = lazy(loadWorkerApply);

/**
 * /moba/:id (and /sr-Cyrl/moba/:id, /en/moba/:id): one moba's page, for a visitor and every role.
 * What browse shows, the estate's trust, apply and share; the gateway serves the same address with
 * the facts already written in for link previews and readers without JavaScript.
 */
export default function MobaPage() {
  const { t, i18n } = useTranslation(['day-of-work', 'common']);
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const address = mobaAddress.exec(pathname);
  const addressed = address?.[1];
  const valid = !!address && isUuidV4(id);
  const { data, error, isLoading, refetch } = useMobaPageQuery(id, { skip: !valid });
  const shown = useReaderScript();
  const missing = !valid || (!!error && apiErrorInfo(error).status === 404);
  useDocumentTitle(data ? shown(data.title) : missing ? t('page.notFound.title') : null);

  // The script in the address is the one the page is read in (a link shared in Cyrillic stays so).
  useEffect(() => {
    if (addressed && i18n.language !== addressed) void i18n.changeLanguage(addressed);
  }, [addressed, i18n]);

  if (missing) return <MobaMissing />;
  if (isLoading) return <PageSkeleton />;
  if (error || !data)
    return (
      <section className="page">
        <div className="alert error" role="alert" data-testid="load-error">
          <p>{t('page.error')}</p>
          <button type="button" onClick={() => void refetch()}>
            {t('common:actions.retry')}
          </button>
        </div>
      </section>
    );
  return <MobaFacts vacancy={data} />;
}

function MobaMissing() {
  const { t } = useTranslation('day-of-work');
  const { role } = useSession();
  return (
    <section className="page narrow" data-testid="moba-missing">
      <h1>{t('page.notFound.title')}</h1>
      <p>{t('page.notFound.text')}</p>
      <Link to={role === 'Worker' ? paths.worker.mobas : paths.home} className="button primary">
        {t('page.notFound.browse')}
      </Link>
    </section>
  );
}

function MobaFacts({ vacancy }: { vacancy: MobaPageData }) {
  const { t, i18n } = useTranslation('day-of-work');
  const shown = useReaderScript();
  const { role } = useSession();
  const lng = i18n.language;
  const address = addressInLanguage(
    paths.moba(vacancy.id),
    lng === 'sr-Cyrl' || lng === 'en' ? lng : 'sr-Latn',
  )!;
  const url = typeof window === 'undefined' ? address : `${window.location.origin}${address}`;
  return (
    <article className="page moba-page" data-testid="moba-page">
      <h1>{shown(vacancy.title)}</h1>
      <p className={`moba-status ${vacancy.status.toLowerCase()}`} data-testid="moba-status">
        {t(`page.status.${vacancy.status}`)}
      </p>

      <section className="moba-estate" aria-label={t('page.estate')}>
        <p className="moba-estate-name" data-testid="moba-estate">
          {shown(vacancy.estateName)}
        </p>
        <EstateTrust verified={vacancy.estateVerified} promises={vacancy.estatePromises} />
        <p data-testid="moba-rating">
          {vacancy.estateRating
            ? `${t('page.rating', { average: vacancy.estateRating.average.toLocaleString(lng === 'en' ? 'en' : 'sr-Latn', { maximumFractionDigits: 1 }) })} · ${t('page.ratings', { count: vacancy.estateRating.count })}`
            : t('page.noRatings')}
        </p>
        <p data-testid="moba-late" title={t('page.lateHint')}>
          {vacancy.estateLateCancellations > 0
            ? t('page.late', { count: vacancy.estateLateCancellations })
            : t('page.noLate')}
        </p>
      </section>

      <Suspense fallback={<VacancyFacts vacancy={vacancy} />}>
        <VacancyDetails vacancy={vacancy} />
      </Suspense>

      <section className="moba-actions stack" aria-label={t('page.apply.title')}>
        <MobaApply vacancy={vacancy} role={role} returnTo={address} />
        <ShareButton url={url} title={shown(vacancy.title)} />
      </section>

      {role && signedInSections.map((Section, i) => <Section key={i} vacancy={vacancy} role={role} />)}
    </article>
  );
}

function MobaApply({
  vacancy,
  role,
  returnTo,
}: {
  vacancy: MobaPageData;
  role: Role | null;
  returnTo: string;
}) {
  const { t } = useTranslation('day-of-work');
  if (role === 'Worker')
    return (
      <Suspense fallback={<CardSkeletons count={1} />}>
        <WorkerApply vacancy={vacancy} closedText={t('page.apply.closed')} />
      </Suspense>
    );
  if (vacancy.status !== 'Open') return <p className="notice">{t('page.apply.closed')}</p>;
  if (!role) return <VisitorApply returnTo={returnTo} />;
  return <p className="muted">{t('page.apply.workersOnly')}</p>;
}
