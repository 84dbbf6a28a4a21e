import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { loadChunk } from '../lib/chunk-reload.ts';
import { loadNamespaces } from '../lib/i18n.ts';
import { RouteGuard } from './guards.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import { ROUTES, type AppRoute } from './routes.tsx';
import { Shell } from './Shell.tsx';

/** The page module of a route, loaded on first visit and wrapped in its guard. */
function lazyPage(route: AppRoute): RouteObject['lazy'] {
  return async () => {
    const [{ default: Page }] = await Promise.all([loadChunk(route.load), loadNamespaces(route.namespaces ?? [])]);
    function GuardedPage() {
      return (
        <RouteGuard meta={route.meta}>
          <Page />
        </RouteGuard>
      );
    }
    return { Component: GuardedPage };
  };
}

const pageRoutes: RouteObject[] = ROUTES.flatMap((route) =>
  [route.path, ...(route.aliases ?? [])].map((path) => ({
    path,
    handle: route.meta,
    lazy: lazyPage(route),
    // Runs on every navigation, beside the page's code loading; answers nothing itself.
    ...(route.prefetch
      ? {
          loader: ({ params, request }: LoaderFunctionArgs) => (
            route.prefetch!(params, new URL(request.url).searchParams),
            null
          ),
        }
      : {}),
  })),
);

/** The route tree: the shell around every page. Shared by the browser router and the prerenderer. */
export const appRoutes: RouteObject[] = [
  {
    element: <Shell />,
    // Last resort, should the shell itself fail: the error page without the shell around it.
    errorElement: <RouteErrorPage standalone />,
    HydrateFallback: () => null,
    // Page errors render inside the shell, so header and navigation stay usable.
    children: [{ errorElement: <RouteErrorPage />, children: pageRoutes }],
  },
];

/** The app's router; created on first use, since it reads the browser's location. */
export const createAppRouter = () => createBrowserRouter(appRoutes);
