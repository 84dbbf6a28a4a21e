import { lazyAfterFirstContent } from '../../lib/first-content.ts';

// The command palette's public surface: the header's search button, the opener app/ uses for the
// early Ctrl/⌘+K, and the palette itself as a lazy component — it is for logged-in users only, so its
// chunk (Spotlight, matching, remote search) stays out of a visitor's first page, and loads once a
// member's first page is on screen.
export { SearchButton } from './SearchButton.tsx';
export { markPaletteMounted, openPalette, paletteMounted } from './opener.ts';
export type { PalettePage } from './CommandPalette.tsx';
export type { PaletteSource, PaletteSourceItem } from './sources.ts';
export const CommandPalette = lazyAfterFirstContent(() =>
  import('./CommandPalette.tsx').then((m) => ({ default: m.CommandPalette })),
);
