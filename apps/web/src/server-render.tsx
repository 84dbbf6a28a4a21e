// Server-side entry for signed-in pages, loaded by the server (apps/server/src/plugins/web.ts) from the build: a
// page whose route says `serverRendered` is sent to a visitor with a page session already drawn with their data,
// so a phone shows it before the app's code has arrived. The markup is inert until the live app replaces it with
// the same page (main.tsx), which starts from the answers sent with it (lib/first-data.ts).
import { matchRoute } from './app/routes.tsx';
import { composePrerenderedHtml, type PageAssets } from './compose-page.ts';
import { api, setApiTransport, type ApiTransport } from './lib/api-client.ts';
import { FIRST_DATA_ELEMENT_ID, type FirstData } from './lib/first-data.ts';
import { activateLocale, i18n, type Locale } from './lib/i18n.ts';
import { queryClient } from './lib/query-client.ts';
import { renderAs, type Me } from './lib/session.ts';
import { setDrawnZone } from './lib/medium-date.ts';
import { zoneByName } from './lib/zone-by-name.ts';
import { setDrawnViewportWidth } from './lib/viewport.ts';
import { appAt, renderAppToHtml } from './static-render.tsx';

export { LOCALES } from './lib/i18n.ts';

export interface SignedInRequest {
  /** the page's path and query */
  url: string;
  locale: Locale;
  /** answers the app's API requests as the signed-in visitor */
  transport: ApiTransport;
  /** the build's `index.html` */
  index: string;
  /** the route's own files (the build's `route-preloads.json`) */
  assets: PageAssets;
  /** the width of the visitor's window, when their browser has said it (lib/viewport.ts) */
  viewportWidth?: number;
  /** the offset of the visitor's time zone in minutes east of UTC, when their browser has said it (lib/medium-date.ts) */
  zoneOffset?: number;
  /** its IANA name, when their browser has said it (a zone with daylight saving) */
  zoneName?: string;
}

export interface ServerRenderedPage {
  /** the markup of `#root` */
  html: string;
  /** the document title, as the shell first sets it */
  title: string;
  /** the user the page was drawn for and its answers (the server puts them in the page as JSON) */
  firstData: FirstData;
}

/** How long the page's answers may take before it is drawn with what has come (the rest loads in the browser). */
const ANSWERS_DEADLINE_MS = 2000;

/**
 * Whether the server draws this path for a signed-in visitor (the route's `serverRendered`), whose window is
 * `viewportWidth` wide when their browser has said it.
 */
export function rendersSignedIn(path: string, viewportWidth?: number): boolean {
  const drawn = matchRoute(path).serverRendered;
  return drawn === true || (drawn === 'knowing-the-width' && viewportWidth !== undefined);
}

// The app's session, query cache, language and transport are one per process: one page at a time.
let queue: Promise<unknown> = Promise.resolve();

/**
 * The HTML document of a page drawn for the visitor the transport answers as; rejects if the page cannot be
 * drawn (the server then sends the plain page).
 */
export async function renderSignedInDocument(request: SignedInRequest): Promise<string> {
  const page = await renderSignedInPage(request);
  return composePrerenderedHtml(
    request.index,
    {
      html: page.html,
      title: page.title,
      signedIn: { viewerId: page.firstData.me.id, firstData: page.firstData, elementId: FIRST_DATA_ELEMENT_ID },
    },
    request.locale,
    request.assets,
  );
}

/** The page's markup and answers, drawn one page at a time. */
export function renderSignedInPage(request: SignedInRequest): Promise<ServerRenderedPage> {
  const run = queue.then(() => renderNow(request));
  queue = run.catch(() => undefined);
  return run;
}

async function renderNow({
  url,
  locale,
  transport,
  viewportWidth,
  zoneOffset,
  zoneName,
}: SignedInRequest): Promise<ServerRenderedPage> {
  const restoreTransport = setApiTransport(transport);
  setDrawnViewportWidth(viewportWidth);
  setDrawnZone(
    zoneOffset === undefined
      ? undefined
      : { offset: zoneOffset, ...(zoneName ? { byName: zoneByName(zoneName) } : {}) },
  );
  try {
    await activateLocale(locale);
    const me = await api<Me>('/api/profile/users/me/');
    renderAs(me);
    const app = await appAt(url);
    await settlePageAnswers();
    const html = await renderAppToHtml(app, url);
    const path = new URL(url, 'http://arbor.local').pathname;
    const title = `${i18n.t(matchRoute(path).meta.titleKey)} · ${i18n.t('common:productName')}`;
    return { html, title, firstData: { me, queries: answeredQueries(), viewportWidth } };
  } finally {
    setDrawnViewportWidth(undefined);
    setDrawnZone(undefined);
    renderAs(null);
    queryClient.clear();
    restoreTransport();
  }
}

/** The answers in the query cache, for the live page to start from (lib/first-data.ts `seedQueries`). */
function answeredQueries(): FirstData['queries'] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query) => ({ key: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt }));
}

/**
 * The answers the route's prefetch asked for (`AppRoute.prefetch`), until the deadline. The page is drawn from
 * them: a part whose data no prefetch asks for (a slow answer too) is drawn loading, as the browser first
 * shows it, and loads there.
 */
async function settlePageAnswers(): Promise<void> {
  const waiting = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.data === undefined && (query.options as { enabled?: unknown }).enabled !== false)
    .map((query) => query.fetch().catch(() => undefined));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise((resolve) => (timer = setTimeout(resolve, ANSWERS_DEADLINE_MS)));
  await Promise.race([Promise.all(waiting), deadline]);
  clearTimeout(timer);
}
