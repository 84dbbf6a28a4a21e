/**
 * Awaits independent work side by side (on PostgreSQL each read gets its own connection) and fails
 * as the same steps one after another would: with the error of the first that failed in the list's
 * order, not the first to fail in time, so a request's refusal never depends on which read was faster.
 */
export async function allInOrder<T extends readonly unknown[]>(
  work: readonly [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> {
  const settled = await Promise.allSettled(work);
  for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
