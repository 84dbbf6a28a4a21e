import { NodeId } from '@arbor/tree-core';
import { z } from 'zod';
import { Locale } from './common.ts';
import { ModelRef, TokenUsage } from './ai.ts';
import { cardBrowserFields } from './card-browser.ts';
import { cardKindFields } from './card-kinds.ts';
import {
  atMostOneSubject,
  atMostOneSubjectIssue,
  exactlyOneSubject,
  oneSubjectIssue,
  Progress,
  Subject,
  subjectFields,
} from './learning.ts';
import { PageQuery } from './pagination.ts';

/** API.md "Recall": cards scheduled with FSRS (`ts-fsrs` 5.x), AI-drafted cards and quizzes. */

export const CARD_FRONT_MAX = 2_000;
export const CARD_BACK_MAX = 10_000;
export const CARD_STATES = ['new', 'learning', 'review', 'relearning'] as const;
export const CardState = z.enum(CARD_STATES);
export type CardState = z.infer<typeof CardState>;

export const Card = z
  .object({
    id: z.number().int(),
    subject: Subject,
    node_id: z.string(),
    front: z.string(),
    back: z.string(),
    state: CardState,
    due: z.string(),
    stability: z.number(),
    difficulty: z.number(),
    reps: z.number().int(),
    lapses: z.number().int(),
    last_review: z.string().nullable(),
    scheduled_days: z.number().int().describe('read-only; lets a client preview the next intervals with ts-fsrs'),
    learning_steps: z.number().int().describe('read-only; ts-fsrs short-term step of a learning card'),
    ...cardKindFields,
    suspended: z.boolean().describe('kept out of every review queue until unsuspended (the card browser)'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Card' });
export type Card = z.infer<typeof Card>;

export const cardFront = z
  .string()
  .trim()
  .min(1, 'The front cannot be empty.')
  .max(CARD_FRONT_MAX, 'The front is at most 2,000 characters.');
export const cardBack = z.string().max(CARD_BACK_MAX, 'The back is at most 10,000 characters.');

export const CardsQuery = PageQuery.extend({
  ...subjectFields,
  node_id: NodeId.optional(),
  state: CardState.optional(),
  ...cardBrowserFields,
});
export type CardsQuery = z.infer<typeof CardsQuery>;

export const CardCreateBody = z
  .object({ ...subjectFields, node_id: NodeId, front: cardFront, back: cardBack })
  .refine(exactlyOneSubject, oneSubjectIssue);
export type CardCreateBody = z.infer<typeof CardCreateBody>;

export const CardPatchBody = z.object({ front: cardFront.optional(), back: cardBack.optional() }).strict();
export type CardPatchBody = z.infer<typeof CardPatchBody>;

export const REVIEW_RATINGS = [1, 2, 3, 4] as const;
export const ReviewRating = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type ReviewRating = z.infer<typeof ReviewRating>;

export const ReviewBody = z.object({
  rating: ReviewRating,
  review_id: z
    .string()
    .regex(/^[0-9a-fA-F-]{8,64}$/, 'review_id must be a client-made uuid.')
    .describe('client uuid; the same id again answers the first result and schedules nothing'),
  reviewed_at: z.iso.datetime({ offset: true, message: 'reviewed_at must be an ISO 8601 date-time.' }).optional(),
  duration_ms: z.number().int().min(0).max(86_400_000).optional(),
});
export type ReviewBody = z.infer<typeof ReviewBody>;

export const ReviewLog = z
  .object({
    id: z.number().int(),
    rating: ReviewRating,
    state: CardState.describe('the state the card was in before this review'),
    due: z.string(),
    stability: z.number(),
    difficulty: z.number(),
    scheduled_days: z.number().int(),
    reviewed_at: z.string(),
    kind: z
      .enum(['explicit', 'implicit'])
      .describe('explicit: the learner’s own review; implicit: credit from a review on a node waiting for this one'),
  })
  .meta({ id: 'ReviewLog' });
export type ReviewLog = z.infer<typeof ReviewLog>;

export const StrengthenedNode = z.object({ node_id: z.string(), title: z.string() });
export type StrengthenedNode = z.infer<typeof StrengthenedNode>;

export const ReviewResult = z
  .object({
    card: Card,
    log: ReviewLog,
    strengthened: z
      .array(StrengthenedNode)
      .describe(
        'nodes whose cards this review also refreshed by implicit credit (API.md "Memory on the tree"), nearest first',
      ),
  })
  .meta({ id: 'ReviewResult' });
export type ReviewResult = z.infer<typeof ReviewResult>;

/** The review sessions of `GET /api/learn/review/`: today's due cards, cards due soon, or the weakest. */
export const REVIEW_MODES = ['due', 'ahead', 'at_risk'] as const;
export type ReviewMode = (typeof REVIEW_MODES)[number];
export const REVIEW_AHEAD_MAX_DAYS = 30;

export const ReviewQueueQuery = z
  .object({
    limit: z
      .string()
      .regex(/^\d+$/, 'limit must be a whole number from 1 to 200')
      .transform(Number)
      .refine((n) => n >= 1 && n <= 200, 'limit must be a whole number from 1 to 200')
      .optional(),
    ...subjectFields,
    mode: z
      .enum(REVIEW_MODES, { error: 'mode is one of due, ahead or at_risk.' })
      .optional()
      .describe(
        'due (default): due cards, then new ones; ahead: cards not yet due within `days`, soonest first; ' +
          'at_risk: reviewed cards under the learner’s request_retention now, weakest first',
      ),
    days: z
      .string()
      .regex(/^\d+$/, 'days is a whole number from 1 to 30.')
      .transform(Number)
      .refine((n) => n >= 1 && n <= REVIEW_AHEAD_MAX_DAYS, 'days is a whole number from 1 to 30.')
      .optional()
      .describe('with mode=ahead: 1–30 (1)'),
    within_days: z
      .string()
      .regex(/^\d+$/, 'within_days must be a whole number from 1 to 7')
      .transform(Number)
      .refine((n) => n >= 1 && n <= 7, 'within_days must be a whole number from 1 to 7')
      .optional()
      .describe(
        'with mode=due: also the cards coming due before the end of the local day `within_days` days after today (an offline client keeps them); counts stay today’s',
      ),
  })
  .refine(atMostOneSubject, atMostOneSubjectIssue)
  .refine((q) => q.days === undefined || q.mode === 'ahead', {
    message: 'days goes with mode=ahead only.',
    path: ['days'],
  })
  .refine((q) => q.within_days === undefined || (q.mode ?? 'due') === 'due', {
    message: 'within_days goes with mode=due only.',
    path: ['within_days'],
  });
export type ReviewQueueQuery = z.infer<typeof ReviewQueueQuery>;

export const ReviewQueue = z
  .object({
    cards: z.array(Card),
    counts: z.object({ new: z.number().int(), learning: z.number().int(), review: z.number().int() }),
  })
  .meta({ id: 'ReviewQueue' });
export type ReviewQueue = z.infer<typeof ReviewQueue>;

export const ReviewStats = z
  .object({
    reviews_today: z.number().int(),
    due_today: z.number().int(),
    retention_30d: z.number().nullable(),
    forecast: z.array(z.object({ date: z.string(), due: z.number().int() })),
    cards: z.object({
      new: z.number().int(),
      learning: z.number().int(),
      review: z.number().int(),
      relearning: z.number().int(),
    }),
  })
  .meta({ id: 'ReviewStats' });
export type ReviewStats = z.infer<typeof ReviewStats>;

const generateFields = (defaultCount: number) => ({
  ...subjectFields,
  node_id: NodeId,
  count: z.number().int().min(1).max(10).optional().describe(`1–10 (${defaultCount})`),
  language: Locale.optional(),
  model: ModelRef.optional(),
});

export const GenerateCardsBody = z.object(generateFields(3)).refine(exactlyOneSubject, oneSubjectIssue);
export type GenerateCardsBody = z.infer<typeof GenerateCardsBody>;

export const CardDraft = z.object({
  front: z.string().describe('for a cloze draft, the text with its {{c1::…}} markers'),
  back: z.string(),
  kind: z.enum(['basic', 'cloze']).describe('cloze: a draft for POST /api/learn/cards/batch/ with kind cloze'),
});
export type CardDraft = z.infer<typeof CardDraft>;

export const GeneratedCards = z
  .object({ cards: z.array(CardDraft), usage: TokenUsage.optional(), request_log: z.number().int() })
  .meta({ id: 'GeneratedCards' });
export type GeneratedCards = z.infer<typeof GeneratedCards>;

export const GenerateQuizBody = z.object(generateFields(5)).refine(exactlyOneSubject, oneSubjectIssue);
export type GenerateQuizBody = z.infer<typeof GenerateQuizBody>;

export const QuizQuestion = z.object({ question: z.string(), choices: z.array(z.string()).length(4) });
export type QuizQuestion = z.infer<typeof QuizQuestion>;

export const GeneratedQuiz = z
  .object({ quiz: z.string(), questions: z.array(QuizQuestion), request_log: z.number().int() })
  .meta({ id: 'GeneratedQuiz' });
export type GeneratedQuiz = z.infer<typeof GeneratedQuiz>;

export const QuizSubmitBody = z.object({
  answers: z.array(z.number().int().min(0).max(3)).min(1).max(10).describe('a choice index per question'),
});
export type QuizSubmitBody = z.infer<typeof QuizSubmitBody>;

export const QuizResult = z
  .object({
    correct: z.number().int(),
    total: z.number().int(),
    results: z.array(z.object({ correct_index: z.number().int(), explanation: z.string() })),
    mastery: z.number().int().min(0).max(3),
    progress: Progress,
  })
  .meta({ id: 'QuizResult' });
export type QuizResult = z.infer<typeof QuizResult>;

export const QuizParam = z.object({ uuid: z.uuid('Not a quiz id.') });
