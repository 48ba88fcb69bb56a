import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { BulkDecision, GuestApplication, PendingApplication } from '@moba/contracts';
import { paths } from '../../../app/paths';
import { ReliabilityFigures } from '../../day-of-work';
import { formatDate } from '../../../lib/format';
import {
  useAcceptApplicationMutation,
  usePendingApplicationsQuery,
  usePendingGuestsQuery,
  useQueueHealthQuery,
  useRejectApplicationMutation,
} from '../api';
import { BulkDecisionDialog } from '../queue/BulkDecisionDialog';
import { QueueFilters } from '../queue/QueueFilters';
import { QueueHealthPanel } from '../queue/QueueHealthPanel';
import { ShortcutHelp } from '../queue/ShortcutHelp';
import { draftFromParams, queueFilterOf } from '../queue/queue-filter';
import { useShortcuts } from '../queue/shortcuts';
import { AdminError } from '../components/AdminError';
import { DoneNotice, ListState, totalPagesOf } from '../list-controls';
import { Pager } from '../components/Pager';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { NoteEditor } from '../components/NoteEditor';
import { TabList } from '../components/TabList';
import { CrewDecision } from '../../crew';
import '../admin.css';
import { useDocumentTitle } from '../../../components/useDocumentTitle';

type Tab = 'workers' | 'guests';
type Decision = { application: PendingApplication; kind: 'accept' | 'reject' };

function WorkerApplication({
  application,
  onDecide,
  current,
  selected,
  onToggle,
  onFocusItem,
}: {
  application: PendingApplication;
  onDecide: (d: Decision) => void;
  current: boolean;
  selected: boolean;
  onToggle: () => void;
  onFocusItem: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const { worker, vacancy } = application;
  const name = worker?.fullName ?? t('tickets.workerUnknown');
  return (
    <li
      className={`admin-card${current ? ' current' : ''}${selected ? ' selected' : ''}`}
      data-testid="worker-application"
      data-current={current || undefined}
      onFocusCapture={onFocusItem}
    >
      <div className="admin-card-head">
        <label className="select-item">
          <input type="checkbox" checked={selected} onChange={onToggle} data-testid="select-application" />
          <span className="sr-only">{t('bulk.selectOne', { name })}</span>
        </label>
        <h3>{name}</h3>
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
            {/* The people it brings are its places beyond the leader's own (named or a number). */}
            {worker?.groupLeader
              ? application.positions > 1
                ? t('tickets.leaderOf', { count: application.positions - 1 })
                : t('tickets.leaderAlone')
              : t('no')}
          </dd>
        </div>
        <div>
          <dt>{t('fields.submitted')}</dt>
          <dd>{formatDate(application.submittedAt, i18n.language)}</dd>
        </div>
      </dl>
      <ReliabilityFigures reliability={application.reliability} />
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
      {application.crew && <CrewDecision applicationId={application.id} crew={application.crew} />}
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

const TICKETS_TEXTS = ['admin', 'common', 'crew', 'day-of-work'];
/** A page of the queue: enough for a morning's triage by keyboard, small enough for a slow line. */
const QUEUE_PAGE_SIZE = 50;

/** /admin/tickets: pending applications of registered workers and of guests (spec §2 Admin). */
export default function TicketsPage() {
  // Every text the cards use, loaded before the first paint: a namespace first needed by a card that
  // arrives with the data would suspend the shown page, hide it and take the keyboard focus with it.
  const { t } = useTranslation(TICKETS_TEXTS);
  useDocumentTitle(t('tickets.title'));
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'guests' ? 'guests' : 'workers';
  const applied = draftFromParams(params);
  const filter = queueFilterOf(applied) ?? {};
  const [workerPage, setWorkerPage] = useState(1);
  const [guestPage, setGuestPage] = useState(1);
  const workers = usePendingApplicationsQuery(
    { ...filter, page: workerPage, pageSize: QUEUE_PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  const health = useQueueHealthQuery(filter, { refetchOnMountOrArgChange: true, skip: tab !== 'workers' });
  const guests = usePendingGuestsQuery(
    { page: guestPage, pageSize: QUEUE_PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  const [decision, setDecision] = useState<(Decision & { byKey?: boolean }) | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [accept, acceptState] = useAcceptApplicationMutation();
  const [reject, rejectState] = useRejectApplicationMutation();
  const lastError = acceptState.error ?? rejectState.error;
  const list = useMemo(() => workers.data?.items ?? [], [workers.data]);
  const workerPages = totalPagesOf(workers.data);
  const guestPages = totalPagesOf(guests.data);
  // Decisions shrink the queue: a page left past the end shows the last one instead.
  useEffect(() => {
    if (workerPage > workerPages) setWorkerPage(workerPages);
    if (guestPage > guestPages) setGuestPage(guestPages);
  }, [workerPage, workerPages, guestPage, guestPages]);
  const [currentIndex, setCurrentIndex] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulk, setBulk] = useState<BulkDecision | null>(null);
  const [showKeys, setShowKeys] = useState(false);
  const [showFilters, setShowFilters] = useState(Object.keys(applied).length > 0);
  const busy = acceptState.isLoading || rejectState.isLoading;
  const current = list[Math.min(currentIndex, list.length - 1)];

  // Selection keeps only applications still in the list (decided ones leave it).
  useEffect(() => {
    setSelected((prev) => {
      const ids = new Set(list.map((a) => a.id));
      const next = new Set([...prev].filter((id) => ids.has(id)));
      return next.size === prev.size ? prev : next;
    });
  }, [list]);

  const decide = async () => {
    if (!decision || busy) return;
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

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const move = (step: number) => {
    if (list.length === 0) return;
    const index = Math.max(0, Math.min(list.length - 1, Math.min(currentIndex, list.length - 1) + step));
    setCurrentIndex(index);
    const cards = document.querySelectorAll<HTMLElement>('[data-testid="worker-application"]');
    cards[index]?.scrollIntoView({ block: 'nearest' });
  };

  const dialogOpen = decision !== null || bulk !== null || showKeys;
  useShortcuts(tab === 'workers' && !dialogOpen, (shortcut) => {
    if (shortcut === 'help') return setShowKeys(true);
    if (shortcut === 'next') return move(1);
    if (shortcut === 'previous') return move(-1);
    if (!current || busy) return;
    if (shortcut === 'accept') setDecision({ application: current, kind: 'accept', byKey: true });
    if (shortcut === 'reject') setDecision({ application: current, kind: 'reject', byKey: true });
    if (shortcut === 'select') toggle(current.id);
    if (shortcut === 'note')
      document.querySelector<HTMLElement>('[data-current="true"] .note button')?.click();
  });

  const nameOf = (id: string) => list.find((a) => a.id === id)?.worker?.fullName ?? id.slice(0, 8);
  const allSelected = list.length > 0 && selected.size === list.length;

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
            label: `${t('tickets.workersTab')}${workers.data ? ` (${workers.data.total})` : ''}`,
          },
          {
            id: 'guests',
            label: `${t('tickets.guestsTab')}${guests.data ? ` (${guests.data.total})` : ''}`,
          },
        ]}
      />
      <DoneNotice testId="decision-done">{done}</DoneNotice>
      {!decision && lastError && (
        <AdminError action={acceptState.error ? 'accept' : 'reject'} error={lastError} />
      )}

      {tab === 'workers' ? (
        <div role="tabpanel" id="panel-workers" aria-labelledby="tab-workers">
          <div className="queue-tools">
            <button
              type="button"
              className="secondary small"
              aria-expanded={showFilters}
              onClick={() => setShowFilters((v) => !v)}
            >
              {t('queue.filters')}
              {Object.keys(applied).length > 0 && ` (${Object.keys(applied).length})`}
            </button>
            <button type="button" className="secondary small" onClick={() => setShowKeys(true)}>
              {t('keys.open')} <kbd>?</kbd>
            </button>
          </div>
          {showFilters && (
            <QueueFilters
              applied={applied}
              onApply={(draft) => {
                const next = new URLSearchParams();
                for (const [key, value] of Object.entries(draft)) if (value) next.set(key, value);
                setParams(next, { replace: true });
                setCurrentIndex(0);
                setWorkerPage(1);
              }}
            />
          )}
          {health.data && <QueueHealthPanel health={health.data} />}
          <ListState
            query={workers}
            empty={t(Object.keys(applied).length ? 'queue.emptyFiltered' : 'tickets.emptyWorkers')}
          >
            {() => (
              <>
                <div className="bulk-bar" data-testid="bulk-bar">
                  <label className="select-all">
                    <input
                      type="checkbox"
                      checked={allSelected}
                      onChange={() => setSelected(allSelected ? new Set() : new Set(list.map((a) => a.id)))}
                      data-testid="select-all"
                    />{' '}
                    {t('bulk.selectAll', { count: list.length })}
                  </label>
                  <span data-testid="selected-count">{t('bulk.selected', { count: selected.size })}</span>
                  <button
                    type="button"
                    className="danger small"
                    disabled={selected.size === 0}
                    onClick={() => setBulk('reject')}
                  >
                    {t('bulk.reject', { count: selected.size })}
                  </button>
                  <button
                    type="button"
                    className="primary small"
                    disabled={selected.size === 0}
                    onClick={() => setBulk('accept')}
                  >
                    {t('bulk.accept', { count: selected.size })}
                  </button>
                </div>
                <ul className="plain admin-list">
                  {list.map((a, index) => (
                    <WorkerApplication
                      key={a.id}
                      application={a}
                      onDecide={setDecision}
                      current={a.id === current?.id}
                      selected={selected.has(a.id)}
                      onToggle={() => toggle(a.id)}
                      onFocusItem={() => setCurrentIndex(index)}
                    />
                  ))}
                </ul>
                <Pager
                  page={workerPage}
                  totalPages={workerPages}
                  onPage={(page) => {
                    setWorkerPage(page);
                    setCurrentIndex(0);
                  }}
                />
              </>
            )}
          </ListState>
        </div>
      ) : (
        <div role="tabpanel" id="panel-guests" aria-labelledby="tab-guests">
          <ListState query={guests} empty={t('tickets.emptyGuests')}>
            {(items) => (
              <>
                <ul className="plain admin-list">
                  {items.map((g) => (
                    <GuestItem key={g.id} guest={g} />
                  ))}
                </ul>
                <Pager page={guestPage} totalPages={guestPages} onPage={setGuestPage} />
              </>
            )}
          </ListState>
        </div>
      )}

      {bulk && (
        <BulkDecisionDialog
          decision={bulk}
          applicationIds={[...selected]}
          nameOf={nameOf}
          onClose={(result) => {
            setBulk(null);
            if (result) {
              setSelected(new Set());
              void workers.refetch();
              void health.refetch();
            }
          }}
        />
      )}
      {showKeys && <ShortcutHelp onClose={() => setShowKeys(false)} />}
      {decision && (
        <ConfirmDialog
          focusConfirm={decision.byKey === true}
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
