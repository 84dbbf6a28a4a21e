import { DEFAULT_AVATAR_PATH } from '@arbor/contract';
import { mediaPath } from '../storage/storage.ts';

/** Absolute URL of an avatar storage key (from `profiles.avatar_key`), or of the default avatar. */
export const avatarUrlOf = (baseUrl: string, key: string | null | undefined): string =>
  `${baseUrl}${key ? mediaPath(key) : DEFAULT_AVATAR_PATH}`;
