const RELOAD_KEY = 'arbor.chunk-reload-at';
/** SPEC §9 page-reload guard: a second chunk failure within this window shows the error page. */
const RELOAD_GUARD_MS = 10_000;

/** A lazy chunk could not be loaded even after a reload. */
class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

function recentlyReloaded(): boolean {
  try {
    return Date.now() - Number(sessionStorage.getItem(RELOAD_KEY) ?? 0) < RELOAD_GUARD_MS;
  } catch {
    return true; // no storage: never risk a reload loop
  }
}

/**
 * Loads a lazy chunk. After a deploy the old chunk names are gone: reload once to get the new
 * index.html; if that happens again within 10 s, give up and let the error page show instead of looping.
 */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (recentlyReloaded()) throw new ChunkLoadError((error as Error).message);
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    window.location.reload();
    // Never settles: the page is going away.
    return new Promise<T>(() => {});
  }
}
