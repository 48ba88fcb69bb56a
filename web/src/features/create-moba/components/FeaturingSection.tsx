import { useTranslation } from 'react-i18next';
import type { FeaturingOffer } from '@moba/contracts';
import { formatRsd } from '../../../lib/format';
import type { DraftForm } from './draft-section-props';

/**
 * Featuring the new moba. While the promo's free featuring waits for the estate's first moba it is
 * one plain checkbox, on by default: no price, no terms, no checkout. Otherwise: none or the paid
 * featuring, with the terms the paid one needs.
 */
export function FeaturingSection({
  form,
  offer,
  showTermsError,
}: {
  form: DraftForm;
  offer: FeaturingOffer | undefined;
  showTermsError: boolean;
}) {
  const { t, i18n } = useTranslation(['create-moba', 'mobas', 'common']);
  const featuring = form.watch('featuring');
  if (offer?.freeForNew)
    return (
      <fieldset data-testid="featuring">
        <legend>{t('sections.featuring')}</legend>
        <label className="check">
          <input
            type="checkbox"
            checked={featuring === 'sponsored'}
            onChange={(e) => form.setValue('featuring', e.target.checked ? 'sponsored' : 'none')}
          />
          <span>{t('featuring.free')}</span>
        </label>
        <p className="hint" data-testid="promo-hint">
          {t('featuring.freeFirst')}
        </p>
      </fieldset>
    );
  return (
    <fieldset data-testid="featuring">
      <legend>{t('sections.featuring')}</legend>
      <div className="choices">
        <label className="check">
          <input type="radio" value="none" {...form.register('featuring')} />
          {t('featuring.none')}
        </label>
        <label className="check">
          <input type="radio" value="sponsored" {...form.register('featuring')} />
          <span>
            {t('featuring.sponsored')}
            {offer && (
              <>
                {' '}
                — <strong className="price">{formatRsd(offer.priceRsd, i18n.language)}</strong>
              </>
            )}
          </span>
        </label>
      </div>
      {featuring === 'sponsored' && (
        <>
          <p className="hint">{t('featuring.checkoutHint')}</p>
          <label className="check">
            <input
              type="checkbox"
              aria-invalid={showTermsError ? true : undefined}
              aria-describedby={showTermsError ? 'terms-error' : undefined}
              {...form.register('acceptedTerms')}
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
