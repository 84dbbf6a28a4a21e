/**
 * Anki's cloze markers, `{{c1::answer}}` and `{{c1::answer::hint}}`, read the same way by the server
 * (one card per distinct number) and the web app (the gap of a card, its live preview).
 */

const MARKER = /\{\{c(\d{1,3})::([\s\S]*?)(?:::([\s\S]*?))?\}\}/g;

export interface ClozeMarker {
  /** the n of {{cn::…}} */
  n: number;
  answer: string;
  hint: string | null;
  /** where the marker starts and ends in the text */
  start: number;
  end: number;
}

/** Every marker of a text, in order (numbers from 1; `{{c0::…}}` is not a marker, as in Anki). */
export function clozeMarkers(text: string): ClozeMarker[] {
  const found: ClozeMarker[] = [];
  for (const match of text.matchAll(MARKER)) {
    const n = Number(match[1]);
    if (n < 1) continue;
    const start = match.index;
    found.push({ n, answer: match[2]!, hint: match[3] ?? null, start, end: start + match[0].length });
  }
  return found;
}

/** The distinct cloze numbers of a text, ascending: one card each. */
export function clozeNumbers(text: string): number[] {
  return [...new Set(clozeMarkers(text).map((marker) => marker.n))].sort((a, b) => a - b);
}

/** The next number to wrap a selection in: one more than the largest used (1 in a text without markers). */
export function nextClozeNumber(text: string): number {
  return Math.max(0, ...clozeNumbers(text)) + 1;
}

export type ClozePiece = { kind: 'text'; text: string } | { kind: 'gap'; answer: string; hint: string | null };

/**
 * A text as card `n` shows it: markers of other numbers become their answers, those of `n` gaps
 * (the caller renders a gap as `[…]`, `[hint]` or, revealed, its answer).
 */
export function clozePieces(text: string, n: number): ClozePiece[] {
  const pieces: ClozePiece[] = [];
  let at = 0;
  const pushText = (piece: string) => {
    if (!piece) return;
    const last = pieces[pieces.length - 1];
    if (last?.kind === 'text') last.text += piece;
    else pieces.push({ kind: 'text', text: piece });
  };
  for (const marker of clozeMarkers(text)) {
    pushText(text.slice(at, marker.start));
    if (marker.n === n) pieces.push({ kind: 'gap', answer: marker.answer, hint: marker.hint });
    else pushText(marker.answer);
    at = marker.end;
  }
  pushText(text.slice(at));
  return pieces;
}

/** A text with every marker replaced by its answer (what a search or an export's plain text reads). */
export function clozePlainText(text: string): string {
  return clozePieces(text, 0)
    .map((piece) => (piece.kind === 'text' ? piece.text : piece.answer))
    .join('');
}
