import { z } from 'zod';

export const Locale = z.enum(['zh-CN', 'en-US', 'ja-JP']);
export type Locale = z.infer<typeof Locale>;

/**
 * Largest row id (a PostgreSQL `serial` is a 32-bit integer). A larger number names no row, and
 * PostgreSQL refuses it in a query ("out of range"), so ids are validated against it at the edge.
 */
export const MAX_ID = 2_147_483_647;

/** A numeric id in a JSON body. */
export const Id = z.number().int().positive().max(MAX_ID);

/** A numeric id in a query string (`?tree=12`). */
export const idQuery = (name: string) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be an id`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_ID, `${name} must be an id`);

/** A numeric id in a path: `/things/{id}/`. */
export const IdParam = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

/** Public view of a user shown next to content they own. */
export const UserSummary = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar_url: z.string(),
});
export type UserSummary = z.infer<typeof UserSummary>;

export const DEFAULT_AVATAR_PATH = '/images/avatar-64.png';
export const EmptyObject = z.object({});
