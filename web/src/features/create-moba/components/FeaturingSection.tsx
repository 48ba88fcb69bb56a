import { useTranslation } from 'react-i18next';
import { FEATURED_PRICE_RSD } from '@moba/contracts';
import { formatRsd } from '../../../lib/format';
import type { Draft } from '../draft';
import type { SetDraftField } from './draft-section-props';

/** No featuring or the paid one (urgent is not offered yet), with the terms the paid one needs. */
export function FeaturingSection({
  draft,
  set,
  firstMoba,
  showTermsError,
}: {
  draft: Draft;
  set: SetDraftField;
  /** The estate has no moba yet, so the promo hint says the first featuring is free. */
  firstMoba: boolean;
  showTermsError: boolean;
}) {
  const { t } = useTranslation(['create-moba', 'mobas', 'common']);
  return (
    <fieldset data-testid="featuring">
      <legend>{t('sections.featuring')}</legend>
      <div className="choices">
        <label className="check">
          <input
            type="radio"
            name="featuring"
            checked={draft.featuring === 'none'}
            onChange={() => set('featuring', 'none')}
          />
          {t('featuring.none')}
        </label>
        <label className="check">
          <input
            type="radio"
            name="featuring"
            checked={draft.featuring === 'sponsored'}
            onChange={() => set('featuring', 'sponsored')}
          />
          <span>
            {t('featuring.sponsored')} — <strong className="price">{formatRsd(FEATURED_PRICE_RSD)}</strong>
          </span>
        </label>
        <p className="hint" data-testid="promo-hint">
          {firstMoba ? t('featuring.freeFirst') : t('featuring.promoRule')}
        </p>
        <label className="check">
          <input type="radio" name="featuring" disabled aria-describedby="urgent-soon" />
          <span>
            {t('featuring.urgent')}{' '}
            <span id="urgent-soon" className="status-chip">
              {t('featuring.comingSoon')}
            </span>
          </span>
        </label>
      </div>
      {draft.featuring === 'sponsored' && (
        <>
          <p className="hint">{t('featuring.checkoutHint')}</p>
          <label className="check">
            <input
              type="checkbox"
              checked={draft.acceptedTerms}
              aria-invalid={showTermsError ? true : undefined}
              aria-describedby={showTermsError ? 'terms-error' : undefined}
              onChange={(e) => set('acceptedTerms', e.target.checked)}
            />
            {t('featuring.terms')}
          </label>
          {showTermsError && (
            <p id="terms-error" className="error" role="alert">
              {t('featuring.termsRequired')}
            </p>
          )}
        </>
      )}
    </fieldset>
  );
}
