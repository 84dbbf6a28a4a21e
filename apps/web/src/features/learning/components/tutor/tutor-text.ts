const CITATION = /( ?)\[\[node:([^\]\s]{1,128})\]\]/g;

/**
 * An answer's Markdown as the learner reads it: each `[[node:<id>]]` becomes the node's title in bold
 * (titles from the answer's citations, else from the tree) — or nothing when the title is written just
 * before it, as models tend to ("**Ownership** [[node:own]]") — and an id neither knows is left out,
 * as the server drops it once the answer is complete, so the streamed text already reads the same.
 */
export function readableAnswer(content: string, titleOf: (nodeId: string) => string | undefined, bold = true): string {
  return content.replace(CITATION, (_, space: string, id: string, offset: number) => {
    const title = titleOf(id);
    if (title === undefined) return space;
    const before = content.slice(Math.max(0, offset - title.length - 6), offset).trimEnd();
    if (before.endsWith(title) || before.endsWith(`**${title}**`) || before.endsWith(`"${title}"`)) return '';
    return space + (bold ? `**${title.replace(/[*_`[\]]/g, '\\$&')}**` : title);
  });
}
