import type { Generated } from 'kysely';

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
  updated_at: string;
  /** 1–36,500 days */
  maximum_interval: Generated<number>;
  /** JSON array of durations like "10m"; null: ts-fsrs's defaults */
  learning_steps: string | null;
  relearning_steps: string | null;
  implicit_credit: Generated<number>;
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
  learning_cards: LearningCardsTable;
  learning_review_logs: LearningReviewLogsTable;
  learning_quizzes: LearningQuizzesTable;
  learning_plans: LearningPlansTable;
  learning_calendar_feeds: LearningCalendarFeedsTable;
}
