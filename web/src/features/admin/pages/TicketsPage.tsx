import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { GuestApplication, PendingApplication } from '@moba/contracts';
import { paths } from '../../../app/paths';
import { Spinner } from '../../../components/Spinner';
import { formatDate } from '../../../lib/format';
import {
  useAcceptApplicationMutation,
  usePendingApplicationsQuery,
  usePendingGuestsQuery,
  useRejectApplicationMutation,
} from '../api';
import { AdminError } from '../components/AdminError';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { NoteEditor } from '../components/NoteEditor';
import { TabList } from '../components/TabList';
import '../admin.css';
import { useDocumentTitle } from '../../../components/useDocumentTitle';

type Tab = 'workers' | 'guests';
type Decision = { application: PendingApplication; kind: 'accept' | 'reject' };

function WorkerApplication({
  application,
  onDecide,
}: {
  application: PendingApplication;
  onDecide: (d: Decision) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const { worker, vacancy } = application;
  return (
    <li className="admin-card" data-testid="worker-application">
      <div className="admin-card-head">
        <h3>{worker?.fullName ?? t('tickets.workerUnknown')}</h3>
        <span className="pill">{t('tickets.positions', { count: application.positions })}</span>
      </div>
      <dl className="facts">
        <div>
          <dt>{t('fields.phone')}</dt>
          <dd>{worker ? <a href={`tel:${worker.phone}`}>{worker.phone}</a> : '—'}</dd>
        </div>
        <div>
          <dt>{t('fields.municipality')}</dt>
          <dd>{worker?.municipality ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('fields.groupLeader')}</dt>
          <dd>
            {worker?.groupLeader
              ? application.peopleCount > 0
                ? t('tickets.leaderOf', { count: application.peopleCount })
                : t('tickets.leaderAlone')
              : t('no')}
          </dd>
        </div>
        <div>
          <dt>{t('fields.submitted')}</dt>
          <dd>{formatDate(application.submittedAt, i18n.language)}</dd>
        </div>
      </dl>
      <details>
        <summary>
          {t('tickets.vacancyDetails')}: {vacancy?.title ?? '—'}
        </summary>
        {vacancy ? (
          <dl className="facts">
            <div>
              <dt>{t('fields.estate')}</dt>
              <dd>{vacancy.estateName}</dd>
            </div>
            <div>
              <dt>{t('fields.municipality')}</dt>
              <dd>{vacancy.municipality}</dd>
            </div>
            <div>
              <dt>{t('fields.dates')}</dt>
              <dd>
                {formatDate(vacancy.startDate, i18n.language)} – {formatDate(vacancy.endDate, i18n.language)}
              </dd>
            </div>
            <div>
              <dt>{t('fields.freePositions')}</dt>
              <dd>
                {vacancy.freePositions} / {vacancy.totalPositions}
              </dd>
            </div>
            <div>
              <dt>{t('fields.status')}</dt>
              <dd>{t(`status.${vacancy.status}`)}</dd>
            </div>
            <div>
              <dt>{t('fields.groupsAccepted')}</dt>
              <dd>{vacancy.groupLeadersAccepted ? t('yes') : t('no')}</dd>
            </div>
          </dl>
        ) : (
          <p className="muted">{t('tickets.vacancyUnknown')}</p>
        )}
      </details>
      <NoteEditor id={application.id} note={application.note} guest={false} />
      <div className="form-actions">
        <button type="button" className="danger" onClick={() => onDecide({ application, kind: 'reject' })}>
          {t('tickets.reject')}
        </button>
        <button type="button" className="primary" onClick={() => onDecide({ application, kind: 'accept' })}>
          {t('tickets.accept')}
        </button>
      </div>
    </li>
  );
}

function GuestItem({ guest }: { guest: GuestApplication }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <li className="admin-card" data-testid="guest-application">
      <div className="admin-card-head">
        <h3>
          {guest.firstName} {guest.lastName}
        </h3>
        <span className="pill">{t('tickets.guest')}</span>
      </div>
      <dl className="facts">
        <div>
          <dt>{t('fields.phone')}</dt>
          <dd>
            <a href={`tel:${guest.phone}`}>{guest.phone}</a>
          </dd>
        </div>
        <div>
          <dt>{t('fields.municipality')}</dt>
          <dd>{guest.municipality}</dd>
        </div>
        <div>
          <dt>{t('fields.submitted')}</dt>
          <dd>{formatDate(guest.createdAt, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('tickets.acceptedInto')}</dt>
          <dd>{t('tickets.vacancyCount', { count: guest.vacancyIds.length })}</dd>
        </div>
      </dl>
      <NoteEditor id={guest.id} note={guest.note} guest />
      <Link className="button primary block" to={paths.admin.applicationMobas(guest.id)}>
        {t('tickets.chooseVacancy')}
      </Link>
    </li>
  );
}

/** /admin/tickets: pending applications of registered workers and of guests (spec §2 Admin). */
export default function TicketsPage() {
  const { t } = useTranslation(['admin', 'common']);
  useDocumentTitle(t('tickets.title'));
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'guests' ? 'guests' : 'workers';
  const workers = usePendingApplicationsQuery(undefined, { refetchOnMountOrArgChange: true });
  const guests = usePendingGuestsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [decision, setDecision] = useState<Decision | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [accept, acceptState] = useAcceptApplicationMutation();
  const [reject, rejectState] = useRejectApplicationMutation();
  const lastError = acceptState.error ?? rejectState.error;

  const decide = async () => {
    if (!decision) return;
    const { application, kind } = decision;
    setDone(null);
    const result = kind === 'accept' ? await accept(application.id) : await reject(application.id);
    setDecision(null);
    if ('data' in result)
      setDone(
        t(kind === 'accept' ? 'tickets.accepted' : 'tickets.rejected', {
          name: application.worker?.fullName ?? '',
        }),
      );
  };

  return (
    <section className="page admin">
      <h1>{t('tickets.title')}</h1>
      <TabList<Tab>
        label={t('tickets.title')}
        selected={tab}
        onSelect={(id) => setParams(id === 'guests' ? { tab: 'guests' } : {}, { replace: true })}
        tabs={[
          {
            id: 'workers',
            label: `${t('tickets.workersTab')}${workers.data ? ` (${workers.data.length})` : ''}`,
          },
          {
            id: 'guests',
            label: `${t('tickets.guestsTab')}${guests.data ? ` (${guests.data.length})` : ''}`,
          },
        ]}
      />
      <div aria-live="polite">
        {done && (
          <p className="alert success" data-testid="decision-done">
            {done}
          </p>
        )}
      </div>
      {!decision && lastError && (
        <AdminError action={acceptState.error ? 'accept' : 'reject'} error={lastError} />
      )}

      {tab === 'workers' ? (
        <div role="tabpanel" id="panel-workers" aria-labelledby="tab-workers">
          {workers.isLoading ? (
            <Spinner />
          ) : workers.error ? (
            <AdminError action="load" error={workers.error} onRetry={() => void workers.refetch()} />
          ) : workers.data?.length ? (
            <ul className="plain admin-list">
              {workers.data.map((a) => (
                <WorkerApplication key={a.id} application={a} onDecide={setDecision} />
              ))}
            </ul>
          ) : (
            <p className="empty">{t('tickets.emptyWorkers')}</p>
          )}
        </div>
      ) : (
        <div role="tabpanel" id="panel-guests" aria-labelledby="tab-guests">
          {guests.isLoading ? (
            <Spinner />
          ) : guests.error ? (
            <AdminError action="load" error={guests.error} onRetry={() => void guests.refetch()} />
          ) : guests.data?.length ? (
            <ul className="plain admin-list">
              {guests.data.map((g) => (
                <GuestItem key={g.id} guest={g} />
              ))}
            </ul>
          ) : (
            <p className="empty">{t('tickets.emptyGuests')}</p>
          )}
        </div>
      )}

      {decision && (
        <ConfirmDialog
          title={t(decision.kind === 'accept' ? 'tickets.confirmAcceptTitle' : 'tickets.confirmRejectTitle')}
          confirmLabel={t(decision.kind === 'accept' ? 'tickets.accept' : 'tickets.reject')}
          danger={decision.kind === 'reject'}
          busy={acceptState.isLoading || rejectState.isLoading}
          onConfirm={() => void decide()}
          onClose={() => setDecision(null)}
        >
          <p>
            {t(decision.kind === 'accept' ? 'tickets.confirmAccept' : 'tickets.confirmReject', {
              name: decision.application.worker?.fullName ?? t('tickets.workerUnknown'),
              vacancy: decision.application.vacancy?.title ?? '—',
            })}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
