import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorInfo, type ApiErrorInfo } from '../../lib/api';
import { useCreateFeaturingPaymentMutation, useFeatureVacancyMutation, goToCheckout } from './api';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the featuring checkout of a vacancy, or features a published one later. The payment service learns of a new vacancy from an
 * event, so a 404 right after creating it is retried a few times before it counts as an error.
 * Payment errors pass on the response text (spec §8).
 */
export function useFeaturingCheckout() {
  const { t, i18n } = useTranslation(['featuring', 'errors']);
  const [create] = useCreateFeaturingPaymentMutation();
  const [feature] = useFeatureVacancyMutation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** A refusal the product knows by its code reads in the reader's language; any other passes on its text (spec §8). */
  const describe = ({ code, message }: Pick<ApiErrorInfo, 'code' | 'message'>) => {
    if (code && i18n.exists(`errors:${code}`)) return t(`errors:${code}`);
    return message ? t('errorWithText', { text: message }) : t('urlNotAvailable');
  };

  const start = async (vacancyId: string): Promise<boolean> => {
    setBusy(true);
    setError(null);
    for (let attempt = 0; attempt < 6; attempt++) {
      const result = await create(vacancyId);
      if ('data' in result && typeof result.data === 'string' && result.data) {
        try {
          goToCheckout(result.data);
          return true;
        } catch {
          break;
        }
      }
      const info = apiErrorInfo(result.error);
      if (info.status === 404 && attempt < 5) {
        await pause(300 * (attempt + 1));
        continue;
      }
      setError(describe(info));
      setBusy(false);
      return false;
    }
    setError(t('urlNotAvailable'));
    setBusy(false);
    return false;
  };
  /**
   * Features a published moba: the promo's free featuring happens at once ('featured'); a paid one
   * goes on to the checkout ('checkout'); a refusal leaves its translated reason in `error`.
   */
  const featureLater = async (vacancyId: string): Promise<'featured' | 'checkout' | 'failed'> => {
    setBusy(true);
    setError(null);
    const result = await feature(vacancyId);
    if ('error' in result) {
      const { code } = apiErrorInfo(result.error);
      setError(code && i18n.exists(`errors:${code}`) ? t(`errors:${code}`) : t('featureError'));
      setBusy(false);
      return 'failed';
    }
    if (result.data.featured) {
      setBusy(false);
      return 'featured';
    }
    return (await start(vacancyId)) ? 'checkout' : 'failed';
  };
  return { start, featureLater, busy, error };
}
