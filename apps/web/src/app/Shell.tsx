import { nprogress } from '@mantine/nprogress';
import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { NamespacedKey } from '../lib/i18n.ts';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { useSettings } from '../features/settings/index.ts';
import { NotificationBell } from '../features/notifications/index.ts';
import { OfflineIndicator } from '../features/offline/index.ts';
import { HeaderActions, SkipLink } from '../features/shell/index.ts';
import { markFirstContentShown } from '../lib/first-content.ts';
import { documentTitle, usePageSubject } from '../lib/page-subject.ts';
import { onSessionExpired, useSession } from '../lib/session.ts';
import { markLayoutReady } from './splash.ts';
import { loginPathFor } from '../lib/login-path.ts';
import { BlankLayout } from './layouts/BlankLayout.tsx';
import { HorizontalLayout } from './layouts/HorizontalLayout.tsx';
import { PageView } from './layouts/PageView.tsx';
import { VerticalLayout } from './layouts/VerticalLayout.tsx';
import { useRouteMeta } from './route-meta.ts';
import { ShellExtras, PaletteButton } from './shell-extras.tsx';

/**
 * Localised document title per route, led by what the page is about (a tree, a template) when it says. A
 * component of its own: the page names its subject after it mounts, and only this re-renders then (an
 * external store's change re-renders synchronously; the whole frame did, right after hydrating a drawn page).
 */
function DocumentTitle({ titleKey }: { titleKey: NamespacedKey<'shell'> }) {
  const { t, i18n } = useTranslation(['common', 'shell']);
  const subject = usePageSubject();
  useEffect(() => {
    document.title = documentTitle(t(titleKey), t('productName'), subject);
  }, [t, titleKey, i18n.language, subject]);
  return null;
}

/**
 * Loading bar while a route's chunk loads; smooth scroll to the top after each navigation, but for a
 * deep link to a node (`?node=`): its page brings that node into view itself.
 */
function useNavigationFeedback() {
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const deepLink = useRef(false);
  deepLink.current = new URLSearchParams(search).has('node');
  useEffect(() => {
    if (navigation.state === 'idle') nprogress.complete();
    else nprogress.start();
  }, [navigation.state]);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (deepLink.current) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  }, [pathname]);
}

/** A session that ended on its own (refresh refused) goes to login, and back here afterwards. */
function useSessionExpiredRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  here.current = location;
  useEffect(() => onSessionExpired(() => navigate(loginPathFor(here.current), { replace: true })), [navigate]);
}

/**
 * Says when the first page's content is on screen (lib/first-content.ts): its route has loaded, the
 * session is known and none of its data is still on the way.
 */
function FirstContentWatch() {
  const fetching = useIsFetching();
  const navigation = useNavigation();
  const session = useSession();
  const settled = fetching === 0 && navigation.state === 'idle' && session.status !== 'loading';
  useEffect(() => {
    if (settled) markFirstContentShown();
  }, [settled]);
  return null;
}

/** The app frame: picks the layout from the route's meta or the settings and renders the page in it. */
export function Shell() {
  const meta = useRouteMeta();
  const settings = useSettings();
  const layout = meta.layout ?? settings.layout;
  useNavigationFeedback();
  useSessionExpiredRedirect();
  useEffect(markLayoutReady, []);

  const actions = (
    <HeaderActions
      leading={
        <>
          <OfflineIndicator />
          <PaletteButton />
          <NotificationBell />
        </>
      }
    />
  );
  return (
    <>
      <SkipLink />
      <DocumentTitle titleKey={meta.titleKey} />
      {layout === 'blank' ? (
        <BlankLayout>
          {meta.layout === 'blank' ? (
            // Auth pages own the whole window.
            <div className="arbor-page" data-transition={settings.transition} id="main-content" tabIndex={-1}>
              <Outlet />
            </div>
          ) : (
            // A user who chose "no navigation" still gets the page's box, padding and footer.
            <PageView meta={meta} />
          )}
        </BlankLayout>
      ) : layout === 'vertical' ? (
        <VerticalLayout actions={actions}>
          <PageView meta={meta} />
        </VerticalLayout>
      ) : (
        <HorizontalLayout actions={actions} boxed={meta.boxed ?? settings.boxed}>
          <PageView meta={meta} />
        </HorizontalLayout>
      )}
      <ShellExtras />
      <FirstContentWatch />
    </>
  );
}
