import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { Role } from '@moba/contracts';
import { ROUTER_REDIRECT_LIMIT } from '@moba/contracts/limits';
import { afterLogin, landingOf, paths } from './paths';
import { useSession } from './session';

let recent: number[] = [];
/** Spec §2: the router follows at most ROUTER_REDIRECT_LIMIT redirects in a row (a loop guard). */
function redirectAllowed(now = Date.now()): boolean {
  recent = recent.filter((at) => now - at < 5000);
  recent.push(now);
  return recent.length <= ROUTER_REDIRECT_LIMIT;
}

export function Redirect({ to }: { to: string }) {
  if (!redirectAllowed()) {
    return (
      <p role="alert" className="page">
        Too many redirects. <a href={paths.home}>Moba</a>
      </p>
    );
  }
  return <Navigate to={to} replace />;
}

/**
 * Guards a role group: a visitor goes to /login (and comes back after it), another role goes to
 * its own landing page.
 */
export function RequireRole({ role, children }: { role: Role; children?: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session.role) {
    return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  }
  if (session.role !== role) return <Redirect to={landingOf(session.role)} />;
  return children ?? <Outlet />;
}

/** Unknown paths: a signed-in user lands on their platform page, a visitor on the home page. */
export function UnknownRoute() {
  const { role } = useSession();
  return <Redirect to={role ? landingOf(role) : paths.home} />;
}

/** Sign-up and log-in pages are for visitors; a signed-in user goes to their platform page. */
export function VisitorsOnly({ children }: { children?: ReactNode }) {
  const { role } = useSession();
  const state = useLocation().state as { from?: string } | null;
  if (role) return <Redirect to={afterLogin(role, state?.from)} />;
  return children ?? <Outlet />;
}

/** In-page role check (bulletproof-react's Can). */
export function Can({ role, children }: { role: Role | Role[]; children: ReactNode }) {
  const session = useSession();
  const allowed = Array.isArray(role) ? role : [role];
  return session.role && allowed.includes(session.role) ? <>{children}</> : null;
}
