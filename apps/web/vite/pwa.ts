import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Theme colours of the install surfaces: Arbor's green in light, the dark shell's background in dark. */
export const THEME_COLOR_LIGHT = '#2f9e44';
export const THEME_COLOR_DARK = '#202228';

/**
 * The web manifest and the service worker (src/features/offline/sw.ts, built with Workbox's modules and
 * given the precache list at build time).
 *
 * - Precache: the app shell (index.html), every JS/CSS chunk (route chunks too: a page must open
 *   offline even if it was never visited), the fonts, the locale chunks and the icons. Not the
 *   prerendered landing pages (the server picks one per visitor) nor the build's JSON for the server.
 * - Navigations go to the network first (the server adds per-route preloads and the prerendered
 *   landing page); only when it cannot answer does the precached shell answer, and the client router
 *   takes over. Nothing else is cached at run time: `/api/`, `/media/` and `/embed/` never come from
 *   a cache (offline data lives in IndexedDB, features/offline).
 * - Background Sync: the worker replays the offline grades when the connection returns (features/offline).
 * - `registerType: 'prompt'`: a new version waits until the user chooses "Reload"
 *   (features/offline/register-service-worker.ts), never a silent swap under an open page.
 */
export function pwa() {
  return VitePWA({
    registerType: 'prompt',
    // Registered by the app itself, after the first paint (features/offline): no script in the page.
    injectRegister: false,
    strategies: 'injectManifest',
    srcDir: 'src/features/offline',
    filename: 'sw.ts',
    manifestFilename: 'manifest.webmanifest',
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
    manifest: {
      id: '/',
      name: 'Arbor · 技能树',
      short_name: 'Arbor',
      description: 'Arbor：构建、分享和学习技能树。Build, share and learn skill trees.',
      lang: 'zh-CN',
      start_url: '/learn',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: THEME_COLOR_LIGHT,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      shortcuts: [
        {
          name: '复习 · Review',
          short_name: '复习',
          url: '/learn/review',
          icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
        },
        {
          name: '我的技能树 · My trees',
          short_name: '我的技能树',
          url: '/trees',
          icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
        },
      ],
    },
    // The worker's source: src/features/offline/sw.ts (precache, navigations, Background Sync).
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,woff2,svg,png,webmanifest}'],
      globIgnores: ['prerendered/**', '_server/**', '**/*.br', '**/*.gz', 'images/**'],
      // The editor's and the Markdown pipeline's chunks are large; they are part of the app offline.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      // A hashed name is its own revision.
      dontCacheBustURLsMatching: /^assets\//,
    },
  });
}

/**
 * The server-side build (the prerendered pages) has no service worker: `virtual:pwa-register` is a stub
 * there, for the modules that reach the registration through the offline feature's index.
 */
export function pwaRegisterStub(): Plugin {
  const id = 'virtual:pwa-register';
  return {
    name: 'arbor-pwa-register-stub',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) =>
      resolved === `\0${id}` ? 'export const registerSW = () => () => Promise.resolve();' : undefined,
  };
}
