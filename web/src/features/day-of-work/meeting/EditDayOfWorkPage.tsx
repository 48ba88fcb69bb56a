import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { MobaDayOfWork } from '@moba/contracts';
import { paths, isUuidV4 } from '../../../app/paths';
import { UnknownRoute } from '../../../app/guards';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { QueryState } from '../../../components/States';
import { useFeatureErrorText } from '../../../lib/feature-error-text';
import { useReaderScript } from '../../../lib/reader-script';
import { showToast } from '../../../lib/toast';
import { useMobaDayOfWorkQuery, useSetDayOfWorkMutation } from './api';
import { checkMeetingDraft, daysToPick, draftOf, settingsOf, type MeetingDraftField } from './meeting-draft';
import MeetingFields from './MeetingFields';

/**
 * /estate/my-mobas/{vacancyId}/day-of-work: the estate sets or changes a moba's meeting details and
 * confirmation settings any time before it ends (reached from the card's "Meeting and confirmations").
 */
export default function EditDayOfWorkPage() {
  const { vacancyId } = useParams();
  if (!isUuidV4(vacancyId)) return <UnknownRoute />;
  return <EditDayOfWork vacancyId={vacancyId} />;
}

function EditDayOfWork({ vacancyId }: { vacancyId: string }) {
  const { t } = useTranslation('day-of-work');
  const errorText = useFeatureErrorText('day-of-work');
  const { data, isLoading, error, refetch } = useMobaDayOfWorkQuery(vacancyId, {
    refetchOnMountOrArgChange: true,
  });
  useDocumentTitle(t('meeting.edit.title'));
  return (
    <section className="page narrow">
      <p>
        <Link to={paths.estate.myMobas}>{t('meeting.edit.back')}</Link>
      </p>
      <h1>{t('meeting.edit.title')}</h1>
      <QueryState
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        errorKey="day-of-work:meeting.edit.loadError"
        describe={errorText}
        isEmpty={false}
        empty={null}
      >
        {data && <EditForm vacancyId={vacancyId} current={data} />}
      </QueryState>
    </section>
  );
}

function EditForm({ vacancyId, current }: { vacancyId: string; current: MobaDayOfWork }) {
  const { t } = useTranslation('day-of-work');
  const shown = useReaderScript();
  const errorText = useFeatureErrorText('day-of-work');
  const [draft, setDraft] = useState(() => draftOf(current));
  const [left, setLeft] = useState<Set<MeetingDraftField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [save, saving] = useSetDayOfWorkMutation();
  const problems = checkMeetingDraft(draft, current);
  const problemCount = Object.keys(problems).length;

  const onSubmit = async () => {
    setSubmitted(true);
    if (problemCount > 0) return;
    const saved = await save({ vacancyId, body: settingsOf(draft) });
    if ('data' in saved) showToast(t('meeting.edit.saved'), 'success');
  };

  return (
    <form
      className="form"
      noValidate
      aria-label={t('meeting.edit.title')}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      <p className="lead">{t('meeting.edit.lead', { title: shown(current.title) })}</p>
      <MeetingFields
        value={draft}
        onChange={setDraft}
        problems={problems}
        shown={(field) => submitted || left.has(field) || field.startsWith('day:')}
        onLeave={(field) => setLeft((before) => new Set(before).add(field))}
        days={daysToPick(current.startDate, current.endDate)}
      />
      {submitted && problemCount > 0 && (
        <p className="alert error" role="alert" data-testid="meeting-problems">
          {t('meeting.edit.fixProblems', { count: problemCount })}
        </p>
      )}
      {saving.error && (
        <p className="alert error" role="alert">
          {errorText(saving.error, 'day-of-work:meeting.edit.saveError')}
        </p>
      )}
      <button type="submit" className="primary block" disabled={saving.isLoading} data-testid="meeting-save">
        {t('meeting.edit.save')}
      </button>
    </form>
  );
}
