import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { VacancyPreview } from '@moba/contracts';
import { formatDate, formatRsd } from '../../../lib/format';
import { useReaderScript } from '../../../lib/reader-script';
import { paths } from '../../../app/paths';
import { Icon } from '../../../components/Icon';

type Item = VacancyPreview['items'][number];
type State = { status: 'loading' } | { status: 'ready'; preview: VacancyPreview } | { status: 'failed' };

/** The wage as a visitor reads it first: per day, per norm, or by agreement. */
function useWage() {
  const { t, i18n } = useTranslation('public');
  return (item: Item) =>
    item.paymentType === 'DailyWage' && item.dailyWage !== undefined
      ? t('preview.perDay', { amount: formatRsd(item.dailyWage, i18n.language) })
      : item.paymentType === 'Norm' && item.normPrice !== undefined
        ? t('preview.perNorm', { amount: formatRsd(item.normPrice, i18n.language), norm: item.norm ?? '' })
        : t('preview.byAgreement');
}

/**
 * A few real open mobas in the home page's hero, asked for after the page has shown (the page
 * itself is pre-rendered and carries no API code): a visitor sees what work there is today.
 */
export function OpenMobasPreview() {
  const { t, i18n } = useTranslation('public');
  const shown = useReaderScript();
  const wage = useWage();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/vacancies/preview', { signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<VacancyPreview>) : Promise.reject(new Error())))
      .then((preview) => setState({ status: 'ready', preview }))
      .catch(() => !controller.signal.aborted && setState({ status: 'failed' }));
    return () => controller.abort();
  }, []);

  if (state.status === 'failed' || (state.status === 'ready' && state.preview.items.length === 0))
    return null;
  return (
    <section className="preview" aria-labelledby="preview-title" aria-busy={state.status === 'loading'}>
      <h2 id="preview-title">{t('preview.title')}</h2>
      {state.status === 'loading' ? (
        <ul className="plain preview-list" aria-hidden="true">
          {[0, 1].map((n) => (
            <li key={n} className="preview-card skeleton-card">
              <span className="skeleton-line wide" />
              <span className="skeleton-line" />
            </li>
          ))}
        </ul>
      ) : (
        <>
          <ul className="plain preview-list" data-testid="open-mobas-preview">
            {state.preview.items.map((item) => (
              <li key={item.id} className="preview-card">
                <p className="preview-wage">{wage(item)}</p>
                <p className="preview-title">{shown(item.title)}</p>
                <p className="preview-facts">
                  <Icon name="place" /> {shown(item.municipality)} · <Icon name="calendar" />{' '}
                  <span className="nowrap">{formatDate(item.startDate, i18n.language)}</span> ·{' '}
                  {t('preview.free', { count: item.freePositions })}
                </p>
              </li>
            ))}
          </ul>
          <Link to={paths.login} className="button primary block">
            {t('preview.all', { count: state.preview.total })}
          </Link>
        </>
      )}
    </section>
  );
}
