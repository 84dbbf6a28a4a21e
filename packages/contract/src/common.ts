import { z } from 'zod';

export const Locale = z.enum(['zh-CN', 'en-US', 'ja-JP']);
export type Locale = z.infer<typeof Locale>;

/** A numeric id in a path: `/things/{id}/`. */
export const IdParam = z.object({ id: z.coerce.number().int().positive() });

/** Public view of a user shown next to content they own. */
export const UserSummary = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar_url: z.string(),
});
export type UserSummary = z.infer<typeof UserSummary>;

export const DEFAULT_AVATAR_PATH = '/images/avatar-64.png';
export const EmptyObject = z.object({});
