// Grades made while offline (or whose request failed on the network) wait in local storage and are
// sent, oldest first, when the browser is back online or on the next load. Each carries the
// `review_id` and `reviewed_at` of the moment it was made, so a retry of a grade the server did get
// answers the first result and schedules nothing (API.md "Recall"). Pure apart from the storage and
// the sender it is given, so it is unit-tested.

export interface PendingGrade {
  card_id: number;
  rating: 1 | 2 | 3 | 4;
  review_id: string;
  reviewed_at: string;
  duration_ms?: number;
}

/** The part of `Storage` the queue uses (a Map-backed fake in tests). */
export type QueueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const PENDING_KEY = 'arbor.recall.pending';

const isPending = (value: unknown): value is PendingGrade => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.card_id === 'number' &&
    [1, 2, 3, 4].includes(v.rating as number) &&
    typeof v.review_id === 'string' &&
    typeof v.reviewed_at === 'string'
  );
};

/** The waiting grades, oldest first; anything unreadable is ignored. */
export function readPending(storage: QueueStorage, key = PENDING_KEY): PendingGrade[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isPending) : [];
  } catch {
    return [];
  }
}

function write(storage: QueueStorage, grades: PendingGrade[], key: string) {
  try {
    if (grades.length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(grades));
  } catch {
    // storage full or disabled: the grade is lost with the page, as without a queue
  }
}

/** Adds a grade at the end (once: the same `review_id` again changes nothing). */
export function enqueueGrade(storage: QueueStorage, grade: PendingGrade, key = PENDING_KEY): PendingGrade[] {
  const grades = readPending(storage, key);
  if (grades.some((g) => g.review_id === grade.review_id)) return grades;
  const next = [...grades, grade];
  write(storage, next, key);
  return next;
}

/** Takes a grade out (undone before it was sent, or sent); answers whether it was there. */
export function removeGrade(storage: QueueStorage, reviewId: string, key = PENDING_KEY): boolean {
  const grades = readPending(storage, key);
  const next = grades.filter((g) => g.review_id !== reviewId);
  if (next.length === grades.length) return false;
  write(storage, next, key);
  return true;
}

/** What became of one send: done (or refused for good: drop it), or not reached (keep it and stop). */
export type SendOutcome = 'sent' | 'rejected' | 'unreachable';

export interface FlushResult {
  sent: number;
  rejected: number;
  remaining: number;
}

/**
 * Sends the waiting grades one by one, oldest first (a card's reviews must arrive in order). A grade
 * the server took, or refused for good (the card was deleted, a 4xx), leaves the queue; the first
 * one that does not reach the server (offline, 5xx) stops the flush and it and the rest stay.
 */
export async function flushPending(
  storage: QueueStorage,
  send: (grade: PendingGrade) => Promise<SendOutcome>,
  key = PENDING_KEY,
): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, rejected: 0, remaining: 0 };
  for (const grade of readPending(storage, key)) {
    const outcome = await send(grade);
    if (outcome === 'unreachable') break;
    removeGrade(storage, grade.review_id, key);
    result[outcome === 'sent' ? 'sent' : 'rejected'] += 1;
  }
  result.remaining = readPending(storage, key).length;
  return result;
}

/** How a failed request counts: no HTTP answer (fetch threw), 5xx, 401, 408, 429 → try later; other 4xx → drop. */
export function outcomeOfError(error: unknown): SendOutcome {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== 'number') return 'unreachable';
  // 401: the session ended; the grades wait for the next sign-in rather than being lost
  if (status >= 500 || status === 401 || status === 408 || status === 429) return 'unreachable';
  return 'rejected';
}
