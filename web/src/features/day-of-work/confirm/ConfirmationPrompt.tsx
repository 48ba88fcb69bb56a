import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmationAnswerRequestFor, type ConfirmationView } from '@moba/contracts';
import { useFeatureErrorText } from '../../../lib/feature-error-text';
import { formatDate } from '../../../lib/format';
import { useAnswerConfirmationMutation } from './api';
import './confirm.css';

const timeOf = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'sr-Latn-RS', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Belgrade',
  }).format(new Date(iso));

/**
 * On the worker's My mobas card: the open confirmation of the next work days ("Dolazim" / "Ne mogu";
 * a crew's leader picks how many of the accepted come), or how it was answered. The heads are checked
 * with the service's own schema before the tap is sent.
 */
export function ConfirmationPrompt({ confirmation }: { confirmation: ConfirmationView }) {
  const { t, i18n } = useTranslation('day-of-work');
  const errorText = useFeatureErrorText('day-of-work');
  const [answer, { isLoading, error }] = useAnswerConfirmationMutation();
  const [heads, setHeads] = useState(confirmation.headsAccepted);
  const [answered, setAnswered] = useState<ConfirmationView | null>(null);
  const shown = answered ?? confirmation;
  const day = formatDate(shown.stretchStart, i18n.language);
  const days = shown.days.length;

  if (shown.state !== 'Asked') {
    return (
      <p
        className={`confirm-answered ${shown.state.toLowerCase()}`}
        data-testid="confirmation-answered"
        data-state={shown.state}
      >
        {shown.state === 'Confirmed'
          ? t('confirm.answered.Confirmed', { count: shown.headsConfirmed, day })
          : t(`confirm.answered.${shown.state}`, { day })}
      </p>
    );
  }

  const send = async (yes: boolean) => {
    const body = yes
      ? { answer: 'yes' as const, ...(confirmation.headsAccepted > 1 ? { heads } : {}) }
      : { answer: 'no' as const };
    if (!confirmationAnswerRequestFor(confirmation.headsAccepted).safeParse(body).success) return;
    const result = await answer({ applicationId: confirmation.applicationId, ...body });
    if ('data' in result && result.data) setAnswered(result.data);
  };
  const leader = confirmation.headsAccepted > 1;
  return (
    <div
      className="confirm-prompt"
      role="group"
      aria-labelledby={`confirm-${confirmation.id}`}
      data-testid="confirmation-prompt"
    >
      <p id={`confirm-${confirmation.id}`}>
        <strong>{t('confirm.question', { day, count: days })}</strong>{' '}
        <span className="muted">
          {t('confirm.deadline', { time: timeOf(confirmation.deadline, i18n.language) })}
        </span>
      </p>
      {leader && (
        <div className="confirm-stepper">
          <span id={`heads-${confirmation.id}`}>{t('confirm.heads', { count: heads })}</span>
          <button
            type="button"
            aria-label={t('confirm.fewer')}
            aria-describedby={`heads-${confirmation.id}`}
            disabled={heads <= 1 || isLoading}
            onClick={() => setHeads((n) => Math.max(1, n - 1))}
          >
            −
          </button>
          <output aria-live="polite" data-testid="confirm-heads">
            {heads}
          </output>
          <button
            type="button"
            aria-label={t('confirm.more')}
            aria-describedby={`heads-${confirmation.id}`}
            disabled={heads >= confirmation.headsAccepted || isLoading}
            onClick={() => setHeads((n) => Math.min(confirmation.headsAccepted, n + 1))}
          >
            +
          </button>
          <span className="muted">{t('confirm.ofAccepted', { count: confirmation.headsAccepted })}</span>
        </div>
      )}
      <div className="form-actions">
        <button
          type="button"
          className="primary"
          disabled={isLoading}
          onClick={() => void send(true)}
          data-testid="confirm-yes"
        >
          {t('confirm.yes')}
        </button>
        <button
          type="button"
          className="danger-soft"
          disabled={isLoading}
          onClick={() => void send(false)}
          data-testid="confirm-no"
        >
          {t('confirm.no')}
        </button>
      </div>
      {error ? (
        <p role="alert" className="error">
          {errorText(error, 'day-of-work:confirm.failed')}
        </p>
      ) : null}
    </div>
  );
}
