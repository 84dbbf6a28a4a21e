import type { AiTables } from './tables/ai.ts';
import type { AnkiTables } from './tables/anki.ts';
import type { AccountsTables } from './tables/accounts.ts';
import type { AuthorsTables } from './tables/authors.ts';
import type { CacheTables } from './tables/cache.ts';
import type { CommentsTables } from './tables/comments.ts';
import type { CommunityTables } from './tables/community.ts';
import type { GroupsTables } from './tables/groups.ts';
import type { LearningTables } from './tables/learning.ts';
import type { ModerationTables } from './tables/moderation.ts';
import type { NotificationsTables } from './tables/notifications.ts';
import type { TreesTables } from './tables/trees.ts';
import type { TutorTables } from './tables/tutor.ts';
import type { UsersTables } from './tables/users.ts';

/**
 * The whole database as Kysely sees it. Each feature declares its tables in `tables/<feature>.ts`
 * and adds them here. Timestamps are ISO strings, booleans are 0/1 integers on both dialects.
 */
export interface Database
  extends
    UsersTables,
    AccountsTables,
    AiTables,
    CommunityTables,
    TreesTables,
    CacheTables,
    LearningTables,
    CommentsTables,
    ModerationTables,
    AuthorsTables,
    NotificationsTables,
    GroupsTables,
    TutorTables,
    AnkiTables {}
