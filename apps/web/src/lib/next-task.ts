/**
 * Resolves in a task of its own. Work done in steps that each await it is one short task a step instead of
 * one long task for all of them: the page can paint and answer a tap between steps, and on a phone no step
 * blocks the main thread for long.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
