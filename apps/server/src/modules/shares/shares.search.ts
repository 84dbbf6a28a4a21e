import { sql, type Expression, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/connection.ts';

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

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A condition on `shares` matching one search term as a substring, so Chinese and Japanese words
 * without spaces are found. SQLite uses the FTS5 trigram index for terms of 3+ characters (trigrams
 * need three) and LIKE for shorter ones or `narrowed` rows; PostgreSQL's pg_trgm index serves LIKE
 * directly (its planner makes the same choice by itself).
 */
export function termCondition(
  dialect: Dialect,
  term: string,
  options: { narrowed?: boolean } = {},
): Expression<SqlBool> {
  // A quoted phrase against the trigram index is a case-insensitive substring match, like LIKE
  // '%term%', but answered from the index (about six times faster than LIKE on FTS5 here). When
  // another filter already narrows the rows to a few thousand (a tag), checking each of them with
  // LIKE is cheaper than collecting every index match (8× at 100,000 templates, bench/README.md).
  if (dialect === 'sqlite' && !options.narrowed && [...term].length >= 3) {
    return sql<SqlBool>`shares.id IN (SELECT rowid FROM shares_fts WHERE shares_fts MATCH ${`"${term.replace(/"/g, '""')}"`})`;
  }
  const pattern = likePattern(term);
  return sql<SqlBool>`shares.search_text LIKE ${pattern} ESCAPE '\\'`;
}
