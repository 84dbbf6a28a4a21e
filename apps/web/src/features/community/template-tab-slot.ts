import type { ShareWithData } from '@arbor/contract';
import { useSyncExternalStore, type ReactNode } from 'react';
import type { TranslationKey } from '../../lib/i18n.ts';
import type { TemplatePlaceControls } from './components/template-tabs.ts';

/** What a tab of the template page is drawn from. */
export interface TemplateTabContext {
  share: ShareWithData;
  uuid: string;
  /** the page's place in its URL (the open tab, a node filter, an open suggestion) and the ways to move it */
  place: TemplatePlaceControls;
}

/**
 * A tab of the template page (`/community/:uuid`) after its Tree tab: features fill this slot, so a
 * new one adds a tab without editing the page. The id is the tab's `?tab=` in the URL.
 */
export interface TemplateTabEntry {
  id: string;
  labelKey: TranslationKey;
  /** lower first */
  order: number;
  /** the panel (lazy: it loads when the tab is chosen; the page wraps it in Suspense) */
  render: (ctx: TemplateTabContext) => ReactNode;
}

let entries: readonly TemplateTabEntry[] = [];
const listeners = new Set<() => void>();

/** Adds (or replaces, by id) a tab of the template page; returns a function that removes it. */
export function registerTemplateTab(entry: TemplateTabEntry): () => void {
  entries = [...entries.filter((e) => e.id !== entry.id), entry].sort((a, b) => a.order - b.order);
  listeners.forEach((listener) => listener());
  return () => {
    entries = entries.filter((e) => e !== entry);
    listeners.forEach((listener) => listener());
  };
}

/** The template page's slot tabs, in order; the page re-renders when one is added or removed. */
export function useTemplateTabEntries(): readonly TemplateTabEntry[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => entries,
    () => entries,
  );
}
