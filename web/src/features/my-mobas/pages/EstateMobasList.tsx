import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { VacancyItem } from '@moba/contracts';
import { paths } from '../../../app/paths';
import { Dialog } from '../../../components/Dialog';
import { showToast } from '../../../lib/toast';
import { Icon } from '../../../components/Icon';
import { QueryState } from '../../../components/States';
import { VacancyFacts } from '../../../components/VacancyFacts';
import { ListingReviewNote } from '../../../components/ListingReviewNote';
import { useFeatureErrorText } from '../../../lib/feature-error-text';
import { placeName } from '../../../lib/reference';
import { VacancyPhaseChip } from '../components/VacancyPhaseChip';
import { CountTabs } from '../components/CountTabs';
import { ActionMenu, type CardAction } from '../components/ActionMenu';
import { localToday, vacancyPhase, type VacancyPhase } from '../../../lib/vacancy-phase';
import { useFeaturingCheckout, useFeaturingOfferQuery } from '../../featuring';
import { formatRsd } from '../../../lib/format';
import { useApprovedApplicantsQuery, useDeleteVacancyMutation, useEstateVacanciesQuery } from '../api';
import '../../../components/mobas.css';
import { useReaderScript } from '../../../lib/reader-script';
import { DialogActions } from '../../../components/DialogActions';
import { ApplicantStandby } from '../../day-of-work';
import { useDocumentTitle } from '../../../components/useDocumentTitle';

/** The estate's mobas: current and past with tabs (/estate/my-mobas) or only the past ones (/estate/past-mobas). */
export function EstateMobasList({ only }: { only?: 'past' }) {
  const { t } = useTranslation('my-mobas');
  useDocumentTitle(t(only ? 'estate.pastTitle' : 'estate.title'));
  const [tab, setTab] = useState<'active' | 'past'>(only ?? 'active');
  const { data, isLoading, error, refetch } = useEstateVacanciesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const { data: offer } = useFeaturingOfferQuery(undefined, { refetchOnMountOrArgChange: true });
  const [applicantsOf, setApplicantsOf] = useState<VacancyItem | null>(null);
  const [deleting, setDeleting] = useState<VacancyItem | null>(null);
  const list = data ? data[tab] : undefined;
  return (
    <section className="page">
      <h1>{t(only ? 'estate.pastTitle' : 'estate.title')}</h1>
      {!only && (
        <p className="actions">
          <Link className="button primary" to={paths.estate.createNewMoba} data-testid="create-moba-link">
            {t('estate.create')}
          </Link>
        </p>
      )}
      {!only && (
        <CountTabs
          label={t('estate.title')}
          tabs={(['active', 'past'] as const).map((id) => ({
            id,
            label: t(`estate.tabs.${id}`),
            count: data?.[id].length,
          }))}
          selected={tab}
          onSelect={setTab}
        />
      )}
      <QueryState
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        errorKey="my-mobas:errors.load"
        isEmpty={!!list && list.length === 0}
        empty={<p>{t(tab === 'active' ? 'estate.emptyActive' : 'estate.emptyPast')}</p>}
      >
        <ul className="plain cards">
          {list?.map((v) => (
            <li key={v.id}>
              <EstateVacancyCard
                vacancy={v}
                featuringPrice={offer ? (offer.freeVacancyId === v.id ? 'free' : offer.priceRsd) : null}
                onApplicants={() => setApplicantsOf(v)}
                onDelete={() => setDeleting(v)}
              />
            </li>
          ))}
        </ul>
      </QueryState>
      {applicantsOf && (
        <ApprovedApplicantsDialog vacancy={applicantsOf} onClose={() => setApplicantsOf(null)} />
      )}
      {deleting && <DeleteDialog vacancy={deleting} onClose={() => setDeleting(null)} />}
    </section>
  );
}

function EstateVacancyCard({
  vacancy,
  featuringPrice,
  onApplicants,
  onDelete,
}: {
  vacancy: VacancyItem;
  /** What featuring this moba costs ('free': the promo's), or null while unknown. */
  featuringPrice: 'free' | number | null;
  onApplicants: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation(['my-mobas', 'day-of-work']);
  const checkout = useFeaturingCheckout();
  const shown = useReaderScript();
  const past = vacancy.status === 'Finished';
  const canFeature =
    featuringPrice !== null &&
    !vacancy.featured &&
    (vacancy.status === 'Pending' || vacancy.status === 'Open');
  const onFeature = async () => {
    if ((await checkout.featureLater(vacancy.id)) === 'featured')
      showToast(t('estate.featuredFree'), 'success');
  };
  const started = vacancy.status !== 'Pending';
  const actions: CardAction[] = [
    { id: 'applicants', label: t('estate.applicants'), onClick: onApplicants },
    ...(started
      ? [
          {
            id: 'roster',
            label: t('estate.roster'),
            to: paths.estate.roster(vacancy.id),
            testId: 'roster-link',
          },
          {
            id: 'board',
            label: t('day-of-work:confirm.board.link'),
            to: paths.estate.dayBoard(vacancy.id),
            testId: 'day-board-link',
          },
        ]
      : []),
    ...(past
      ? []
      : [
          {
            id: 'meeting',
            label: t('day-of-work:meeting.link'),
            to: paths.estate.dayOfWork(vacancy.id),
            testId: 'day-of-work-link',
          },
        ]),
    ...(started && !past
      ? [
          {
            id: 'messages',
            label: t('day-of-work:broadcast.link'),
            to: paths.estate.messages(vacancy.id),
            testId: 'messages-link',
          },
        ]
      : []),
    ...(past
      ? [{ id: 'rate', label: t('estate.rateWorkers'), to: paths.estate.rateWorkers(vacancy.id) }]
      : []),
    ...(canFeature
      ? [
          {
            id: 'feature',
            label:
              featuringPrice === 'free'
                ? t('estate.featureFree')
                : t('estate.featureFor', { price: formatRsd(featuringPrice, i18n.language) }),
            onClick: () => void onFeature(),
            disabled: checkout.busy,
            testId: 'feature-moba',
          },
        ]
      : []),
    ...(past ? [] : [{ id: 'delete', label: t('estate.delete'), onClick: onDelete, danger: true }]),
  ];
  const primaryId = nextStep(vacancyPhase(vacancy, localToday()), canFeature);
  const primary = actions.find((a) => a.id === primaryId) ?? actions[0]!;
  const others = actions.filter((a) => a !== primary);
  return (
    <article
      className={`vacancy-card${vacancy.featured ? ' featured' : ''}`}
      data-testid="estate-moba"
      aria-label={shown(vacancy.title)}
    >
      {vacancy.featured && (
        <p className="featured-badge" data-testid="featured-badge">
          <Icon name="star" filled /> {t('featured')}
        </p>
      )}
      <h2>
        {['Open', 'Closed', 'Finished'].includes(vacancy.status) && !vacancy.review?.hidden ? (
          <Link to={paths.moba(vacancy.id)}>{shown(vacancy.title)}</Link>
        ) : (
          shown(vacancy.title)
        )}
      </h2>
      <p>
        <VacancyPhaseChip vacancy={vacancy} />
      </p>
      {vacancy.review && <ListingReviewNote review={vacancy.review} />}
      <VacancyFacts vacancy={vacancy} compact />
      <div className="card-actions">
        <PrimaryAction action={primary} />
        {others.length > 0 && <ActionMenu actions={others} label={t('estate.moreActions')} />}
      </div>
      {checkout.error && (
        <p className="error" role="alert">
          {checkout.error}
        </p>
      )}
    </article>
  );
}

/**
 * The one action a card shows as its button: the most likely next step where the moba stands —
 * rate the workers once it is over, the roster while its people come or work, paying for the
 * featuring it waits for, otherwise the approved workers.
 */
function nextStep(phase: VacancyPhase, canFeature: boolean): string {
  if (phase === 'Finished') return 'rate';
  if (phase === 'UnderWay' || phase === 'FullUpcoming' || phase === 'ClosedUpcoming') return 'roster';
  if (phase === 'Pending' && canFeature) return 'feature';
  return 'applicants';
}

/** The card's primary action, a link or a button as the action is. */
function PrimaryAction({ action }: { action: CardAction }) {
  return action.to ? (
    <Link className="button primary" to={action.to} data-testid={action.testId}>
      {action.label}
    </Link>
  ) : (
    <button
      type="button"
      className="primary"
      disabled={action.disabled}
      onClick={action.onClick}
      data-testid={action.testId}
    >
      {action.label}
    </button>
  );
}

function ApprovedApplicantsDialog({ vacancy, onClose }: { vacancy: VacancyItem; onClose: () => void }) {
  const shown = useReaderScript();
  const { t, i18n } = useTranslation(['my-mobas', 'common']);
  const { data, isLoading, error, refetch } = useApprovedApplicantsQuery(vacancy.id, {
    refetchOnMountOrArgChange: true,
  });
  return (
    <Dialog title={t('applicants.title', { title: vacancy.title })} onClose={onClose}>
      <div data-testid="approved-applicants">
        <QueryState
          isLoading={isLoading}
          error={error}
          onRetry={() => void refetch()}
          errorKey="my-mobas:applicants.error"
          isEmpty={!!data && data.length === 0}
          empty={<p>{t('applicants.empty')}</p>}
        >
          <ul className="plain applicants">
            {data?.map((a) => (
              <li key={a.applicationId} className="applicant" data-testid="applicant">
                <strong>{shown(a.fullName)}</strong>
                {a.guest && <span className="muted"> · {t('applicants.guest')}</span>}
                <br />
                <Icon name="phone" /> <a href={`tel:${a.phone}`}>{a.phone}</a>
                <br />
                <Icon name="people" />{' '}
                {a.groupSize > 0 ? t('applicants.groupSize', { count: a.groupSize }) : t('applicants.solo')}
                <br />
                <Icon name="place" />{' '}
                {a.municipality ? placeName(a.municipality, i18n.language) : t('applicants.noPlace')}
                <ApplicantStandby applicant={a} moba={vacancy} />
              </li>
            ))}
          </ul>
        </QueryState>
        <div className="form-actions">
          <button type="button" onClick={onClose}>
            {t('common:actions.close')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

function DeleteDialog({ vacancy, onClose }: { vacancy: VacancyItem; onClose: () => void }) {
  const { t } = useTranslation(['my-mobas', 'common']);
  const [remove, { isLoading, error }] = useDeleteVacancyMutation();
  const errorText = useFeatureErrorText('my-mobas');
  const onConfirm = async () => {
    const result = await remove(vacancy.id);
    if ('error' in result) return;
    showToast(t('delete.done'), 'success');
    onClose();
  };
  return (
    <Dialog title={t('delete.title')} onClose={onClose}>
      <p>{t('delete.text', { title: vacancy.title })}</p>
      {error && (
        <p className="alert error" role="alert">
          {errorText(error, 'my-mobas:delete.error')}
        </p>
      )}
      <DialogActions onCancel={onClose}>
        <button
          type="button"
          className="danger"
          disabled={isLoading}
          onClick={() => void onConfirm()}
          data-testid="confirm-delete"
        >
          {t('delete.confirm')}
        </button>
      </DialogActions>
    </Dialog>
  );
}
