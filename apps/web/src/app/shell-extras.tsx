import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandPalette, SearchButton, type PalettePage } from '../features/command-palette/CommandPalette.tsx';
import { hasRole, useSession } from '../lib/session.ts';
import { ROUTES } from './routes.tsx';

// The command palette is wired in here so features/shell never imports features/command-palette.

/** Search field in the header, logged-in only (the palette itself is). */
export function PaletteButton() {
  const session = useSession();
  return session.status === 'authenticated' ? <SearchButton /> : null;
}

/** Pages of the route table this user may open, titled in the current language. */
function usePalettePages(): PalettePage[] {
  const { t, i18n } = useTranslation();
  const session = useSession();
  return useMemo(
    () =>
      ROUTES.filter((route) => route.meta.searchable && hasRole(route.meta.roles, session.user?.role)).map((route) => ({
        id: route.meta.name,
        title: t(route.meta.titleKey),
        path: route.path,
      })),
    // i18n.language: titles change with the language
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, session.user?.role],
  );
}

/** Overlays the shell mounts once: the command palette for logged-in users. */
export function ShellExtras() {
  const session = useSession();
  const pages = usePalettePages();
  return session.status === 'authenticated' ? <CommandPalette pages={pages} /> : null;
}
