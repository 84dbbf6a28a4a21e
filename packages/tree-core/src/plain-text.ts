/** Escaped ASCII marks wait in the Private Use Area while the marks around them are removed. */
const ESCAPED = 0xe000;

/**
 * What a reader sees of Markdown, as one line of plain text: the words of headings, lists, quotes,
 * tables, links (their text), images (their alt text), code and math (their source), without the
 * marks around them. For short previews (card lists, note-search snippets), not for full rendering;
 * small and dependency-free, so the server and the first pages can both afford it.
 */
export function markdownToPlainText(source: string): string {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  for (const raw of lines) {
    let line = raw;
    // fences, thematic breaks and table separator rows say nothing
    if (/^\s*(```|~~~)/.test(line) || /^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) continue;
    if (/^\s*\|?(\s*:?-+:?\s*\|)+\s*(:?-+:?)?\s*$/.test(line)) continue;
    line = line
      .replace(/^\s{0,3}(>\s?)+/, '') // quotes
      .replace(/^\s{0,3}#{1,6}\s+/, '') // headings
      .replace(/\s+#+\s*$/, '') // closing heading marks
      .replace(/^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?/, ''); // list items, task boxes
    // a table row: its cells, spaced
    if (/^\s*\|.*\|\s*$/.test(line)) line = line.trim().slice(1, -1).split('|').join('  ');
    kept.push(line);
  }
  return (
    kept
      .join('\n')
      // escaped marks are text: hidden from the rules below, then given back
      .replace(/\\([\\`*_{}[\]()#+\-.!$|~<>])/g, (_, c: string) => String.fromCharCode(ESCAPED + c.charCodeAt(0)))
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // images → alt text
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links → their text
      .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1') // reference links
      .replace(/<\/?[A-Za-z][^>]*>/g, '') // inline HTML tags (shown as text by the renderer, noise here)
      .replace(/(`+)([\s\S]*?)\1/g, '$2') // inline code → its text
      .replace(/\$\$([\s\S]+?)\$\$/g, '$1') // display math → its TeX
      .replace(/\$([^\s$](?:[^$\n]*[^\s$])?)\$/g, '$1') // inline math → its TeX
      .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2') // strong
      .replace(/(^|[^\w*])\*(?=\S)([^*\n]*?\S)\*/g, '$1$2') // emphasis with *
      .replace(/(^|[^\w_])_(?=\S)([^_\n]*?\S)_(?!\w)/g, '$1$2') // emphasis with _ (not inside snake_case)
      .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1') // strikethrough
      .replace(/[\uE000-\uE07F]/g, (c) => String.fromCharCode(c.charCodeAt(0) - ESCAPED))
      .replace(/\s+/g, ' ')
      .trim()
  );
}
