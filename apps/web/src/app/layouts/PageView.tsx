import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useSettings } from '../../features/settings/index.ts';
import { Footer, PageToolbar, useViewKey } from '../../features/shell/index.ts';
import { matchRoute, type RouteMeta } from '../routes.tsx';

/** Slot names other pages can rely on: `#main-content` is the skip-link target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The page area shared by the navigation layouts: toolbar with breadcrumb, the page itself (boxed,
 * padded, animated in with the chosen transition, remounted by a soft reload) and the footer.
 */
export function PageView({ meta }: { meta: RouteMeta }) {
  const { t } = useTranslation(['common', 'shell']);
  const settings = useSettings();
  const { pathname } = useLocation();
  const viewKey = useViewKey();
  const boxed = meta.boxed ?? settings.boxed;
  const padded = meta.padded ?? settings.padded;
  const toolbar = meta.toolbar ?? true;
  const pageTitleOf = (path: string) => {
    const route = matchRoute(path);
    return route.meta.name === 'not-found' ? null : t(route.meta.titleKey);
  };
  return (
    <div
      className="arbor-view"
      data-boxed={boxed || undefined}
      data-padded={padded || undefined}
      data-toolbar={toolbar || undefined}
    >
      {toolbar ? <PageToolbar title={t(meta.titleKey)} pageTitleOf={pageTitleOf} /> : null}
      <div
        key={`${pathname}#${viewKey}`}
        className="arbor-page"
        data-transition={settings.transition}
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
      >
        <Outlet />
      </div>
      {settings.footer && meta.footer !== false ? <Footer /> : null}
    </div>
  );
}
