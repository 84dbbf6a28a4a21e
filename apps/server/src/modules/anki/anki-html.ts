import TurndownService from 'turndown';

/**
 * Anki fields are HTML; cards here are Markdown, rendered through the web app's sanitiser. Turndown
 * (a maintained HTML → Markdown converter) does the conversion; what it must not carry is removed
 * first (scripts, styles, frames, forms), images point at the imported card images or go, and Anki's
 * `[sound:…]` tags (no audio here) are dropped.
 */

const IMG_SRC = /<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
const SOUND = /\[sound:[^\]]*\]/g;

/** The media names a field's `<img>` tags load (HTML-escaped names decoded). */
export function imageNamesOf(html: string): string[] {
  const names: string[] = [];
  for (const match of html.matchAll(IMG_SRC)) {
    const raw = match[1] ?? match[2] ?? match[3] ?? '';
    names.push(decodeEntities(raw));
  }
  return names;
}

export const hasSound = (html: string) => html.includes('[sound:');

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Makes a converter whose images resolve through `imageUrl` (null: the image is left out). */
export function htmlToMarkdown(imageUrl: (name: string) => string | null): (html: string) => string {
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  service.remove(['script', 'style', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'select', 'textarea']);
  service.addRule('cardImage', {
    filter: 'img',
    replacement: (_content, node) => {
      const element = node as unknown as { getAttribute(name: string): string | null };
      const url = imageUrl(element.getAttribute('src') ?? '');
      if (!url) return '';
      const alt = (element.getAttribute('alt') ?? '').replace(/[[\]\\]/g, '');
      return `![${alt}](${url})`;
    },
  });
  return (html) => {
    const text = html.replace(SOUND, '');
    return text.trim() === '' ? '' : service.turndown(text).trim();
  };
}
