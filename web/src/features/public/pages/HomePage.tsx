import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FEATURED_PRICE_RSD, GROUP_SIZE_MAX, GROUP_SIZE_MIN } from '@moba/contracts/limits';
import { formatRsd } from '../../../lib/format';
import { paths } from '../../../app/paths';
import { useSession } from '../../../app/session';
import { QuickGuestForm } from '../../guest';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { Icon } from '../../../components/Icon';
import { FieldIllustration } from '../components/FieldIllustration';
import { OpenMobasPreview } from '../components/OpenMobasPreview';

const jobTypes = [
  { key: 'fruit', icon: 'fruit' },
  { key: 'vegetables', icon: 'vegetable' },
  { key: 'field', icon: 'wheat' },
  { key: 'packing', icon: 'box' },
] as const;

const faq = ['1', '2', '3', '4', '5', '6'] as const;

/** Spec §2: hero, guest quick registration, about (#aboutUs), media, FAQ, job types, supporters. */
export default function HomePage() {
  const { t, i18n } = useTranslation('public');
  useDocumentTitle(t('hero.title'));
  const { role } = useSession();
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <FieldIllustration />
        <p className="eyebrow">{t('hero.eyebrow')}</p>
        <h1 id="hero-title">{t('hero.title')}</h1>
        <p className="lead">{t('hero.lead')}</p>
        {!role && (
          <div className="actions">
            <Link to={paths.signupAs('worker')} className="button primary" data-testid="hero-find-work">
              {t('hero.findWork')}
            </Link>
            <Link to={paths.signupAs('estate')} className="button secondary" data-testid="hero-find-workers">
              {t('hero.findWorkers')}
            </Link>
          </div>
        )}
      </section>

      <OpenMobasPreview />

      {!role && (
        <section className="card" aria-labelledby="quick-title" id="guest">
          <h2 id="quick-title">{t('quick.title')}</h2>
          <p>{t('quick.lead')}</p>
          <QuickGuestForm />
          <p>
            <Link to={paths.guestRegistration}>{t('quick.forSomeoneElse')}</Link>
          </p>
        </section>
      )}

      <section id="aboutUs" aria-labelledby="about-title" className="section">
        <h2 id="about-title">{t('about.title')}</h2>
        <p>{t('about.p1')}</p>
        <details className="more">
          <summary>{t('about.more')}</summary>
          <p>{t('about.p2')}</p>
          <p>{t('about.p3')}</p>
          <div className="grid two">
            <div className="tile">
              <h3 className="with-icon">
                <Icon name="worker" /> {t('about.forWorkers')}
              </h3>
              <p>{t('about.forWorkersText')}</p>
            </div>
            <div className="tile">
              <h3 className="with-icon">
                <Icon name="tractor" /> {t('about.forEstates')}
              </h3>
              <p>{t('about.forEstatesText')}</p>
            </div>
          </div>
          <p className="muted small" data-testid="place-data-credit">
            {t('about.placeData')}
          </p>
        </details>
      </section>

      <section aria-labelledby="jobs-title" className="section">
        <h2 id="jobs-title">{t('jobs.title')}</h2>
        <p>{t('jobs.lead')}</p>
        <ul className="grid two plain">
          {jobTypes.map(({ key, icon }) => (
            <li key={key} className="tile">
              <h3 className="with-icon">
                <Icon name={icon} /> {t(`jobs.${key}`)}
              </h3>
              <p>{t(`jobs.${key}Text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="media-title" className="section">
        <h2 id="media-title">{t('media.title')}</h2>
        <p>{t('media.lead')}</p>
        <ul className="plain stack media-list">
          {(['1', '2', '3'] as const).map((n) => (
            <li key={n} className="tile">
              <h3>{t(`media.item${n}Title`)}</h3>
              <p>{t(`media.item${n}Text`)}</p>
            </li>
          ))}
        </ul>
        <Link to={paths.media}>{t('media.more')} →</Link>
      </section>

      <section aria-labelledby="faq-title" className="section">
        <h2 id="faq-title">{t('faq.title')}</h2>
        {faq.map((n) => (
          <details key={n} className="faq">
            <summary>{t(`faq.q${n}`)}</summary>
            <p>
              {t(`faq.a${n}`, {
                price: formatRsd(FEATURED_PRICE_RSD, i18n.language),
                min: GROUP_SIZE_MIN,
                max: GROUP_SIZE_MAX,
              })}
            </p>
          </details>
        ))}
      </section>

      <section aria-labelledby="supporters-title" className="section">
        <h2 id="supporters-title">{t('supporters.title')}</h2>
        <p>{t('supporters.lead')}</p>
        <ul>
          <li>{t('supporters.s1')}</li>
          <li>{t('supporters.s2')}</li>
          <li>{t('supporters.s3')}</li>
        </ul>
        <Link to={paths.crowdfunding} className="button secondary">
          {t('supporters.cta')}
        </Link>
      </section>
    </div>
  );
}
