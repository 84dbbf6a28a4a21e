// The few cookies the web app keeps for the server (its language, the window's width, the zone's offset), so
// that the server can draw the next page as this browser will show it. Each is a year long, site-wide and lax.

const YEAR_S = 365 * 24 * 3600;

/** The cookie's value, or null when the browser has none of that name. */
export function readCookie(name: string, doc: Document | undefined = globalThis.document): string | null {
  if (!doc) return null;
  const hit = doc.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

/**
 * Keeps `value` in the cookie `name` for a year. A browser sends the write to its network process and waits
 * for it (a few milliseconds on a phone, at every start), so a value the cookie already holds is not written
 * again.
 */
export function keepCookie(name: string, value: string, doc: Document | undefined = globalThis.document): void {
  if (!doc || readCookie(name, doc) === value) return;
  doc.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${YEAR_S}; samesite=lax`;
}
