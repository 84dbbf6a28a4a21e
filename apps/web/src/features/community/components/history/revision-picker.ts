/** Which two revisions the History tab compares: `from` older, `to` newer; `from` null when `to` is the first. */
export interface RevisionPair {
  from: number | null;
  to: number;
}

/** How many revisions may be ticked at once. */
const MAX_PICKED = 2;

/**
 * Ticks or unticks a revision. At most two stay ticked: ticking a third lets go of the one ticked
 * earliest, so the last two choices are compared.
 */
export function togglePick(picked: readonly number[], revision: number): number[] {
  if (picked.includes(revision)) return picked.filter((r) => r !== revision);
  return [...picked, revision].slice(-MAX_PICKED);
}

/**
 * The comparison the ticks ask for, given the revisions listed newest first: two ticks compare the
 * older with the newer (whatever order they were ticked in); one compares it with the revision before
 * it; none compares the newest with the one before. Null when there is no revision at all.
 */
export function pairOf(picked: readonly number[], revisions: readonly number[]): RevisionPair | null {
  const known = picked.filter((r) => revisions.includes(r));
  if (known.length >= 2) {
    const [a, b] = known.slice(-2) as [number, number];
    return { from: Math.min(a, b), to: Math.max(a, b) };
  }
  const to = known[0] ?? revisions[0];
  if (to === undefined) return null;
  // revisions are numbered 1, 2, 3… with none missing: the one before is one less
  return { from: to > 1 ? to - 1 : null, to };
}
