import type { ComponentType } from 'react';
import type { LazyNamespace, NamespacedKey } from '../lib/i18n.ts';
import type { LayoutName } from '../features/settings/index.ts';
import { prefetchCommunityList, prefetchShare } from '../features/community/index.ts';
import { prefetchTreeByUuid } from '../features/trees/index.ts';

export type RouteName =
  | 'home'
  | 'community'
  | 'template-detail'
  | 'author'
  | 'collection'
  | 'about'
  | 'trees'
  | 'tree-editor'
  | 'tree-versions'
  | 'learn'
  | 'learn-review'
  | 'groups'
  | 'group'
  | 'group-join'
  | 'profile'
  | 'settings'
  | 'admin-ai'
  | 'admin-moderation'
  | 'notifications'
  | 'login'
  | 'register'
  | 'forgot-password'
  | 'logout'
  | 'not-found';

/** Route metadata (SPEC §3 "Route metadata"); it alone drives guards, layout and the page title. */
export interface RouteMeta {
  name: RouteName;
  /** i18n key `namespace:key` of the page title (document title, breadcrumb, palette). */
  titleKey: NamespacedKey<'shell'>;
  /** A visitor must be logged in with one of `roles`. */
  auth: boolean;
  /** Allowed roles; empty or missing admits anyone, `all` admits any role. */
  roles?: readonly string[];
  /** Auth pages: a logged-in visitor with an allowed role is sent to `authRedirect` (or `/`). */
  checkAuth?: boolean;
  authRedirect?: string;
  /** Overrides of the stored layout settings. */
  layout?: LayoutName;
  boxed?: boolean;
  padded?: boolean;
  /** The breadcrumb bar above the page (default true); off for the landing page and the canvas. */
  toolbar?: boolean;
  /** The footer below the page when Settings show it (default true); off for the full-window canvas. */
  footer?: boolean;
  /** Shown as a command-palette page entry. */
  searchable?: boolean;
}

export interface AppRoute {
  path: string;
  /** Other paths that render the same page (`/login` for `/auth/login`). */
  aliases?: readonly string[];
  meta: RouteMeta;
  load: () => Promise<{ default: ComponentType }>;
  /** Lazy i18n namespaces the page needs, loaded beside its code (lib/i18n.ts `loadNamespaces`). */
  namespaces?: readonly LazyNamespace[];
  /**
   * The server draws the page for a signed-in visitor with a page session (`server-render.tsx`): a page whose
   * content is mostly the same for everyone, worth showing before the app's code has arrived on a slow phone.
   * `knowing-the-width`: only when the browser has told the width of its window (lib/viewport.ts), for a page
   * whose layout on a phone is a different tree of components, not just other styles.
   */
  serverRendered?: true | 'knowing-the-width';
  /** Starts loading the page's data as navigation begins, in parallel with its code. */
  prefetch?: (params: Record<string, string | undefined>, search: URLSearchParams) => void;
}

const AUTH_PAGE = { auth: false, checkAuth: true, layout: 'blank', boxed: false, padded: false } as const;
const MEMBERS = { auth: true, roles: ['all'] } as const;

/** Every route of UI.md "Routes", in matching order. */
export const ROUTES: readonly AppRoute[] = [
  {
    path: '/',
    meta: { name: 'home', titleKey: 'shell:routes.home', auth: false, toolbar: false, searchable: true },
    load: () => import('../pages/HomePage.tsx'),
  },
  {
    path: '/community',
    meta: { name: 'community', titleKey: 'shell:routes.community', ...MEMBERS, searchable: true },
    load: () => import('../pages/CommunityPage.tsx'),
    namespaces: ['social'],
    serverRendered: true,
    // The All tab's list; the Following tab (`?tab=following`) loads its feed itself.
    prefetch: (_params, search) => {
      if (search.get('tab') !== 'following') prefetchCommunityList(search);
    },
  },
  {
    path: '/community/:uuid',
    meta: { name: 'template-detail', titleKey: 'shell:routes.template-detail', ...MEMBERS },
    load: () => import('../pages/TemplateDetailPage.tsx'),
    namespaces: ['reviews', 'plans', 'recall'],
    serverRendered: true,
    prefetch: (params) => prefetchShare(params.uuid),
  },
  {
    path: '/u/:username',
    meta: { name: 'author', titleKey: 'shell:routes.author', auth: false },
    load: () => import('../pages/AuthorPage.tsx'),
    namespaces: ['social', 'reviews'],
  },
  {
    path: '/collections/:uuid',
    meta: { name: 'collection', titleKey: 'shell:routes.collection', auth: false },
    load: () => import('../pages/CollectionPage.tsx'),
    namespaces: ['social'],
  },
  {
    path: '/trees',
    meta: { name: 'trees', titleKey: 'shell:routes.trees', ...MEMBERS, searchable: true },
    load: () => import('../pages/TreesPage.tsx'),
  },
  {
    path: '/trees/:uuid',
    // The canvas wants the whole window: no box, no padding.
    meta: {
      name: 'tree-editor',
      titleKey: 'shell:routes.tree-editor',
      ...MEMBERS,
      boxed: false,
      padded: false,
      toolbar: false,
      footer: false,
    },
    namespaces: ['plans', 'recall'],
    serverRendered: 'knowing-the-width',
    load: () => import('../pages/TreeEditorPage.tsx'),
    prefetch: (params) => prefetchTreeByUuid(params.uuid),
  },
  {
    path: '/trees/:uuid/versions',
    meta: { name: 'tree-versions', titleKey: 'shell:routes.tree-versions', ...MEMBERS },
    load: () => import('../pages/TreeVersionsPage.tsx'),
    prefetch: (params) => prefetchTreeByUuid(params.uuid),
  },
  {
    path: '/learn',
    meta: { name: 'learn', titleKey: 'shell:routes.learn', ...MEMBERS, searchable: true },
    namespaces: ['plans', 'recall', 'groups'],
    load: () => import('../pages/LearnPage.tsx'),
  },
  {
    path: '/learn/review',
    meta: { name: 'learn-review', titleKey: 'shell:routes.learn-review', ...MEMBERS, searchable: true },
    namespaces: ['plans', 'recall'],
    load: () => import('../pages/LearnReviewPage.tsx'),
  },
  {
    path: '/groups',
    // `/groups/join` (a join link without its code, and the breadcrumb of a join link) is the list
    aliases: ['/groups/join'],
    meta: { name: 'groups', titleKey: 'shell:routes.groups', ...MEMBERS, searchable: true },
    load: () => import('../pages/GroupsPage.tsx'),
    namespaces: ['groups'],
  },
  {
    path: '/groups/join/:code',
    meta: { name: 'group-join', titleKey: 'shell:routes.group-join', ...MEMBERS },
    load: () => import('../pages/GroupJoinPage.tsx'),
    namespaces: ['groups'],
  },
  {
    path: '/groups/:uuid',
    meta: { name: 'group', titleKey: 'shell:routes.group', ...MEMBERS },
    load: () => import('../pages/GroupPage.tsx'),
    namespaces: ['groups'],
  },
  {
    path: '/about',
    meta: { name: 'about', titleKey: 'shell:routes.about', ...MEMBERS, searchable: true },
    namespaces: ['about'],
    load: () => import('../pages/AboutPage.tsx'),
  },
  {
    path: '/profile',
    meta: { name: 'profile', titleKey: 'shell:routes.profile', ...MEMBERS, searchable: true },
    load: () => import('../pages/ProfilePage.tsx'),
    namespaces: ['social', 'profile'],
  },
  {
    path: '/settings',
    meta: { name: 'settings', titleKey: 'shell:routes.settings', ...MEMBERS, searchable: true },
    namespaces: ['plans', 'recall'],
    load: () => import('../pages/SettingsPage.tsx'),
  },
  {
    path: '/admin/ai',
    meta: { name: 'admin-ai', titleKey: 'shell:routes.admin-ai', auth: true, roles: ['admin'], searchable: true },
    load: () => import('../pages/AdminAiPage.tsx'),
  },
  {
    path: '/admin/moderation',
    meta: {
      name: 'admin-moderation',
      titleKey: 'shell:routes.admin-moderation',
      auth: true,
      roles: ['admin'],
      searchable: true,
    },
    load: () => import('../pages/AdminModerationPage.tsx'),
    namespaces: ['moderation'],
  },
  {
    path: '/notifications',
    meta: { name: 'notifications', titleKey: 'shell:routes.notifications', ...MEMBERS, searchable: true },
    load: () => import('../pages/NotificationsPage.tsx'),
    namespaces: ['notifications'],
  },
  {
    path: '/auth/login',
    aliases: ['/login'],
    meta: { name: 'login', titleKey: 'shell:routes.login', ...AUTH_PAGE },
    load: () => import('../pages/auth/LoginPage.tsx'),
  },
  {
    path: '/auth/register',
    aliases: ['/register'],
    // A new account lands on its first step (create a tree or browse templates), not the landing page.
    meta: { name: 'register', titleKey: 'shell:routes.register', ...AUTH_PAGE, authRedirect: '/?welcome=1' },
    load: () => import('../pages/auth/RegisterPage.tsx'),
  },
  {
    path: '/auth/forgotpassword',
    aliases: ['/forgot-password'],
    meta: { name: 'forgot-password', titleKey: 'shell:routes.forgot-password', ...AUTH_PAGE },
    load: () => import('../pages/auth/ForgotPasswordPage.tsx'),
  },
  {
    path: '/auth/logout',
    aliases: ['/logout'],
    meta: {
      name: 'logout',
      titleKey: 'shell:routes.logout',
      auth: false,
      layout: 'blank',
      boxed: false,
      padded: false,
    },
    load: () => import('../pages/auth/LogoutPage.tsx'),
  },
  {
    path: '*',
    meta: { name: 'not-found', titleKey: 'shell:routes.not-found', auth: false },
    load: () => import('../pages/NotFoundPage.tsx'),
  },
];

/** The canonical path of a named route, parameters filled in: `pathTo('tree-editor', {uuid})`. */
export function pathTo(name: RouteName, params: Record<string, string> = {}): string {
  const route = ROUTES.find((r) => r.meta.name === name);
  if (!route) throw new Error(`unknown route ${name}`);
  return route.path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}

/** Path patterns → meta, aliases included; used to check where a `?redirect=` may go. */
export function matchRoute(pathname: string): AppRoute {
  const clean = pathname.replace(/\/+$/, '') || '/';
  for (const route of ROUTES) {
    for (const pattern of [route.path, ...(route.aliases ?? [])]) {
      if (pattern === '*') continue;
      const regex = new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}$`);
      if (regex.test(clean)) return route;
    }
  }
  return ROUTES[ROUTES.length - 1]!;
}

export { LOGIN_PATH } from '../lib/login-path.ts';
