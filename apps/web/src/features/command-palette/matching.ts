/** SPEC §2: search starts when the query is longer than one character. */
const MIN_QUERY_LENGTH = 2;

/** The query's words, lower-cased; empty when the query is too short to search. */
export function queryTerms(query: string): string[] {
  const trimmed = query.trim();
  if (trimmed.length < MIN_QUERY_LENGTH) return [];
  return trimmed.toLowerCase().split(/\s+/).filter(Boolean);
}

/** Every word of the query occurs in the title, case-insensitively. */
export function matchesTitle(title: string, terms: readonly string[]): boolean {
  const haystack = title.toLowerCase();
  return terms.every((term) => haystack.includes(term));
}
