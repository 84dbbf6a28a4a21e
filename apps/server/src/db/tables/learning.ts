import type { ColumnType, Generated } from 'kysely';

/** `tree` or `share`: what a learner learns, by the subject's row id (no foreign key: the trees and
 * community modules announce deletions through domain events, and learning removes its rows then). */
type SubjectKindColumn = 'tree' | 'share';

export interface LearningProgressTable {
  id: Generated<number>;
  user_id: number;
  subject_kind: SubjectKindColumn;
  subject_id: number;
  node_id: string;
  /** `todo` rows exist only to keep a mastery a quiz earned */
  status: 'todo' | 'learning' | 'done' | 'skipped';
  /** 0–3, raised by quizzes, never lowered */
  mastery: number;
  updated_at: string;
}

export interface LearningNotesTable {
  id: Generated<number>;
  user_id: number;
  subject_kind: SubjectKindColumn;
  subject_id: number;
  node_id: string;
  content: string;
  /** lower-cased content: substring search (CJK included) with LIKE on both dialects */
  search_text: string;
  created_at: string;
  updated_at: string;
}

/** One row per subject a learner has touched; lists `/learn` and orders it by activity. */
export interface LearningSubjectsTable {
  id: Generated<number>;
  user_id: number;
  subject_kind: SubjectKindColumn;
  subject_id: number;
  created_at: string;
  last_activity_at: string;
}

/** Per-learner daily counts in the learner's time zone at the moment of the change. */
export interface LearningActivityDaysTable {
  user_id: number;
  day: string;
  progress: number;
  reviews: number;
}

export interface LearnerSettingsTable {
  user_id: number;
  timezone: string;
  request_retention: number;
  new_per_day: number;
  auto_cards: number;
  weekly_minutes: number;
  /** JSON array of 0–6 (0 = Monday) */
  study_days: string;
  /** 1: re-optimise the learner's FSRS parameters by itself (API.md "Personal parameters") */
  auto_optimize: ColumnType<number, number | undefined, number>;
  updated_at: string;
  /** 1–36,500 days */
  maximum_interval: Generated<number>;
  /** JSON array of durations like "10m"; null: ts-fsrs's defaults */
  learning_steps: string | null;
  relearning_steps: string | null;
  implicit_credit: Generated<number>;
  load_balance: Generated<number>;
  /** JSON array of 0–6 (0 = Monday) */
  easy_days: Generated<string>;
}

/** A learner's personal FSRS parameters and the figures of the optimiser's last try (read-only to settings calls). */
export interface LearnerFsrsTable {
  user_id: number;
  /** JSON array of 21 numbers; null: ts-fsrs's defaults */
  parameters: string | null;
  trained_on: ColumnType<number, number | undefined, number>;
  trained_at: string | null;
  log_loss_before: number | null;
  log_loss_after: number | null;
  rmse_before: number | null;
  rmse_after: number | null;
  /** when the last automatic optimisation was claimed (at most one a day) */
  auto_claimed_at: string | null;
}

export type CardStateColumn = 'new' | 'learning' | 'review' | 'relearning';

/** A learner's FSRS card on one node of a subject; the scheduling columns are ts-fsrs's `Card`. */
export interface LearningCardsTable {
  id: Generated<number>;
  user_id: number;
  subject_kind: SubjectKindColumn;
  subject_id: number;
  node_id: string;
  front: string;
  back: string;
  state: CardStateColumn;
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  last_review: string | null;
  created_at: string;
  updated_at: string;
  /** `basic`, `reversed`, `cloze` or `occlusion` */
  kind: ColumnType<CardKindColumn, CardKindColumn | undefined, CardKindColumn>;
  /** a uuid shared by the cards made from one input; null for a lone card */
  sibling_group: ColumnType<string | null, string | null | undefined, string | null>;
  /** a cloze card's number */
  cloze: ColumnType<number | null, number | null | undefined, number | null>;
  /** an occlusion card's `{"masks", "index", "mode"}` (JSON) */
  occlusion: ColumnType<string | null, string | null | undefined, string | null>;
  /** an occlusion card's image */
  image_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1: suspended by the learner (the card browser); never in a review queue */
  suspended: ColumnType<number, number | undefined, number>;
}

type CardKindColumn = 'basic' | 'reversed' | 'cloze' | 'occlusion';

/** A learner's private image for cards (occlusion, Markdown); loaded by its capability URL. */
export interface LearningCardImagesTable {
  id: Generated<number>;
  user_id: number;
  storage_key: string;
  /** the unguessable part of the image's URL */
  secret: string;
  width: number;
  height: number;
  bytes: number;
  content_type: string;
  created_at: string;
}

/**
 * A counter per learner and subject, raised by database triggers on every write of their cards, so a
 * process can tell that cards it read earlier are still what is stored (migration 20261206_0001).
 */
export interface LearningCardVersionsTable {
  user_id: number;
  subject_kind: SubjectKindColumn;
  subject_id: number;
  /** bigint: a string on PostgreSQL */
  version: number | string;
}

/**
 * Which card raised a subject's counter to each version (the last 1,000 versions of a subject), written by
 * the same triggers (migration 20261206_0701): a process behind by a few versions re-reads just those cards.
 */
export interface LearningCardChangesTable {
  user_id: number;
  subject_kind: SubjectKindColumn;
  subject_id: number;
  version: number;
  card_id: number;
}

/** ts-fsrs's `ReviewLog` of one review, plus what undo and a retried review need. */
export interface LearningReviewLogsTable {
  id: Generated<number>;
  card_id: number;
  user_id: number;
  review_id: string;
  rating: number;
  /** the card's state before the review */
  state: CardStateColumn;
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  last_elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reviewed_at: string;
  duration_ms: number | null;
  /** JSON of the card's scheduling fields before the review (undo restores them) */
  card_before: string;
  /** JSON of the review's answer (a retry with the same review_id gets it again) */
  answer: string;
  /** `explicit`: the learner's own review; `implicit`: credit from a review on a node waiting for this one */
  kind: Generated<'explicit' | 'implicit'>;
  /** an implicit log's source: the card reviewed and its log */
  source_card_id: number | null;
  source_log_id: number | null;
}

export interface LearningQuizzesTable {
  id: Generated<number>;
  user_id: number;
  subject_kind: SubjectKindColumn;
  subject_id: number;
  uuid: string;
  node_id: string;
  /** JSON `[{question, choices, answer, explanation}]` */
  questions: string;
  created_at: string;
  submitted_at: string | null;
  /** the AI request log of its generation (its response is withheld until the submit) */
  request_log_id: number | null;
}

export interface LearningPlansTable {
  id: Generated<number>;
  user_id: number;
  subject_kind: SubjectKindColumn;
  subject_id: number;
  target: string | null;
  start_date: string;
  active: number;
  created_at: string;
  updated_at: string;
}

export interface LearningCalendarFeedsTable {
  user_id: number;
  token: string;
  created_at: string;
}

export interface LearningTables {
  learning_progress: LearningProgressTable;
  learning_notes: LearningNotesTable;
  learning_subjects: LearningSubjectsTable;
  learning_activity_days: LearningActivityDaysTable;
  learner_settings: LearnerSettingsTable;
  learner_fsrs: LearnerFsrsTable;
  learning_cards: LearningCardsTable;
  learning_card_versions: LearningCardVersionsTable;
  learning_card_changes: LearningCardChangesTable;
  learning_card_images: LearningCardImagesTable;
  learning_review_logs: LearningReviewLogsTable;
  learning_quizzes: LearningQuizzesTable;
  learning_plans: LearningPlansTable;
  learning_calendar_feeds: LearningCalendarFeedsTable;
}
