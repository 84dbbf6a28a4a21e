import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export const TEMPLATE_TABS = ['tree', 'reviews', 'discussion', 'history'] as const;
export type TemplateTab = (typeof TEMPLATE_TABS)[number];

/** The template page's place, read from its URL: `?tab=`, the Discussion's `?node=` filter, the Tree's `?focus=` node. */
export function templatePlace(params: URLSearchParams): {
  tab: TemplateTab;
  node: string | null;
  focus: string | null;
} {
  const raw = params.get('tab');
  const tab = (TEMPLATE_TABS as readonly string[]).includes(raw ?? '') ? (raw as TemplateTab) : 'tree';
  return {
    tab,
    node: tab === 'discussion' ? params.get('node') || null : null,
    focus: tab === 'tree' ? params.get('focus') || null : null,
  };
}

/** The search of a place: only what the tab uses, and no `tab` for the default Tree tab. */
export function placeSearch(
  tab: TemplateTab,
  extra: { node?: string | null; focus?: string | null } = {},
): URLSearchParams {
  const params = new URLSearchParams();
  if (tab !== 'tree') params.set('tab', tab);
  if (tab === 'discussion' && extra.node) params.set('node', extra.node);
  if (tab === 'tree' && extra.focus) params.set('focus', extra.focus);
  return params;
}

/** The chosen tab kept in the URL, so a link opens it (and Back returns to the previous tab). */
export function useTemplateTabs() {
  const [params, setParams] = useSearchParams();
  const place = templatePlace(params);
  const setTab = useCallback((tab: TemplateTab) => setParams(placeSearch(tab)), [setParams]);
  /** the Discussion tab, on one node's threads (or all with null) */
  const showDiscussion = useCallback(
    (node: string | null) => setParams(placeSearch('discussion', { node })),
    [setParams],
  );
  /** the Tree tab with one node selected and centred */
  const showNode = useCallback((focus: string) => setParams(placeSearch('tree', { focus })), [setParams]);
  return { ...place, setTab, showDiscussion, showNode };
}
