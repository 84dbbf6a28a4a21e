/**
 * Card Markdown as the HTML an Anki field holds. Anki renders fields as HTML, so text is escaped,
 * line breaks become `<br>`, images of the learner's own card images point at their exported media
 * files (others are left out), and emphasis, code and links keep their simplest HTML form. Cloze
 * markers pass through unchanged: Anki reads the same `{{c1::…}}`.
 */

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function markdownToAnkiHtml(markdown: string, mediaName: (url: string) => string | null): string {
  let html = escapeHtml(markdown);
  html = html.replace(/!\[([^\]]*)\]\(([^)\s]+)\)/g, (_whole, alt: string, url: string) => {
    const name = mediaName(url.replace(/&amp;/g, '&'));
    return name ? `<img src="${name}" alt="${alt}">` : '';
  });
  html = html.replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g, '<a href="$2">$1</a>');
  html = html.replace(/\*\*([^*]+)\*\*/g, '<b>$1</b>');
  html = html.replace(/(^|[^*\w])\*([^*\s][^*]*)\*/g, '$1<i>$2</i>');
  html = html.replace(/`([^`]+)`/g, '<code>$1</code>');
  return html.replace(/\r?\n/g, '<br>');
}
