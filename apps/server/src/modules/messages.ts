import type { MessageCatalog } from '../lib/messages/index.ts';
import { ACCOUNTS_MESSAGES } from './accounts/index.ts';
import { AI_MESSAGES } from './ai/index.ts';
import { COMMUNITY_MESSAGES } from './community/index.ts';
import { LEARNING_MESSAGES } from './learning/index.ts';
import { NOTIFICATIONS_MESSAGES } from './notifications/index.ts';
import { TREES_MESSAGES } from './trees/index.ts';

/** Every module's messages, registered into lib's catalog when the app is built (`registerModules`). */
export const MODULE_MESSAGES: readonly MessageCatalog[] = [
  ACCOUNTS_MESSAGES,
  AI_MESSAGES,
  COMMUNITY_MESSAGES,
  LEARNING_MESSAGES,
  NOTIFICATIONS_MESSAGES,
  TREES_MESSAGES,
];
