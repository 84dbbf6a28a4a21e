import type { Icon } from '@tabler/icons-react';
import type { NamespacedKey } from '../../lib/i18n.ts';

/** One hit a palette source found: opening it goes to `path`. */
export interface PaletteSourceItem {
  id: string;
  title: string;
  description?: string;
  path: string;
}

/**
 * A group of remote results another feature adds to the palette (e.g. the learner's notes), so the
 * palette never imports that feature: app/ hands the sources in. Searched, debounced, once the query
 * has `minChars` characters; the hits are the source's own and are not filtered again by title.
 */
export interface PaletteSource {
  id: string;
  /** the group's heading, a key of the palette's own (shell) namespace */
  labelKey: NamespacedKey<'shell'>;
  icon: Icon;
  minChars: number;
  search: (query: string, signal: AbortSignal) => Promise<PaletteSourceItem[]>;
}
