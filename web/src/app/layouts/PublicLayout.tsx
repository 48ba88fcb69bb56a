import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Logo } from '../../components/Logo';
import { Spinner } from '../../components/Spinner';
import { readSessionJson, sessionKeys, writeSessionJson } from '../../lib/storage';
import { addressInLanguage, contactOf, landingOf, paths, roleRoot } from '../paths';
import { useSession } from '../session';
import { Icon } from '../../components/Icon';
import { PageBoundary } from '../PageBoundary';

/** The offer to estates that register now: a signed-in reader has registered already. */
function PromoStrip() {
  const { t } = useTranslation('common');
  const { role } = useSession();
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    if (readSessionJson<boolean>(sessionKeys.promoDismissed)) setVisible(false);
  }, []);
  if (!visible || role) return null;
  return (
    <aside className="promo" aria-label={t('promo.label')}>
      <p>
        <strong>{t('promo.title')}</strong> <span className="promo-text">{t('promo.text')}</span>
      </p>
      <button
        type="button"
        className="icon-button"
        aria-label={t('promo.dismiss')}
        onClick={() => {
          writeSessionJson(sessionKeys.promoDismissed, true);
          setVisible(false);
        }}
      >
        <Icon name="close" />
      </button>
    </aside>
  );
}

/** Public header (spec §2): Home, About us, Media, Crowdfunding, Log in, language switch.
 *  A signed-in reader gets "Back to platform" instead of "Log in". */
function PublicHeader() {
  const { t } = useTranslation('common');
  const { role } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const base = roleRoot(role);
  const home = base ? `${base}/home` : paths.home;
  return (
    <header className="site-header">
      <div className="bar">
        <Logo to={home} />
        <LanguageSwitch
          onChosen={(lng) => {
            const address = addressInLanguage(pathname, lng);
            if (address && address !== pathname) void navigate(address, { replace: true });
          }}
        />
      </div>
      <nav aria-label={t('nav.main')} className="bar public-nav">
        <NavLink to={home} end className="nav-home">
          {t('nav.home')}
        </NavLink>
        <Link to={`${home}#aboutUs`}>{t('nav.aboutUs')}</Link>
        <NavLink to={`${base}/media`}>{t('nav.media')}</NavLink>
        <NavLink to={`${base}/crowdfunding`}>{t('nav.crowdfunding')}</NavLink>
        {role ? (
          <Link to={landingOf(role)} className="button primary small" data-testid="back-to-platform">
            {t('nav.backToPlatform')}
          </Link>
        ) : (
          <Link to={paths.login} className="button primary small">
            {t('nav.login')}
          </Link>
        )}
      </nav>
    </header>
  );
}

function Footer() {
  const { t } = useTranslation('common');
  const { role } = useSession();
  const contact = contactOf(role);
  return (
    <footer className="site-footer">
      <p>{t('footer.tagline')}</p>
      <p className="footer-links">
        {contact && (
          <Link to={contact} data-testid="footer-contact">
            {t('nav.contact')}
          </Link>
        )}
        <Link to={`${roleRoot(role)}/privacy-policy`}>{t('nav.privacyPolicy')}</Link>
        <Link to={paths.harvestCalendar} data-testid="footer-harvest-calendar">
          {t('nav.harvestCalendar')}
        </Link>
        <a href="mailto:kontakt@moba.rs">kontakt@moba.rs</a>
      </p>
      <p className="muted">© 2025 Moba</p>
    </footer>
  );
}

/**
 * Keeps scroll and focus sensible: top of the page on navigation, the anchor when there is one, and
 * (after the first page) focus on the main content so a screen reader starts reading the new page.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (hash) {
      document.getElementById(hash.slice(1))?.scrollIntoView();
    } else {
      window.scrollTo(0, 0);
      if (!first.current) document.getElementById('main')?.focus({ preventScroll: true });
    }
    first.current = false;
  }, [pathname, hash]);
  return null;
}

export function PublicLayout() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  return (
    <>
      <a href="#main" className="skip-link">
        {t('nav.skipToContent')}
      </a>
      <PromoStrip />
      <PublicHeader />
      <main id="main" tabIndex={-1}>
        <PageBoundary at={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </PageBoundary>
      </main>
      <Footer />
      <ScrollManager />
    </>
  );
}
