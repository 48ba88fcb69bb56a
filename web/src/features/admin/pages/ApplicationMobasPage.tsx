import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
type Chosen = { id: string; title: string };
import { isUuidV4, paths } from '../../../app/paths';
import { UnknownRoute } from '../../../app/guards';
import { Spinner } from '../../../components/Spinner';
import { formatDate } from '../../../lib/format';
import {
  useAcceptGuestMutation,
  useAdminVacanciesQuery,
  useGuestApplicationQuery,
  useGuestMatchesQuery,
} from '../api';
import { AdminError } from '../components/AdminError';
import { ConfirmDialog } from '../components/ConfirmDialog';
import '../admin.css';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { Icon } from '../../../components/Icon';
import { FilterText, PagedList, useListPage } from '../list-controls';

/**
 * /admin/{applicationId}/mobas (UUID v4): the admin picks an open vacancy with free places and
 * accepts the guest application into it. 'already applied' is recognised (spec §8).
 */
export default function ApplicationMobasPage() {
  const { applicationId } = useParams();
  if (!isUuidV4(applicationId)) return <UnknownRoute />;
  return <ChooseVacancy guestId={applicationId} />;
}

function ChooseVacancy({ guestId }: { guestId: string }) {
  const { t } = useTranslation(['admin', 'common']);
  useDocumentTitle(t('choose.title'));
  const guest = useGuestApplicationQuery(guestId);
  const [municipality, setMunicipality] = useState('');
  const { page, setPage, filter } = useListPage();
  const vacancies = useAdminVacanciesQuery({
    scope: 'open',
    filters: {
      onlyWithFreePositions: true,
      page,
      pageSize: 20,
      ...(municipality.trim() ? { municipality: municipality.trim() } : {}),
    },
  });
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const choosing = { chosen, onChoose: setChosen };
  const suggested = useGuestMatchesQuery(guestId, { refetchOnMountOrArgChange: true });
  const [confirming, setConfirming] = useState(false);
  const [accept, acceptState] = useAcceptGuestMutation();
  const [acceptedInto, setAcceptedInto] = useState<Chosen | null>(null);

  const onConfirm = async () => {
    if (!chosen) return;
    const result = await accept({ guestId, vacancyId: chosen.id });
    setConfirming(false);
    if ('data' in result) setAcceptedInto(chosen);
  };

  const name = guest.data ? `${guest.data.firstName} ${guest.data.lastName}` : '';

  return (
    <section className="page admin">
      <p>
        <Link to={`${paths.admin.tickets}?tab=guests`}>← {t('choose.back')}</Link>
      </p>
      <h1>{t('choose.title')}</h1>
      {guest.isLoading ? (
        <Spinner />
      ) : guest.error ? (
        <AdminError action="load" error={guest.error} onRetry={() => void guest.refetch()} />
      ) : guest.data ? (
        <div className="admin-card" data-testid="guest-summary">
          <h2 className="h3">{name}</h2>
          <p>
            <Icon name="phone" size={18} className="inline" />{' '}
            <a href={`tel:${guest.data.phone}`}>{guest.data.phone}</a> ·{' '}
            <Icon name="place" size={18} className="inline" /> {guest.data.municipality}
          </p>
          {guest.data.note && <p className="muted">{guest.data.note}</p>}
        </div>
      ) : null}

      <div aria-live="polite">
        {acceptedInto && (
          <div className="alert success" data-testid="guest-accepted">
            <p>{t('choose.accepted', { name, vacancy: acceptedInto.title })}</p>
            <Link to={`${paths.admin.tickets}?tab=guests`}>{t('choose.backToTickets')}</Link>
          </div>
        )}
      </div>
      {!confirming && <AdminError action="guestAccept" error={acceptState.error} />}

      {suggested.data && suggested.data.length > 0 && !acceptedInto && (
        <fieldset className="vacancy-choices" data-testid="guest-suggestions">
          <legend>{t('choose.suggested')}</legend>
          {suggested.data.slice(0, 5).map((v) => (
            <VacancyChoice key={v.id} vacancy={v} kind="suggested" {...choosing}>
              <span className="pill">{t(`matches.proximity.${v.proximity}`)}</span>
            </VacancyChoice>
          ))}
        </fieldset>
      )}

      <h2>{t('choose.openVacancies')}</h2>
      <FilterText
        id="choose-municipality"
        label={t('fields.municipality')}
        value={municipality}
        onChange={filter(setMunicipality)}
      />
      <PagedList query={vacancies} page={page} onPage={setPage} empty={t('choose.empty')}>
        {(items) => (
          <fieldset className="vacancy-choices">
            <legend>{t('choose.pick')}</legend>
            {items.map((v) => (
              <VacancyChoice key={v.id} vacancy={v} kind="open" {...choosing} />
            ))}
          </fieldset>
        )}
      </PagedList>
      <div className="sticky-action">
        <button
          type="button"
          className="primary block"
          disabled={!chosen || !!acceptedInto}
          onClick={() => setConfirming(true)}
        >
          {t('choose.acceptInto')}
        </button>
      </div>

      {confirming && chosen && (
        <ConfirmDialog
          title={t('choose.confirmTitle')}
          confirmLabel={t('tickets.accept')}
          busy={acceptState.isLoading}
          onConfirm={() => void onConfirm()}
          onClose={() => setConfirming(false)}
        >
          <p>{t('choose.confirm', { name, vacancy: chosen.title })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

type ChoosableVacancy = Chosen & {
  estateName: string;
  municipality: string;
  startDate: string;
  endDate: string;
  freePositions: number;
  totalPositions: number;
};

/** The radio group and test id of the suggested vacancies and of the open ones. */
const choiceGroups = {
  suggested: { name: 'suggested-vacancy', testId: 'suggested-choice' },
  open: { name: 'vacancy', testId: 'vacancy-choice' },
};

/** One vacancy the guest can be accepted into, as a radio choice; `children` say more of it. */
function VacancyChoice({
  vacancy: v,
  kind,
  chosen,
  onChoose,
  children,
}: {
  vacancy: ChoosableVacancy;
  kind: keyof typeof choiceGroups;
  chosen: Chosen | null;
  onChoose: (vacancy: Chosen) => void;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  return (
    <label
      className={`choice-row${chosen?.id === v.id ? ' chosen' : ''}`}
      data-testid={choiceGroups[kind].testId}
    >
      <input
        type="radio"
        name={choiceGroups[kind].name}
        value={v.id}
        checked={chosen?.id === v.id}
        onChange={() => onChoose(v)}
      />
      <span>
        <strong>{v.title}</strong>
        {children && <> {children}</>}
        <span className="block small">
          {v.estateName} · <Icon name="place" size={16} className="inline" /> {v.municipality} ·{' '}
          <Icon name="calendar" size={16} className="inline" /> {formatDate(v.startDate, i18n.language)} –{' '}
          {formatDate(v.endDate, i18n.language)} ·{' '}
          {t('fields.freeOf', { free: v.freePositions, total: v.totalPositions })}
        </span>
      </span>
    </label>
  );
}
