import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The tabs the page itself knows the places of: the Tree (its own) and the community's (template-tab-slot.ts). */
export const TEMPLATE_TABS = ['tree', 'reviews', 'discussion', 'suggestions', 'history'] as const;
/** A tab's id: `tree`, or one of the tabs features put in the page's slot. */
export type TemplateTab = string;

/** A suggestion id of the URL (`?suggestion=`), or null when absent or not a positive whole number. */
function suggestionId(raw: string | null): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 ? id : null;
}

/**
 * The template page's place, read from its URL: `?tab=`, the Discussion's `?node=` filter, the Tree's
 * `?node=` to select and centre (the deep-link form every link to a node uses; `?focus=` of older
 * links too), the Suggestions tab's open `?suggestion=`.
 */
export function templatePlace(
  params: URLSearchParams,
  known: readonly TemplateTab[] = TEMPLATE_TABS,
): {
  tab: TemplateTab;
  node: string | null;
  focus: string | null;
  suggestion: number | null;
} {
  const raw = params.get('tab');
  const tab = raw && known.includes(raw) ? raw : 'tree';
  return {
    tab,
    node: tab === 'discussion' ? params.get('node') || null : null,
    focus: tab === 'tree' ? params.get('node') || params.get('focus') || null : null,
    suggestion: tab === 'suggestions' ? suggestionId(params.get('suggestion')) : null,
  };
}

/** Parameters of the page that outlive a change of tab: learning mode (`?learn=1`). */
const KEPT_PARAMS = ['learn'] as const;

/**
 * The search of a place: only what the tab uses, and no `tab` for the default Tree tab; what
 * outlives a tab change (learning mode) is kept from `current`.
 */
export function placeSearch(
  tab: TemplateTab,
  extra: { node?: string | null; focus?: string | null; suggestion?: number | null } = {},
  current?: URLSearchParams,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of KEPT_PARAMS) {
    const value = current?.get(name);
    if (value) params.set(name, value);
  }
  if (tab !== 'tree') params.set('tab', tab);
  if (tab === 'discussion' && extra.node) params.set('node', extra.node);
  if (tab === 'tree' && extra.focus) params.set('node', extra.focus);
  if (tab === 'suggestions' && extra.suggestion) params.set('suggestion', String(extra.suggestion));
  return params;
}

/** The chosen tab kept in the URL, so a link opens it (and Back returns to the previous tab); `known`: the page's tabs. */
export function useTemplateTabs(known: readonly TemplateTab[]) {
  const [params, setParams] = useSearchParams();
  const place = templatePlace(params, known);
  const setTab = useCallback((tab: TemplateTab) => setParams((now) => placeSearch(tab, {}, now)), [setParams]);
  /** the Discussion tab, on one node's threads (or all with null) */
  const showDiscussion = useCallback(
    (node: string | null) => setParams((now) => placeSearch('discussion', { node }, now)),
    [setParams],
  );
  /** the Tree tab with one node selected and centred */
  const showNode = useCallback((focus: string) => setParams((now) => placeSearch('tree', { focus }, now)), [setParams]);
  /** the Suggestions tab on one suggestion (or its list with null) */
  const showSuggestion = useCallback(
    (suggestion: number | null) => setParams((now) => placeSearch('suggestions', { suggestion }, now)),
    [setParams],
  );
  return { ...place, setTab, showDiscussion, showNode, showSuggestion };
}

/** The template page's place and the ways to move it (what a tab in the page's slot is given). */
export type TemplatePlaceControls = ReturnType<typeof useTemplateTabs>;
