import { DEFAULT_PAGE_SIZE, type Paginated } from '@arbor/contract';
import type { FastifyRequest } from 'fastify';

export interface PageWindow {
  page: number;
  pageSize: number;
  offset: number;
}

/** Page and size from an already validated `PageQuery`. */
export function pageWindow(query: { page?: number; page_size?: number }): PageWindow {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** Builds the DRF envelope with absolute `next`/`previous` links that keep the other query parameters. */
export function paginate<T>(
  request: FastifyRequest,
  baseUrl: string,
  window: PageWindow,
  count: number,
  results: T[],
): Paginated<T> {
  const link = (page: number) => {
    const url = new URL(request.url, baseUrl);
    if (page === 1) url.searchParams.delete('page');
    else url.searchParams.set('page', String(page));
    return url.toString();
  };
  const lastPage = Math.max(1, Math.ceil(count / window.pageSize));
  return {
    count,
    next: window.page < lastPage ? link(window.page + 1) : null,
    previous: window.page > 1 ? link(Math.min(window.page - 1, lastPage)) : null,
    results,
  };
}
