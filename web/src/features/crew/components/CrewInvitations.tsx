import { useTranslation } from 'react-i18next';
import type { CrewInvitation } from '@moba/contracts';
import { useFeatureErrorText } from '../../../lib/feature-error-text';
import { useReaderScript } from '../../../lib/reader-script';
import { useAnswerCrewInvitationMutation, useMyCrewInvitationsQuery } from '../invitations-api';

/**
 * A worker's unanswered invitations into leaders' crews (issue #33): a leader listed their phone, and
 * only by accepting does the worker join (the crew's attendance then counts for them). Nothing shows
 * while there are none.
 */
export function CrewInvitations() {
  const { t } = useTranslation('crew');
  const { data = [] } = useMyCrewInvitationsQuery(undefined, { refetchOnMountOrArgChange: true });
  if (data.length === 0) return null;
  return (
    <section className="card stack" aria-labelledby="crew-invitations-title" data-testid="crew-invitations">
      <h2 id="crew-invitations-title">{t('invitations.title')}</h2>
      <p className="muted">{t('invitations.intro')}</p>
      <ul className="plain stack">
        {data.map((invitation) => (
          <Invitation key={invitation.id} invitation={invitation} />
        ))}
      </ul>
    </section>
  );
}

function Invitation({ invitation }: { invitation: CrewInvitation }) {
  const { t } = useTranslation('crew');
  const shown = useReaderScript();
  const errorText = useFeatureErrorText('crew');
  const [answer, { isLoading, error }] = useAnswerCrewInvitationMutation();
  return (
    <li data-testid="crew-invitation">
      <p>
        {t('invitations.from', {
          leader: shown(invitation.leaderName),
          member: shown(invitation.memberName),
        })}
      </p>
      <div className="form-actions">
        <button
          type="button"
          className="primary"
          disabled={isLoading}
          onClick={() => void answer({ id: invitation.id, accept: true })}
        >
          {t('invitations.accept')}
        </button>
        <button
          type="button"
          disabled={isLoading}
          onClick={() => void answer({ id: invitation.id, accept: false })}
        >
          {t('invitations.decline')}
        </button>
      </div>
      {error && (
        <p className="alert error" role="alert">
          {errorText(error, 'crew:invitations.error')}
        </p>
      )}
    </li>
  );
}
