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
 * without spaces are found. SQLite uses the FTS5 trigram index for terms of 3+ characters and falls
 * back to a scan for shorter ones; PostgreSQL's pg_trgm index serves LIKE directly.
 */
export function termCondition(dialect: Dialect, term: string): Expression<SqlBool> {
  // FTS5 only uses its index for a plain two-argument LIKE, so terms with wildcard characters scan.
  if (dialect === 'sqlite' && [...term].length >= 3 && !/[\\%_]/.test(term)) {
    return sql<SqlBool>`shares.id IN (SELECT rowid FROM shares_fts WHERE shares_fts.search_text LIKE ${`%${term}%`})`;
  }
  const pattern = likePattern(term);
  return sql<SqlBool>`shares.search_text LIKE ${pattern} ESCAPE '\\'`;
}
