import type { AiUsageDay } from '@arbor/contract';

/**
 * The last `count` UTC days, oldest first, with zeros where the server reported nothing, so the
 * chart's bars always stand for the same days (the server may list only days that had calls).
 */
export function fillDays(reported: readonly AiUsageDay[], count: number, today = new Date()): AiUsageDay[] {
  const byDate = new Map(reported.map((d) => [d.date, d]));
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (count - 1 - i)));
    const date = day.toISOString().slice(0, 10);
    return byDate.get(date) ?? { date, calls: 0, errors: 0, prompt_tokens: 0, completion_tokens: 0 };
  });
}
