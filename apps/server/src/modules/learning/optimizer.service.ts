// Personal FSRS parameters (API.md "Personal parameters"): the optimiser runs as a background job,
// asked for by the learner or queued by itself after every 500 new explicit reviews, at most daily.
import type { OptimizeAnswer } from '@arbor/contract';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/http-errors.ts';
import { safeError } from '../../lib/safe-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { optimize } from './fsrs-optimizer.ts';
import {
  claimAutoOptimization,
  countExplicitReviews,
  explicitLogs,
  findFsrsRow,
  saveFsrsFigures,
} from './fsrs.repository.ts';
import { readSettings } from './settings.service.ts';

declare module '../../lib/jobs/jobs.ts' {
  interface JobMap {
    /** trains the learner's FSRS parameters on their explicit reviews and adopts them if better */
    'learning.optimize_fsrs': { userId: number };
  }
}

/** Fewer explicit reviews than this cannot be optimised. */
export const MIN_REVIEWS = 100;
/** The automatic optimisation runs after this many new explicit reviews… */
export const AUTO_EVERY = 500;
/** …and at most once in this long. */
const AUTO_SPACING_MS = 86_400_000;

const optimizeJob = (deps: Deps, userId: number) =>
  deps.jobs.enqueue('learning.optimize_fsrs', { userId }, { singletonKey: `user:${userId}` });

/** Queues the caller's optimisation (one waits at most); fewer than 100 explicit reviews → 400. */
export async function requestOptimization(deps: Deps, viewer: AuthUser): Promise<OptimizeAnswer> {
  const count = await countExplicitReviews(deps.db, viewer.id);
  if (count < MIN_REVIEWS) {
    throw new AppError(
      400,
      'not_enough_reviews',
      `Optimising needs at least ${MIN_REVIEWS} reviews; you have ${count}.`,
    );
  }
  await optimizeJob(deps, viewer.id);
  return { status: 'queued' };
}

/**
 * After a learner's explicit review (committed): with `auto_optimize` on, once 500 explicit reviews
 * came since the last automatic optimisation (or ever) and that one was claimed over a day ago,
 * claims the next and queues it. Claiming is one conditional update, so two processes that see the
 * 500th review at once queue one job between them. Never throws (the review stands either way).
 */
export async function afterExplicitReview(deps: Deps, userId: number): Promise<void> {
  try {
    const fsrs = await findFsrsRow(deps.db, userId);
    const now = deps.clock.now();
    const notBefore = new Date(now.getTime() - AUTO_SPACING_MS).toISOString();
    const claimedAt = fsrs?.auto_claimed_at ?? null;
    if (claimedAt !== null && claimedAt >= notBefore) return;
    if ((await countExplicitReviews(deps.db, userId, claimedAt)) < AUTO_EVERY) return;
    if (!(await readSettings(deps.db, userId)).auto_optimize) return;
    if (await claimAutoOptimization(deps.db, userId, now.toISOString(), notBefore)) await optimizeJob(deps, userId);
  } catch (error) {
    deps.log.error({ err: safeError(error), userId }, 'the automatic optimisation could not be queued');
  }
}

/**
 * The job: trains parameters on the learner's explicit reviews, scores the current and the new ones
 * on the latest part of the history, adopts the new ones only when their log loss is lower, and
 * records the figures of the try either way. A learner with too few reviews by now is left as is.
 */
export async function runOptimization(deps: Deps, { userId }: { userId: number }): Promise<void> {
  const settings = await readSettings(deps.db, userId);
  const logs = await explicitLogs(deps.db, userId);
  if (logs.length < MIN_REVIEWS) return;
  const current = settings.fsrs.parameters;
  const result = await optimize(logs, settings.timezone, current);
  if (!result) return;
  const better = result.after.logLoss < result.before.logLoss;
  await saveFsrsFigures(deps.db, userId, {
    parameters: better ? JSON.stringify(result.parameters) : current && JSON.stringify(current),
    trained_on: result.trainedOn,
    trained_at: deps.clock.nowIso(),
    log_loss_before: result.before.logLoss,
    log_loss_after: result.after.logLoss,
    rmse_before: result.before.rmse,
    rmse_after: result.after.rmse,
  });
}
