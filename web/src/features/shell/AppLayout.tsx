import { Suspense, useCallback, useState } from 'react';
import { Provider } from 'react-redux';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Role } from '@moba/contracts';
import { Dialog } from '../../components/Dialog';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Logo } from '../../components/Logo';
import { PageSkeleton } from '../../components/PageSkeleton';
import { ToastHost } from '../../components/ToastHost';
import { contactOf, landingOf, paths, roleRoot } from '../../app/paths';
import { ScrollManager } from '../../app/layouts/PublicLayout';
import { PageBoundary } from '../../app/PageBoundary';
import { useSession } from '../../app/session';
import { getUserId } from '../../lib/storage';
import { OfflineNotice } from './OfflineNotice';
import { store } from '../../lib/store';
import { NotificationBell } from '../notifications';
import { GuidanceModal } from './GuidanceModal';
import { useLogoutMutation, useSetLanguageMutation } from '../auth';
import { atMost, forgetSession } from '../../lib/forget-session';
import { apiLanguage } from '../../lib/i18n';
import { useReaderScript } from '../../lib/reader-script';
import { Icon } from '../../components/Icon';

interface MenuItem {
  to: string;
  label: string;
}

/** Spec §2 Layout: Worker, Estate and Admin menus. */
function menuOf(role: Role): MenuItem[] {
  if (role === 'Worker') {
    return [
      { to: paths.worker.home, label: 'home' },
      { to: paths.worker.mobas, label: 'activeMobas' },
      { to: paths.worker.profile, label: 'profile' },
      { to: paths.worker.ratings, label: 'ratings' },
      { to: paths.worker.myMobas, label: 'myMobas' },
      { to: paths.worker.jobAlerts, label: 'jobAlerts' },
      { to: paths.worker.harvestCalendar, label: 'harvestCalendar' },
      { to: paths.worker.updatePassword, label: 'changePassword' },
    ];
  }
  if (role === 'Estate') {
    return [
      { to: paths.estate.home, label: 'home' },
      { to: paths.estate.myMobas, label: 'myMobas' },
      { to: paths.estate.profile, label: 'profile' },
      { to: paths.estate.ratings, label: 'ratings' },
      { to: paths.estate.updatePassword, label: 'changePassword' },
    ];
  }
  return [
    { to: paths.admin.tickets, label: 'tickets' },
    { to: paths.admin.users, label: 'users' },
    { to: paths.admin.stats, label: 'statistics' },
    { to: paths.admin.mobas, label: 'mobas' },
    { to: paths.admin.review, label: 'review' },
    { to: paths.admin.audit, label: 'audit' },
  ];
}

/** Below every signed-in page: the role's contact form and the privacy policy (workers and estates). */
function AppFooter({ role }: { role: Role }) {
  const { t } = useTranslation('common');
  const contact = contactOf(role);
  if (!contact) return null;
  return (
    <footer className="app-footer">
      <Link to={contact} data-testid="footer-contact">
        {t('nav.contact')}
      </Link>
      <Link to={`${roleRoot(role)}/privacy-policy`}>{t('nav.privacyPolicy')}</Link>
    </footer>
  );
}

/**
 * Logout: asks first, then ends the session on the server (its token is refused from now on, waiting
 * at most a few seconds on a slow network), removes the token, clears the cache and goes to /login.
 */
export function useLogout() {
  const navigate = useNavigate();
  const [endSession] = useLogoutMutation();
  return useCallback(async () => {
    await atMost(endSession().unwrap(), 3000);
    navigate(paths.login, { replace: true });
    forgetSession();
  }, [navigate, endSession]);
}

function Shell() {
  const { t } = useTranslation(['shell', 'common']);
  const session = useSession();
  const location = useLocation();
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  const [askLogout, setAskLogout] = useState(false);
  const [setLanguage] = useSetLanguageMutation();
  const closeLogout = useCallback(() => setAskLogout(false), []);
  const role = session.role!;
  const fullName = useReaderScript()(session.fullName ?? '?');
  const userId = session.userId ?? getUserId() ?? '';
  const initials = fullName
    .split(/\s+/)
    .map((p) => p[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

  return (
    <div className="app">
      <a href="#main" className="skip-link">
        {t('common:nav.skipToContent')}
      </a>
      <header className="app-header">
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="side-menu"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <Icon name="menu" /> <span className="sr-only">{t('menu.label')}</span>
        </button>
        <Logo to={landingOf(role)} />
        <span className="spacer" />
        {userId && <NotificationBell userId={userId} />}
        <span className="user-badge" data-testid="user-badge" title={t(`roles.${role}`)}>
          <span className="avatar" aria-hidden="true">
            {initials}
          </span>
          <span className="user-name">
            {fullName} <span className="muted small">· {t(`roles.${role}`)}</span>
          </span>
        </span>
      </header>
      <div className="app-body">
        <nav
          id="side-menu"
          className="side-menu"
          aria-label={t('menu.label')}
          data-open={menuOpen}
          onClick={(e) => (e.target as HTMLElement).closest('a') && setMenuOpen(false)}
        >
          <ul>
            {menuOf(role).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end>
                  {t(`menu.${item.label}`)}
                </NavLink>
              </li>
            ))}
            {/* Here, not in the header: on a phone the header keeps its width for the bell and the name. */}
            <li className="menu-language">
              <LanguageSwitch onChosen={(lng) => void setLanguage({ language: apiLanguage(lng) })} />
            </li>
            <li>
              <button type="button" data-testid="logout" onClick={() => setAskLogout(true)}>
                {t('menu.logout')}
              </button>
            </li>
          </ul>
        </nav>
        <main id="main" tabIndex={-1}>
          <OfflineNotice />
          <PageBoundary at={location.pathname}>
            <Suspense fallback={<PageSkeleton />}>
              <Outlet key={location.pathname} />
            </Suspense>
          </PageBoundary>
          <AppFooter role={role} />
        </main>
      </div>
      {askLogout && (
        <Dialog title={t('logout.title')} onClose={closeLogout}>
          <p>{t('logout.question')}</p>
          <div className="form-actions">
            <button type="button" onClick={closeLogout}>
              {t('common:actions.cancel')}
            </button>
            <button
              type="button"
              className="primary"
              data-testid="confirm-logout"
              onClick={() => void logout()}
            >
              {t('logout.confirm')}
            </button>
          </div>
        </Dialog>
      )}
      <GuidanceModal role={role} />
      <ToastHost />
      <ScrollManager />
    </div>
  );
}

/** The signed-in layout: header (bell, user badge, language), side menu by role, the page. */
export default function AppLayout() {
  return (
    <Provider store={store}>
      <Shell />
    </Provider>
  );
}
