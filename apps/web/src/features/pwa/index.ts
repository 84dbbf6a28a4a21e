// The installable app's glue, kept apart from the offline feature so that main.tsx loads only this after
// the first paint: the service worker's registration with its "Update available — Reload" prompt, and
// the `offline` namespace's default-locale messages (shared with features/offline).
export { ensureOfflineMessages } from './messages.ts';
export { registerServiceWorker } from './register-service-worker.tsx';
