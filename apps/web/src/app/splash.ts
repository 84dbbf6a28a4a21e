/** SPEC §9 loader hide delay. */
const LOADER_HIDE_MS = 500;

/**
 * The splash in index.html covers the page from the first byte; once the layout has mounted it fades
 * out and is removed, so nobody sees the shell assembling itself.
 */
export function markLayoutReady() {
  const splash = document.getElementById('splash');
  if (!splash) return;
  const timer = window.setTimeout(() => {
    splash.classList.add('arbor-splash-hidden');
    splash.addEventListener('transitionend', () => splash.remove(), { once: true });
    // Reduced motion has no transition, so no transitionend: remove it anyway shortly after.
    window.setTimeout(() => splash.remove(), 400);
  }, LOADER_HIDE_MS);
  return () => window.clearTimeout(timer);
}
