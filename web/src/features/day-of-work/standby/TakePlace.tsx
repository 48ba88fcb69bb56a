import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/Field';
import { useFeatureErrorText } from '../../../lib/feature-error-text';
import { showToast } from '../../../lib/toast';
import { useTakePlaceMutation } from './api';

/**
 * "Uzmi mesto" on a pending card while a freed place is offered: the first to take it is accepted;
 * the others read that no place is free any more.
 */
export function TakePlace({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation('day-of-work');
  const errorText = useFeatureErrorText('day-of-work');
  const [take, { isLoading, error, data }] = useTakePlaceMutation();
  if (data)
    return (
      <p className="alert success" role="status" data-testid="place-taken">
        {t('standby.taken')}
      </p>
    );
  return (
    <div className="stack" data-testid="standby-offer">
      <p>{t('standby.offerOpen')}</p>
      <button
        type="button"
        className="primary block"
        disabled={isLoading}
        onClick={() =>
          void take(applicationId).then((result) => {
            // The card turns into an accepted one as the list reloads: the toast stays to say so.
            if (!('error' in result)) showToast(t('standby.taken'), 'success');
          })
        }
        data-testid="take-place"
      >
        {t('standby.takePlace')}
      </button>
      <FormAlert>{errorText(error, 'day-of-work:standby.error')}</FormAlert>
    </div>
  );
}
