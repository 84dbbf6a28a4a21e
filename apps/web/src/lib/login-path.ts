export const LOGIN_PATH = '/login';

/** `/login?redirect=<where the visitor was going>`, so login can send them back (UI.md "Routes"). */
export function loginPathFor(location: { pathname: string; search: string; hash?: string }): string {
  const back = location.pathname + location.search + (location.hash ?? '');
  return back === '/' || back.startsWith(LOGIN_PATH)
    ? LOGIN_PATH
    : `${LOGIN_PATH}?redirect=${encodeURIComponent(back)}`;
}
