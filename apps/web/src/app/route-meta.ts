import { useMatches } from 'react-router';
import { ROUTES, type RouteMeta } from './routes.tsx';

const NOT_FOUND = ROUTES[ROUTES.length - 1]!.meta;

/** The meta of the deepest matched route (the page being shown). */
export function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteMeta | undefined;
    if (handle?.name) return handle;
  }
  return NOT_FOUND;
}
