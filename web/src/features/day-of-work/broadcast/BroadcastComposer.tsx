import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BROADCAST_BRING_MAX,
  BROADCAST_TEXT_MAX,
  BROADCASTS_PER_DAY,
  applicationErrorCodes,
  broadcastRequestSchema,
  broadcastTemplates,
  moveWorkDay,
  type BroadcastRequest,
  type BroadcastTemplate,
} from '@moba/contracts';
import { Dialog } from '../../../components/Dialog';
import { RadioGroup } from '../../../components/RadioGroup';
import { useIssueText } from '../../../components/Field';
import { apiErrorInfo } from '../../../lib/api';
import { useFeatureErrorText } from '../../../lib/feature-error-text';
import { formatDate } from '../../../lib/format';
import { useReaderScript } from '../../../lib/reader-script';
import { issuesByField } from '../../../lib/validation';
import { broadcastText } from './broadcast-text';
import { useSendBroadcastMutation } from './api';
import { daysToName } from './work-days';

export interface ComposerMoba {
  id: string;
  title: string;
  estateName: string;
  /** The work days as the server keeps them (see currentWorkDays). */
  workDays: string[];
  /** Today in Belgrade, YYYY-MM-DD. */
  today: string;
}

interface Draft {
  template: BroadcastTemplate;
  time: string;
  bring: string;
  text: string;
  scope: 'all' | 'day';
  day: string;
}

const empty: Draft = { template: 'start-moved', time: '', bring: '', text: '', scope: 'all', day: '' };

/** The request body of a draft: the fields its template takes, the day when one is chosen. */
export function bodyOf(draft: Draft): Omit<BroadcastRequest, 'broadcastId'> {
  const oneDay = draft.template === 'no-work' || draft.scope === 'day';
  return {
    template: draft.template,
    day: oneDay && draft.day ? draft.day : null,
    ...(draft.template === 'start-moved' ? { value: draft.time } : {}),
    ...(draft.template === 'bring' ? { value: draft.bring } : {}),
    ...(draft.template === 'free' ? { text: draft.text } : {}),
  };
}

const LIMIT_CODE = applicationErrorCodes.BROADCAST_DAILY_LIMIT;

/**
 * The estate writes a message to everyone accepted on its moba (or those of one day): a template
 * with its value, or free text checked live with the server's own schema; a preview of what the
 * worker reads; a confirmation before it goes. One idempotency key per message: a retry after a lost
 * answer sends nothing twice.
 */
export function BroadcastComposer({ moba, onSent }: { moba: ComposerMoba; onSent?: (id: string) => void }) {
  const { t, i18n } = useTranslation('day-of-work');
  const shown = useReaderScript();
  const issueText = useIssueText('day-of-work');
  const errorText = useFeatureErrorText('day-of-work');
  const [send, { isLoading, error, reset }] = useSendBroadcastMutation();
  const [draft, setDraft] = useState<Draft>(empty);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [confirming, setConfirming] = useState(false);
  const [sentCount, setSentCount] = useState<number | null>(null);
  const ids = { value: useId(), text: useId(), day: useId() };

  const body = bodyOf(draft);
  const fingerprint = JSON.stringify(body);
  // A new key whenever the message changes; the same one for each retry of one message.
  const broadcastId = useMemo(() => ({ fingerprint, id: crypto.randomUUID() }), [fingerprint]).id;
  const parsed = broadcastRequestSchema.safeParse(body);
  const problems = parsed.success ? {} : issuesByField(parsed.error.issues, body);
  const server = error ? apiErrorInfo(error) : null;
  const problemOf = (field: 'value' | 'text' | 'day') =>
    touched[field] ? (problems[field] ?? server?.fields[field]) : server?.fields[field];

  const noWork = draft.template === 'no-work';
  const days = daysToName(moba.workDays, moba.today, noWork);
  const change = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setSentCount(null);
    if (error) reset();
  };
  const touch = (field: string) => setTouched((seen) => ({ ...seen, [field]: true }));

  const movedTo =
    noWork && body.day && moba.workDays.includes(body.day)
      ? moveWorkDay(moba.workDays, body.day).to
      : undefined;
  const preview = parsed.success
    ? broadcastText(
        t,
        i18n.language,
        { ...parsed.data, movedTo, vacancyTitle: moba.title, estateName: moba.estateName },
        shown,
      )
    : null;

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched({ value: true, text: true, day: true });
    if (parsed.success) setConfirming(true);
  };
  const onConfirm = async () => {
    setConfirming(false);
    try {
      const sent = await send({ vacancyId: moba.id, body: { ...body, broadcastId } }).unwrap();
      setDraft(empty);
      setTouched({});
      setSentCount(sent.recipients);
      onSent?.(sent.id);
    } catch {
      /* shown below the form */
    }
  };

  const limitHit = server?.code === LIMIT_CODE;
  const failure = limitHit
    ? t('broadcast.composer.limit', { limit: BROADCASTS_PER_DAY })
    : server && Object.keys(server.fields).length === 0
      ? errorText(error, 'day-of-work:broadcast.composer.sendError')
      : null;
  // A money request reads as this message's rule (the shared text speaks of a listing).
  const problemText = (field: 'value' | 'text' | 'day') => {
    const token = problemOf(field);
    return token?.startsWith('money_request')
      ? t('broadcast.composer.moneyRequest')
      : issueText(token, field);
  };

  return (
    <form
      className="card form broadcast-composer"
      onSubmit={onSubmit}
      noValidate
      data-testid="broadcast-composer"
    >
      <h2>{t('broadcast.composer.heading')}</h2>
      <fieldset>
        <legend>{t('broadcast.composer.template')}</legend>
        <div className="choices">
          {broadcastTemplates.map((template) => (
            <label key={template} className="check">
              <input
                type="radio"
                name="template"
                value={template}
                checked={draft.template === template}
                onChange={() => change({ template })}
              />
              {t(`broadcast.composer.templates.${template}`)}
            </label>
          ))}
        </div>
      </fieldset>

      {draft.template === 'start-moved' && (
        <Row id={ids.value} label={t('broadcast.composer.time')} problem={problemText('value')}>
          {(describedBy) => (
            <input
              id={ids.value}
              type="time"
              name="value"
              value={draft.time}
              onChange={(e) => change({ time: e.target.value })}
              onBlur={() => touch('value')}
              aria-invalid={problemText('value') ? true : undefined}
              aria-describedby={describedBy}
              data-testid="broadcast-time"
            />
          )}
        </Row>
      )}
      {draft.template === 'bring' && (
        <Row
          id={ids.value}
          label={t('broadcast.composer.bring')}
          hint={t('broadcast.composer.bringHint', { count: BROADCAST_BRING_MAX })}
          problem={problemText('value')}
        >
          {(describedBy) => (
            <input
              id={ids.value}
              name="value"
              maxLength={BROADCAST_BRING_MAX}
              value={draft.bring}
              onChange={(e) => change({ bring: e.target.value })}
              onBlur={() => touch('value')}
              aria-invalid={problemText('value') ? true : undefined}
              aria-describedby={describedBy}
              data-testid="broadcast-bring"
            />
          )}
        </Row>
      )}
      {draft.template === 'free' && (
        <Row
          id={ids.text}
          label={t('broadcast.composer.text')}
          hint={`${t('broadcast.composer.textHint', { count: BROADCAST_TEXT_MAX })} ${t(
            'broadcast.composer.left',
            {
              count: Math.max(0, BROADCAST_TEXT_MAX - draft.text.length),
            },
          )}`}
          problem={problemText('text')}
        >
          {(describedBy) => (
            <textarea
              id={ids.text}
              name="text"
              rows={4}
              maxLength={BROADCAST_TEXT_MAX}
              value={draft.text}
              onChange={(e) => {
                change({ text: e.target.value });
                touch('text');
              }}
              aria-invalid={problemText('text') ? true : undefined}
              aria-describedby={describedBy}
              data-testid="broadcast-text"
            />
          )}
        </Row>
      )}

      {!noWork && (
        <RadioGroup
          legend={t('broadcast.composer.scope')}
          name="scope"
          options={[
            { value: 'all', label: t('broadcast.composer.allDays') },
            { value: 'day', label: t('broadcast.composer.oneDay') },
          ]}
          value={draft.scope}
          onChange={(scope) => change({ scope })}
        />
      )}
      {(noWork || draft.scope === 'day') && (
        <Row
          id={ids.day}
          label={t('broadcast.composer.day')}
          hint={noWork ? t('broadcast.composer.noWorkHint') : undefined}
          problem={problemText('day')}
        >
          {(describedBy) =>
            days.length === 0 ? (
              <p className="muted">{t('broadcast.composer.noDays')}</p>
            ) : (
              <select
                id={ids.day}
                name="day"
                value={draft.day}
                onChange={(e) => {
                  change({ day: e.target.value });
                  touch('day');
                }}
                onBlur={() => touch('day')}
                aria-invalid={problemText('day') ? true : undefined}
                aria-describedby={describedBy}
                data-testid="broadcast-day"
              >
                <option value="">—</option>
                {days.map((day) => (
                  <option key={day} value={day}>
                    {formatDate(day, i18n.language)}
                  </option>
                ))}
              </select>
            )
          }
        </Row>
      )}

      <div className="broadcast-preview" aria-live="polite">
        <h3>{t('broadcast.composer.preview')}</h3>
        {preview ? (
          <blockquote data-testid="broadcast-preview">{preview}</blockquote>
        ) : (
          <p className="muted">{t('broadcast.composer.previewEmpty')}</p>
        )}
      </div>

      {failure && (
        <p className="alert error" role="alert" data-testid="broadcast-error">
          {failure}
        </p>
      )}
      {sentCount !== null && (
        <p className="alert success" role="status" data-testid="broadcast-sent">
          {t('broadcast.composer.sent', { count: sentCount })}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={isLoading} data-testid="broadcast-send">
          {t('broadcast.composer.send')}
        </button>
      </div>

      {confirming && (
        <Dialog title={t('broadcast.composer.confirmTitle')} onClose={() => setConfirming(false)}>
          <p>
            {body.day
              ? t('broadcast.composer.confirmDay', { day: formatDate(body.day, i18n.language) })
              : t('broadcast.composer.confirmAll')}
          </p>
          {preview && <blockquote>{preview}</blockquote>}
          <div className="form-actions">
            <button type="button" onClick={() => setConfirming(false)}>
              {t('broadcast.composer.cancel')}
            </button>
            <button
              type="button"
              className="primary"
              onClick={() => void onConfirm()}
              data-testid="broadcast-confirm"
            >
              {t('broadcast.composer.confirmSend')}
            </button>
          </div>
        </Dialog>
      )}
    </form>
  );
}

/** A labelled control with its hint and error tied to it (aria-describedby), as the shared Field has it. */
function Row({
  id,
  label,
  hint,
  problem,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  problem?: string;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : '', problem ? `${id}-error` : ''].join(' ').trim() || undefined;
  return (
    <div className={`field${problem ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {children(describedBy)}
      {problem && (
        <p id={`${id}-error`} className="error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
