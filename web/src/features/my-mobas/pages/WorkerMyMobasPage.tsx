import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { MyVacancy } from '@moba/contracts';
import { paths } from '../../../app/paths';
import { QueryState } from '../../../components/States';
import { VacancyFacts } from '../../../components/VacancyFacts';
import { VacancyPhaseChip } from '../components/VacancyPhaseChip';
import { CountTabs } from '../components/CountTabs';
import { useMyActiveVacanciesQuery, useMyFinishedVacanciesQuery } from '../api';
import '../../../components/mobas.css';
import { MeetingDetails } from '../../day-of-work';
import { useReaderScript } from '../../../lib/reader-script';
import { MyPlaceActions, MyReliability } from '../../day-of-work';
import { ConfirmationPrompt } from '../../day-of-work';
import { useDocumentTitle } from '../../../components/useDocumentTitle';

/** /worker/my-mobas: the mobas the worker applied to (active) and worked (finished, with rate-estate). */
export default function WorkerMyMobasPage() {
  const { t } = useTranslation('my-mobas');
  useDocumentTitle(t('worker.title'));
  const [tab, setTab] = useState<'active' | 'finished'>('active');
  const active = useMyActiveVacanciesQuery(undefined, { refetchOnMountOrArgChange: true });
  const finished = useMyFinishedVacanciesQuery(undefined, { refetchOnMountOrArgChange: true });
  const current = tab === 'active' ? active : finished;
  return (
    <section className="page">
      <h1>{t('worker.title')}</h1>
      <MyReliability />
      <CountTabs
        label={t('worker.title')}
        tabs={[
          { id: 'active', label: t('worker.tabs.active'), count: active.data?.length },
          { id: 'finished', label: t('worker.tabs.finished'), count: finished.data?.length },
        ]}
        selected={tab}
        onSelect={setTab}
      />
      <div role="tabpanel">
        <QueryState
          isLoading={current.isLoading}
          error={current.error}
          onRetry={() => void current.refetch()}
          errorKey="my-mobas:errors.load"
          isEmpty={!!current.data && current.data.length === 0}
          empty={
            <p>
              {t(tab === 'active' ? 'worker.emptyActive' : 'worker.emptyFinished')}{' '}
              <Link to={paths.worker.mobas}>{t('worker.browse')}</Link>
            </p>
          }
        >
          <ul className="plain cards">
            {current.data?.map((v) => (
              <li key={v.id}>
                <MyVacancyCard vacancy={v} finished={tab === 'finished'} />
              </li>
            ))}
          </ul>
        </QueryState>
      </div>
    </section>
  );
}

function MyVacancyCard({ vacancy, finished }: { vacancy: MyVacancy; finished: boolean }) {
  const { t } = useTranslation('my-mobas');
  const shown = useReaderScript();
  return (
    <article className="vacancy-card" data-testid="my-moba" aria-label={shown(vacancy.title)}>
      <h2>
        <Link to={paths.moba(vacancy.id)}>{shown(vacancy.title)}</Link>
      </h2>
      <p className="muted">{shown(vacancy.estateName)}</p>
      <p>
        <span className="status-chip" data-testid="application-status">
          {t(`applicationStatus.${vacancy.application.status}`)}
        </span>{' '}
        {vacancy.status !== 'Open' && <VacancyPhaseChip vacancy={vacancy} />}
      </p>
      <VacancyFacts vacancy={vacancy} compact />
      {/* The people this application brings are its places beyond the worker's own: after a
          partial crew acceptance, the accepted ones only (issue #31: one truth for head counts). */}
      {vacancy.application.positions > 1 && (
        <p data-testid="bringing">{t('worker.bringing', { count: vacancy.application.positions - 1 })}</p>
      )}
      {vacancy.application.crew && <CrewOutcome crew={vacancy.application.crew} />}
      <MyPlaceActions vacancy={vacancy} finished={finished} />
      {vacancy.confirmation && (
        <ConfirmationPrompt key={vacancy.confirmation.id} confirmation={vacancy.confirmation} />
      )}
      {!finished && vacancy.application.status === 'Accepted' && <MeetingDetails vacancyId={vacancy.id} />}
      {finished && (
        <Link className="button primary block" to={paths.worker.rateEstate(vacancy.id)}>
          {t('worker.rateEstate')}
        </Link>
      )}
    </article>
  );
}

/** A leader's crew on the application: who comes (accepted), who does not, or who waits for the decision. */
function CrewOutcome({ crew }: { crew: NonNullable<MyVacancy['application']['crew']> }) {
  const { t } = useTranslation('my-mobas');
  const shown = useReaderScript();
  const names = (accepted: boolean | null) =>
    crew
      .filter((m) => m.accepted === accepted)
      .map((m) => shown(m.name))
      .join(', ');
  const decided = crew.some((m) => m.accepted !== null);
  return (
    <p data-testid="crew-outcome">
      {decided ? (
        <>
          {t('worker.crewAccepted', { names: names(true) || '—' })}
          {crew.some((m) => m.accepted === false) && (
            <>
              <br />
              {t('worker.crewNotAccepted', { names: names(false) })}
            </>
          )}
        </>
      ) : (
        t('worker.crewPicked', { names: names(null) })
      )}
    </p>
  );
}
