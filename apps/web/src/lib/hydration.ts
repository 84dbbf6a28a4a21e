// While the app hydrates a page the server drew (app/mount-app.ts), each component's first render has to be the
// one the server made: a value only the browser knows (the width of the window, the colour scheme) is read in an
// effect then, as the server could not read it, and the page updates to it right after. Once hydrated, components
// read such values as they render, so that they never draw once with the wrong one.

let hydrating = false;

/** Whether the app is hydrating a page the server drew (its first render must equal the server's). */
export function isHydratingDrawnPage(): boolean {
  return hydrating;
}

/** Called as the app starts hydrating a drawn page (app/mount-app.ts). */
export function startHydratingDrawnPage(): void {
  hydrating = true;
}

/**
 * Called once the app's first render is committed (app/providers.tsx): a drawn page it was hydrating is now the
 * live page, as `#root[data-hydration]` then says (unless React had to draw it anew: `redrawn`).
 */
export function endHydratingDrawnPage(doc: Document = document): void {
  if (!hydrating) return;
  hydrating = false;
  const root = doc.getElementById('root');
  if (root?.dataset.hydration === 'hydrating') root.dataset.hydration = 'hydrated';
}
