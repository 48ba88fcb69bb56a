import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationMember } from '@moba/contracts';
import { showToast } from '../../../lib/toast';
import { useFeatureErrorText } from '../../../lib/feature-error-text';
import { useAcceptPartOfCrewMutation } from '../api';
import { MemberChecklist } from './MemberChecklist';

/**
 * An admin accepts part of a crew: the leader always comes, plus the ticked members. The capacity
 * takes exactly those heads; the leader is told who was accepted and who was not.
 */
export function CrewDecision({ applicationId, crew }: { applicationId: string; crew: ApplicationMember[] }) {
  const { t } = useTranslation('crew');
  const errorText = useFeatureErrorText('crew');
  const [ticked, setTicked] = useState<string[]>(() => crew.map((m) => m.id));
  const [acceptPart, { isLoading, error }] = useAcceptPartOfCrewMutation();
  const onAccept = async () => {
    const result = await acceptPart({ applicationId, memberIds: ticked });
    if ('data' in result) showToast(t('decision.accepted', { count: ticked.length }), 'success');
  };
  return (
    <fieldset className="crew-decision" data-testid="crew-decision">
      <legend>{t('decision.legend')}</legend>
      <p className="hint">{t('decision.hint')}</p>
      <MemberChecklist members={crew} ticked={ticked} onChange={setTicked} />
      {error && (
        <p className="alert error" role="alert">
          {errorText(error, 'crew:decision.error')}
        </p>
      )}
      <button
        type="button"
        className="primary"
        disabled={isLoading}
        onClick={() => void onAccept()}
        data-testid="accept-part"
      >
        {t('decision.acceptPart', { count: ticked.length, total: crew.length })}
      </button>
    </fieldset>
  );
}
