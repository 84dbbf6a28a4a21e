import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Me } from './me.ts';

/**
 * What the server sends with a page it rendered for a signed-in visitor (`server-render.tsx`): the user it
 * rendered for and the answers the page was drawn from, so the live app opens on them instead of asking again.
 */
export interface FirstData {
  me: Me;
  queries: { key: QueryKey; data: unknown; updatedAt: number }[];
  /** the window's width the page was drawn for, when the browser had said it (lib/viewport.ts) */
  viewportWidth?: number;
}

/** The answers the page came with and no one has claimed yet: when the server read each. */
const unclaimed = new Map<string, number>();

/** Puts the page's first answers in the app's query cache, as fresh as when the server read them. */
export function seedQueries(client: QueryClient, queries: FirstData['queries']): void {
  for (const { key, data, updatedAt } of queries) {
    client.setQueryData(key, data, { updatedAt });
    unclaimed.set(hashKey(key), updatedAt);
  }
}

/**
 * When the server read the answer under `key` for the page it drew, if the page came with one: once, for the
 * first page's own load (a page that wants an answer of this visit takes it instead of asking again).
 */
export function claimFirstAnswer(key: QueryKey): number | undefined {
  const hash = hashKey(key);
  const updatedAt = unclaimed.get(hash);
  unclaimed.delete(hash);
  return updatedAt;
}

/** The `<script type="application/json">` that carries it. */
export const FIRST_DATA_ELEMENT_ID = 'arbor-first-data';

let taken = false;
let kept: FirstData | null = null;

/**
 * The page's first data, read once; null on a page without it, or when the head script found that this
 * browser's session is not the one the page was rendered for (it then shows the splash: `arbor-skip-prerender`).
 */
export function firstData(doc: Document | undefined = globalThis.document): FirstData | null {
  if (taken || !doc) return kept;
  taken = true;
  const element = doc.getElementById(FIRST_DATA_ELEMENT_ID);
  if (!element || doc.documentElement.classList.contains('arbor-skip-prerender')) return null;
  try {
    kept = JSON.parse(element.textContent ?? '') as FirstData;
  } catch {
    kept = null;
  }
  element.remove();
  return kept;
}
