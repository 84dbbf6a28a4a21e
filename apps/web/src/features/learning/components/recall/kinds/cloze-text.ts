import { clozePieces, nextClozeNumber } from '@arbor/contract/cloze';

/** The href a cloze gap's link carries in the Markdown we render (`ClozeLink` draws it as a gap). */
export const GAP_HREF = '#cloze-gap';
export const ANSWER_HREF = '#cloze-answer';

/** Brackets and backslashes would end the link text early. */
const escapeLinkText = (text: string) => text.replace(/[\\[\]]/g, (c) => `\\${c}`);

/**
 * A cloze text as Markdown for card `n`: other numbers show their answers, the gap of `n` is a link
 * the renderer draws as `[…]` (or `[hint]`) or, revealed, as its answer in place.
 */
export function clozeMarkdown(text: string, n: number, revealed: boolean): string {
  return clozePieces(text, n)
    .map((piece) => {
      if (piece.kind === 'text') return piece.text;
      if (revealed) return `[${escapeLinkText(piece.answer)}](${ANSWER_HREF})`;
      return `[${escapeLinkText(`[${piece.hint ?? '…'}]`)}](${GAP_HREF})`;
    })
    .join('');
}

/**
 * Wraps `text[start, end)` as the next cloze (`{{cN::…}}`), answering the new text and where the
 * selection lands (around the wrapped words). An empty selection inserts an empty marker.
 */
export function wrapAsCloze(text: string, start: number, end: number) {
  const n = nextClozeNumber(text);
  const open = `{{c${n}::`;
  const wrapped = `${text.slice(0, start)}${open}${text.slice(start, end)}}}${text.slice(end)}`;
  return { text: wrapped, n, selectionStart: start + open.length, selectionEnd: end + open.length };
}
