/** How much of a template's node titles search reads (a huge tree's titles stay a bounded index entry). */
export const NODE_TITLES_SEARCHED = 20_000;

/** The node titles of a template's document, in order, root first. */
export function nodeTitlesOf(data: unknown): string[] {
  const nodes = (data as { nodes?: unknown } | null)?.nodes;
  if (!Array.isArray(nodes)) return [];
  return nodes.flatMap((node) => {
    const title = (node as { title?: unknown } | null)?.title;
    return typeof title === 'string' && title.trim() ? [title] : [];
  });
}

/**
 * Normalises what search matches against: lower-case, single spaces. A template is found by its
 * title, description and tags, and by the titles of its nodes (`data`: its document).
 */
export function searchTextOf(title: string, description: string, tags: string[], data?: unknown): string {
  const head = [title, description, ...tags].join(' ');
  const nodes = nodeTitlesOf(data).join(' ').slice(0, NODE_TITLES_SEARCHED);
  return [head, nodes].join(' ').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Terms of a query: split on spaces, lower-cased; every term must match somewhere. */
export function searchTerms(query: string | undefined): string[] {
  if (!query) return [];
  return query.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
}
