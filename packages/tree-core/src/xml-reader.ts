/**
 * A small, strict XML reader for the files tree-core imports (OPML): elements, attributes and text.
 * It reads no DTD (a DOCTYPE is refused, so no entity can expand) and knows only the five predefined
 * entities and character references. Works the same in the browser and in Node.
 */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** the element's own text, entities decoded (text of children not included) */
  text: string;
}

export class XmlReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlReadError';
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return safeCodePoint(parseInt(ref.slice(2), 16), whole);
    if (ref.startsWith('#')) return safeCodePoint(parseInt(ref.slice(1), 10), whole);
    const value = ENTITIES[ref];
    if (value === undefined) throw new XmlReadError(`Unknown entity &${ref};`);
    return value;
  });
}

function safeCodePoint(code: number, whole: string): string {
  if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff) throw new XmlReadError(`Bad character ${whole}`);
  return String.fromCodePoint(code);
}

// Sticky patterns, matched where the reader stands (no copies of the rest of a large file).
const NAME = /[A-Za-z_][\w.:-]*/y;
const ATTRIBUTE = /\s+([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/y;
const TAG_END = /\s*(\/?)>/y;

function matchAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

/** Parses `xml` into its root element; malformed input throws `XmlReadError`. */
export function readXml(xml: string): XmlElement {
  let at = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const fail = (what: string): never => {
    throw new XmlReadError(`${what} at character ${at + 1}`);
  };
  while (at < xml.length) {
    const lt = xml.indexOf('<', at);
    const text = xml.slice(at, lt < 0 ? xml.length : lt);
    if (stack.length) stack[stack.length - 1]!.text += decode(text);
    else if (text.trim()) fail('Text outside the root element');
    if (lt < 0) break;
    at = lt;
    if (xml.startsWith('<?', at)) {
      const end = xml.indexOf('?>', at);
      if (end < 0) fail('Unclosed declaration');
      at = end + 2;
    } else if (xml.startsWith('<!--', at)) {
      const end = xml.indexOf('-->', at);
      if (end < 0) fail('Unclosed comment');
      at = end + 3;
    } else if (xml.startsWith('<![CDATA[', at)) {
      const end = xml.indexOf(']]>', at);
      if (end < 0 || !stack.length) fail('Misplaced CDATA');
      stack[stack.length - 1]!.text += xml.slice(at + 9, end);
      at = end + 3;
    } else if (xml.startsWith('<!', at)) {
      fail('Document type declarations are not read');
    } else if (xml.startsWith('</', at)) {
      const name = matchAt(NAME, xml, at + 2)?.[0];
      const open = stack.pop();
      if (!name || !open || open.name !== name) fail('Mismatched closing tag');
      at = xml.indexOf('>', at);
      if (at < 0) fail('Unclosed tag');
      at += 1;
    } else {
      const name = matchAt(NAME, xml, at + 1)?.[0] ?? fail('Bad tag');
      at += 1 + name.length;
      const element: XmlElement = { name, attributes: {}, children: [], text: '' };
      for (let match = matchAt(ATTRIBUTE, xml, at); match; match = matchAt(ATTRIBUTE, xml, at)) {
        element.attributes[match[1]!] = decode(match[3] ?? match[4] ?? '');
        at += match[0].length;
      }
      const close = matchAt(TAG_END, xml, at) ?? fail('Bad tag');
      at += close[0].length;
      if (stack.length) stack[stack.length - 1]!.children.push(element);
      else if (root) fail('A second root element');
      else root = element;
      if (!close[1]) stack.push(element);
    }
  }
  if (stack.length || !root) throw new XmlReadError('The document ends before its root element closes');
  return root;
}

/** Escapes text for an attribute value or element content. */
export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"'\n\r\t]/g,
    (ch) =>
      ({
        '&': '&amp;',
        '<': '&lt;',
        '>': '&gt;',
        '"': '&quot;',
        "'": '&apos;',
        '\n': '&#10;',
        '\r': '&#13;',
        '\t': '&#9;',
      })[ch]!,
  );
}
