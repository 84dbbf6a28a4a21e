// Mantine's modals manager is mounted right after the first render, from a lazy chunk (app/modals-host.tsx).
// `modals.open` before it is mounted is lost: an opener that can run early (a click on a page that just
// loaded, on a slow device) awaits `modalsHostReady` first.
let markReady: () => void = () => undefined;

/** Resolves once the modals manager listens. */
export const modalsHostReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by the modals host once it is mounted. */
export function markModalsHostReady(): void {
  markReady();
}
