import { notifications } from '@mantine/notifications';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../features/shell/index.ts';
import { hasRole, useSession, type Session } from '../lib/session.ts';
import { loginPathFor } from '../lib/login-path.ts';
import { matchRoute, type RouteMeta } from './routes.tsx';

export { loginPathFor };

/** May this session open `path`? Used to decide where `?redirect=` may send someone. */
function canVisit(path: string, session: Session): boolean {
  const { meta } = matchRoute(path.split(/[?#]/)[0] ?? '/');
  if (meta.checkAuth || meta.name === 'logout') return false;
  if (!meta.auth) return true;
  return session.status === 'authenticated' && hasRole(meta.roles, session.user?.role);
}

/** Where a freshly logged-in visitor goes: the page they asked for (`?redirect=`), if allowed, else `fallback`. */
export function redirectTarget(search: string, session: Session, fallback = '/'): string {
  const wanted = new URLSearchParams(search).get('redirect');
  // Only same-origin paths: `//evil.example` or `https://…` would be an open redirect.
  if (!wanted || !wanted.startsWith('/') || wanted.startsWith('//') || wanted.startsWith('/\\')) return fallback;
  return canVisit(wanted, session) ? wanted : fallback;
}

/** The toast's id: a page that renders twice (StrictMode, a quick second visit) still shows one. */
export const FORBIDDEN_NOTICE_ID = 'route-forbidden';

/**
 * A logged-in visitor without the page's role goes home, told why: logging in again would not help,
 * and a silent redirect looks like a broken link.
 */
function Forbidden({ meta }: { meta: RouteMeta }) {
  const { t } = useTranslation(['shell']);
  const page = t(meta.titleKey);
  useEffect(() => {
    notifications.show({
      id: FORBIDDEN_NOTICE_ID,
      color: 'yellow',
      title: t('shell:forbidden.title'),
      message: t('shell:forbidden.body', { page }),
      withBorder: true,
    });
  }, [t, page]);
  return <Navigate to="/" replace />;
}

/**
 * SPEC §5 guards: `auth` pages send a visitor who is not logged in (or lacks the role) to login and
 * back afterwards; `checkAuth` pages send a logged-in visitor away, to `?redirect=` or `authRedirect`.
 * So a login page only has to call `signIn()`: this guard then leaves for the right place. A logged-in
 * visitor who lacks the role is sent home with a notice instead (see `Forbidden`).
 */
export function RouteGuard({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading' && (meta.auth || meta.checkAuth)) return <PageLoader />;
  const allowed = session.status === 'authenticated' && hasRole(meta.roles, session.user?.role);
  if (meta.auth && !allowed)
    return session.status === 'authenticated' ? (
      <Forbidden meta={meta} />
    ) : (
      <Navigate to={loginPathFor(location)} replace />
    );
  if (meta.checkAuth && allowed)
    return <Navigate to={redirectTarget(location.search, session, meta.authRedirect ?? '/')} replace />;
  return children;
}
