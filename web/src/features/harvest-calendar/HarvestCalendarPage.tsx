import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { crops } from '@moba/contracts/reference/index';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { paths } from '../../app/paths';
import { useWorkNames } from '../../lib/reference';
import { useOpenByCrop } from './open-counts';

const months = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
/** The crops the reference data knows harvest months for, in the order of the list. */
const calendarCrops = crops.filter((c) => c.harvestMonths && c.harvestMonths.length > 0);
const scripts = [
  { lng: 'sr-Latn', path: paths.harvestCalendar, label: 'Latinica' },
  { lng: 'sr-Cyrl', path: paths.harvestCalendarIn('sr-Cyrl'), label: 'Ћирилица' },
  { lng: 'en', path: paths.harvestCalendarIn('en'), label: 'English' },
] as const;

/**
 * /harvest-calendar (public, pre-rendered in each script: /harvest-calendar/sr-Cyrl, /en): crops ×
 * months from the reference data's harvest months, and how many Open mobas each crop has now, each
 * leading to the browse filtered by that crop. Readable without JavaScript: the gateway writes
 * today's counts into the pre-rendered HTML, and the script links are plain links.
 */
export default function HarvestCalendarPage() {
  const { t, i18n } = useTranslation('harvest');
  const lng = i18n.language;
  const { cropName } = useWorkNames();
  const counts = useOpenByCrop();
  useDocumentTitle(t('title'));
  return (
    <article className="page harvest" data-testid="harvest-calendar">
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      {/* For a reader without JavaScript; with it, the header's language switch does this. */}
      <noscript>
        <nav className="harvest-scripts" aria-label={t('scripts')}>
          {scripts.map((s) =>
            s.lng === lng ? (
              <strong key={s.lng} aria-current="page" lang={s.lng}>
                {s.label}
              </strong>
            ) : (
              <a key={s.lng} href={s.path} lang={s.lng} hrefLang={s.lng}>
                {s.label}
              </a>
            ),
          )}
        </nav>
      </noscript>
      <div className="harvest-scroll">
        <table className="harvest-table">
          <caption className="sr-only">{t('caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('crop')}</th>
              {months.map((m) => (
                <th scope="col" key={m} className="month">
                  <abbr title={t(`month.${m}`)}>{t(`initial.${m}`)}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {calendarCrops.map((crop) => (
              <tr key={crop.id} data-testid="harvest-row">
                <th scope="row">
                  <span className="crop-name">{cropName(crop.id)}</span>
                  <Link
                    to={`${paths.worker.mobas}?crop=${encodeURIComponent(crop.id)}`}
                    className="crop-open"
                    data-testid={`open-${crop.id}`}
                  >
                    {t('openNow')}{' '}
                    <span data-open-count={crop.id} suppressHydrationWarning>
                      {counts ? (counts[crop.id] ?? 0) : '–'}
                    </span>
                  </Link>
                </th>
                {months.map((m) =>
                  crop.harvestMonths!.includes(m) ? (
                    <td key={m} className="month on">
                      <span className="sr-only">{t('harvestIn', { month: t(`month.${m}`) })}</span>
                    </td>
                  ) : (
                    <td key={m} className="month" />
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">{t('note')}</p>
    </article>
  );
}
