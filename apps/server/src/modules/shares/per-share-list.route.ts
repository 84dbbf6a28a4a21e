import { paginated } from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { paginate, pageWindow, type PageWindow } from '../../lib/pagination.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { ShareParams } from './shares.routes.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

interface ShareListRoute<Q extends z.ZodObject, I extends z.ZodType> {
  /** e.g. `/community/trees-shared/:id/reviews/` */
  url: string;
  /** the list's filters; it must take `page` and `page_size` (PageQuery) */
  querystring: Q;
  item: I;
  load: (
    viewer: AuthUser | null,
    shareId: string,
    query: z.infer<Q>,
    window: PageWindow,
  ) => Promise<{ count: number; results: Array<z.infer<I>> }>;
}

/**
 * A template's public paged list (reviews, comments, suggestions): readable without an account,
 * answered in the DRF envelope. The service decides what the viewer may see.
 */
export function registerShareList<Q extends z.ZodObject, I extends z.ZodType>(
  app: ZodApp,
  { url, querystring, item, load }: ShareListRoute<Q, I>,
): void {
  app.get(
    url,
    {
      schema: {
        tags: ['community'],
        security: [],
        params: ShareParams,
        querystring,
        response: { 200: paginated(item) },
      },
    },
    async (request) => {
      const query = request.query as z.infer<Q> & { page?: number; page_size?: number };
      const window = pageWindow(query);
      const { count, results } = await load(request.user, request.params.id, query, window);
      return paginate(request, app.config.publicBaseUrl, window, count, results);
    },
  );
}
