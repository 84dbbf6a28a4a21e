import './lib/zod-without-eval.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import '@mantine/spotlight/styles.css';
import './app/shell.css';
import { startTransition, StrictMode } from 'react';
import { RouterProvider } from 'react-router';
import { applyAppStylesheet, applyFontStylesheet } from './app/app-stylesheet.ts';
import fontStylesheet from './app/fonts.css?url';
import './app/feature-extensions.ts';
import { mountApp } from './app/mount-app.ts';
import { holdTransitionForFirstView, routerReady } from './app/prerendered-boot.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { firstContentShown } from './lib/first-content.ts';
import { firstData, seedQueries } from './lib/first-data.ts';
import { nextTask } from './lib/next-task.ts';
import { rememberZone } from './lib/medium-date.ts';
import { queryClient } from './lib/query-client.ts';
import { parseViewportWidth, rememberViewportWidth, setDrawnViewportWidth } from './lib/viewport.ts';

// The app starts in steps, each a task of its own (lib/next-task.ts): evaluating its code, taking the drawn
// page's data, making the router (which matches the route and loads its code), then mounting. As one task they
// blocked a phone's main thread for ~300 ms before the page could be hydrated, while the page was on screen.
// The stylesheet is asked for at once: it loads beside these steps.
const stylesheetApplied = applyAppStylesheet();

async function start(): Promise<void> {
  await nextTask();
  // A page the server drew for this user comes with the answers it was drawn from: the app starts on them.
  const first = firstData();
  if (first) {
    seedQueries(queryClient, first.queries);
    setDrawnViewportWidth(parseViewportWidth(first.viewportWidth));
  }
  // The next pages can be drawn by the server for this window's width (lib/viewport.ts), with this zone's days.
  rememberViewportWidth();
  rememberZone();
  await nextTask();
  const router = createAppRouter();

  // Styles and the route's code first (they load beside this script), then a transition: React splits
  // the first render (or the hydration of a page the server drew) into short tasks, so the page stays
  // responsive while the app mounts behind the splash or the drawn page. With the route's code in, the first
  // render is the page itself: a page the server sent prerendered stays on screen until it is replaced by the
  // same page, not by an empty shell, and the router cannot settle while the first render is under way (its
  // provider would miss that update).
  // A page the server drew keeps the letters it was drawn in until the live page has replaced it and is shown:
  // in the web fonts, the same text would come out a little larger, and the browser would take the live page's
  // text for a later largest paint than the page the person has been reading since the first one.
  if (first) void firstContentShown.then(() => applyFontStylesheet(fontStylesheet));
  else applyFontStylesheet(fontStylesheet);
  await Promise.all([stylesheetApplied, routerReady(router)]);
  await nextTask();
  holdTransitionForFirstView(router);
  startTransition(() =>
    mountApp(
      document.getElementById('root')!,
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
      first !== null,
    ),
  );
  // The service worker serves the next visits and the offline ones, not this page: its code is a chunk of
  // its own, and it registers once the page has loaded.
  void import('./features/pwa/index.ts').then((pwa) => pwa.registerServiceWorker());
}

void start();
