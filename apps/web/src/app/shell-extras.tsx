import { useHotkeys } from '@mantine/hooks';
import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CommandPalette,
  type PalettePage,
  markPaletteMounted,
  openPalette,
  paletteMounted,
  SearchButton,
} from '../features/command-palette/index.ts';
import { notesPaletteSource } from '../features/learning/index.ts';
import { NotificationsLive } from '../features/notifications/index.ts';
import { hasRole, useSession } from '../lib/session.ts';
import { ROUTES } from './routes.tsx';

// The command palette is wired in here so features/shell never imports features/command-palette.
// The palette itself (Spotlight, its matching and remote search) is a chunk of its own, lazy behind the
// feature's index: it is for logged-in users only, so a visitor's first page does not pay for it.

/** Remote results other features add to the palette: the learner's notes. */
const PALETTE_SOURCES = [notesPaletteSource];

/** Search field in the header, logged-in only (the palette itself is). */
export function PaletteButton() {
  const session = useSession();
  return session.status === 'authenticated' ? <SearchButton /> : null;
}

/** Pages of the route table this user may open, titled in the current language. */
function usePalettePages(): PalettePage[] {
  const { t, i18n } = useTranslation(['common', 'shell']);
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

/** Tells its parent once it has mounted, i.e. once the siblings before it have mounted too. */
function Mounted({ onMount }: { onMount: () => () => void }) {
  useEffect(onMount, [onMount]);
  return null;
}

/** What the shell mounts once for logged-in users: the command palette and the live notification stream. */
export function ShellExtras() {
  const session = useSession();
  const pages = usePalettePages();
  // Until the palette's chunk has mounted (and registered its own shortcut), Ctrl/⌘+K is taken here,
  // so a shortcut pressed early is not lost: the palette opens as soon as it has mounted.
  useHotkeys(
    [['mod+K', () => (paletteMounted() || session.status !== 'authenticated' ? undefined : openPalette())]],
    [],
  );
  return session.status === 'authenticated' ? (
    <>
      <NotificationsLive />
      <Suspense fallback={null}>
        <CommandPalette pages={pages} sources={PALETTE_SOURCES} />
        <Mounted onMount={markPaletteMounted} />
      </Suspense>
    </>
  ) : null;
}
