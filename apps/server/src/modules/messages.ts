import type { MessageCatalog } from '../lib/messages/index.ts';
import { ACCOUNTS_MESSAGES } from './accounts/index.ts';
import { AI_MESSAGES } from './ai/index.ts';
import { ANKI_MESSAGES } from './anki/index.ts';
import { DISCUSSION_MESSAGES } from './discussion/index.ts';
import { GROUPS_MESSAGES } from './groups/index.ts';
import { LEARNING_MESSAGES } from './learning/index.ts';
import { MODERATION_MESSAGES } from './moderation/index.ts';
import { NOTIFICATIONS_MESSAGES } from './notifications/index.ts';
import { REVIEWS_MESSAGES } from './reviews/index.ts';
import { SHARES_MESSAGES } from './shares/index.ts';
import { SOCIAL_MESSAGES } from './social/index.ts';
import { SUGGESTIONS_MESSAGES } from './suggestions/index.ts';
import { TREES_MESSAGES } from './trees/index.ts';
import { TUTOR_MESSAGES } from './tutor/index.ts';

/** Every module's messages, registered into lib's catalog when the app is built (`registerModules`). */
export const MODULE_MESSAGES: readonly MessageCatalog[] = [
  ACCOUNTS_MESSAGES,
  AI_MESSAGES,
  ANKI_MESSAGES,
  DISCUSSION_MESSAGES,
  GROUPS_MESSAGES,
  LEARNING_MESSAGES,
  MODERATION_MESSAGES,
  NOTIFICATIONS_MESSAGES,
  REVIEWS_MESSAGES,
  SHARES_MESSAGES,
  SOCIAL_MESSAGES,
  SUGGESTIONS_MESSAGES,
  TREES_MESSAGES,
  TUTOR_MESSAGES,
];
