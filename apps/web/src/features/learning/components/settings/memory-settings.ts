/**
 * Settings' read-only `fsrs` (API.md "Personal parameters"). Branch memjobs brings it to the contract
 * as `FsrsFigures`; the web reads it structurally, so it works with servers that do not send it yet.
 */
export interface FsrsFigures {
  parameters: number[] | null;
  trained_on: number;
  trained_at: string | null;
  log_loss_before: number | null;
  log_loss_after: number | null;
  rmse_before: number | null;
  rmse_after: number | null;
}

/** The fields of `draft` that differ from `saved` (a PATCH sends only what changed). */
export function settingsPatch<T extends object>(draft: T, saved: object): Partial<T> {
  const before = saved as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(draft).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key])),
  ) as Partial<T>;
}

/** A 400's `fields` by the setting they name (`learning_steps.1` is the learning steps' field). */
export function fieldErrors(fields: Record<string, string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(fields)) {
    const name = key.split(/[.[]/)[0]!;
    out[name] = [out[name], ...messages].filter(Boolean).join(' ');
  }
  return out;
}

/**
 * How much better the adopted parameters fit the learner's history, in whole percent of the log loss
 * before ("your schedule now fits your memory 18 % better"); 0 when the try kept the old ones, null
 * when nothing was measured.
 */
export function fitImprovement(fsrs: Pick<FsrsFigures, 'log_loss_before' | 'log_loss_after'>): number | null {
  const { log_loss_before: before, log_loss_after: after } = fsrs;
  if (before === null || after === null || before <= 0) return null;
  return after < before ? Math.max(1, Math.round(((before - after) / before) * 100)) : 0;
}
