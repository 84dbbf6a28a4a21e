import { sql, type Expression, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/connection.ts';

/** Normalises what search matches against: lower-case, single spaces. */
export function searchTextOf(title: string, description: string, tags: string[]): string {
  return [title, description, ...tags].join(' ').toLowerCase().replace(/\s+/g, ' ').trim();
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
