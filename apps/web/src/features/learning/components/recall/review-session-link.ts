import { REVIEW_AHEAD_MAX_DAYS, type ReviewMode } from '@arbor/contract';
import type { SubjectRef } from '../../api/useProgress.ts';
import { NODES_PARAM, subjectOfParams } from '../memory/review-scope.ts';

/**
 * A review session other than today's whole queue (issue 33 "Per-subject study"): one subject's due
 * cards, "review ahead" (`days`) or "the at-risk ones", each optionally of one subject, with a limit.
 * Its URL is `/learn/review?mode=&days=&limit=&tree=|share=`, as GET /api/learn/review/ reads it.
 */
export interface ReviewSessionSpec {
  mode: ReviewMode;
  subject: SubjectRef | null;
  /** "review ahead": 1–30 */
  days?: number;
  /** 1–200 */
  limit?: number;
}

export const SESSION_LIMIT_DEFAULT = 50;
export const SESSION_LIMIT_MAX = 200;
export const AHEAD_DAYS_DEFAULT = 7;

const inRange = (value: string | null, min: number, max: number) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};

export function reviewSessionPath(spec: ReviewSessionSpec): string {
  const params = new URLSearchParams();
  if (spec.mode !== 'due') params.set('mode', spec.mode);
  if (spec.mode === 'ahead') params.set('days', String(spec.days ?? AHEAD_DAYS_DEFAULT));
  if (spec.limit !== undefined) params.set('limit', String(spec.limit));
  if (spec.subject) params.set(spec.subject.kind, spec.subject.uuid);
  return `/learn/review?${params.toString()}`;
}

/** The session a URL names, or null for today's whole queue (or the memory view's `nodes=` scope). */
export function reviewSessionOf(params: URLSearchParams): ReviewSessionSpec | null {
  if (params.get(NODES_PARAM)) return null;
  const subject = subjectOfParams(params);
  const rawMode = params.get('mode');
  const mode: ReviewMode = rawMode === 'ahead' || rawMode === 'at_risk' ? rawMode : 'due';
  if (mode === 'due' && !subject) return null;
  const limit = inRange(params.get('limit'), 1, SESSION_LIMIT_MAX);
  return {
    mode,
    subject,
    ...(mode === 'ahead' ? { days: inRange(params.get('days'), 1, REVIEW_AHEAD_MAX_DAYS) ?? AHEAD_DAYS_DEFAULT } : {}),
    ...(limit !== undefined ? { limit } : {}),
  };
}
