import { z } from 'zod';

/** Default and smallest size of an embedded template (the iframe of `/embed/community/{uuid}`). */
export const EMBED_SIZE = { width: 800, height: 600, minWidth: 200, minHeight: 150 } as const;

/** `GET /api/oembed/` (oEmbed 1.0): the page to embed and the largest size the consumer has room for. */
export const OembedQuery = z.object({
  url: z
    .string()
    .min(1)
    .max(2000)
    .describe('a template URL: {PUBLIC_BASE_URL}/community/{uuid} or /embed/community/{uuid}'),
  maxwidth: z.coerce.number().int().positive().max(100_000).optional(),
  maxheight: z.coerce.number().int().positive().max(100_000).optional(),
  format: z.literal('json').optional().describe('only JSON is answered'),
});
export type OembedQuery = z.infer<typeof OembedQuery>;

/** An oEmbed 1.0 `rich` answer: an iframe of the template's embed page. */
export const OembedResponse = z
  .object({
    type: z.literal('rich'),
    version: z.literal('1.0'),
    title: z.string(),
    author_name: z.string(),
    author_url: z.string(),
    provider_name: z.literal('Arbor'),
    provider_url: z.string(),
    html: z.string().describe('an <iframe> of /embed/community/{uuid}, every value HTML-escaped'),
    width: z.number().int(),
    height: z.number().int(),
    thumbnail_url: z.string().optional(),
    cache_age: z.number().int().optional(),
  })
  .meta({ id: 'OembedResponse' });
export type OembedResponse = z.infer<typeof OembedResponse>;
