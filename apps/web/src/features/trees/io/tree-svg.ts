// The tree as a real vector picture: one `<svg>` of rectangles, text and paths drawn from the
// layout the canvas uses (collapsed branches hidden as on screen), in the light scheme's colours and
// without any of the canvas's interactive chrome. Pure string building, no DOM: the editor's SVG
// export writes it out and its PNG export rasterises it (io/export-image.ts), so both are the same
// picture.
import { handlePoint, linkRoute, routePath, cardRows, linkLane } from '../layout/link-route.ts';
import { layoutTree, NODE_HEIGHT, NODE_WIDTH, type Point } from '../layout/tidy-layout.ts';
import type { LinkKind, TreeDocument, TreeNode } from '../model/tree-document.ts';
import { indexTree } from '../model/tree-index.ts';

/** Colours of the picture; the defaults are the light scheme of the green preset (app/theme.ts). */
export interface TreeSvgPalette {
  /** the primary colour's light shade (7): stripes and badges of nodes without a colour of their own */
  accent: string;
  prerequisite: string;
  related: string;
}

export const DEFAULT_PALETTE: TreeSvgPalette = { accent: '#027a48', prerequisite: '#ec4a0a', related: '#cc5de8' };

/** Fixed colours of the light scheme (Mantine's greys, the canvas's CSS modules). */
const LIGHT = {
  background: '#f8f9fa',
  card: '#ffffff',
  border: '#dee2e6',
  edge: '#adb5bd',
  text: '#000000',
  dimmed: '#5f6670',
} as const;

/** Width in pixels of one character at a font size and weight. */
export type CharMeasure = (char: string, fontSize: number, fontWeight: number) => number;

export interface TreeSvgOptions {
  palette?: Partial<TreeSvgPalette>;
  /**
   * Measures characters for wrapping and ellipsis. The default estimates widths generously (any
   * viewer's fallback font must fit); the browser export measures with a canvas in the SVG's fonts.
   */
  measureChar?: CharMeasure;
  /**
   * The inside of a node icon's 24×24 `<svg>` (paths stroked in `currentColor`), or null: the badge
   * then shows the title's first letter, as the canvas does for nodes without an icon.
   */
  iconMarkup?: (name: string) => string | null;
  /**
   * Where a node's image is (a data URL for a picture that must stand alone), or null: a node with
   * one shows it in its badge, as the canvas does.
   */
  imageHref?: (imageId: number) => string | null;
}

export interface TreeSvg {
  /** size of the picture in user units (pixels at scale 1) */
  width: number;
  height: number;
  /** the SVG document, `scale` times its natural size (its viewBox is the same at every scale) */
  markup(scale?: number): string;
}

/** Space around the tree inside the picture. */
export const SVG_MARGIN = 40;
/** The font stack of the picture: no web fonts, which an SVG viewed on its own cannot load. */
export const SVG_FONT_FAMILY =
  "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans', 'Microsoft YaHei', 'Yu Gothic UI', 'Noto Sans CJK SC', 'Noto Sans CJK JP', sans-serif";

// The card as SkillNode.module.css draws it: 220×64, radius 14, a 3px accent stripe inset 10px,
// a 36px badge 10px from the left, text from 56px to 12px before the right edge.
const CARD_RADIUS = 14;
const BADGE = { x: 10, size: 36, radius: 10 } as const;
/** The badge's rounded square, shared by every card's image (each card's group places it). */
const BADGE_CLIP = 'arbor-badge-clip';
const TEXT_X = BADGE.x + BADGE.size + 10;
const TEXT_WIDTH = NODE_WIDTH - TEXT_X - 12;
const TITLE = { size: 14, weight: 600, lineHeight: 17.5 } as const;
const ROOT_TITLE = { size: 15, weight: 700, lineHeight: 18.75 } as const;
const SUMMARY = { size: 12, weight: 400, lineHeight: 15.6, gap: 2 } as const;

const num = (value: number) => {
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
};

// XML 1.0 forbids most control characters and lone surrogates even as references: they are dropped.
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe inside an XML element or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

/** East Asian wide and full-width characters (CJK, kana, Hangul, full-width forms) and emoji. */
function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

/**
 * A generous estimate of a character's width: wide fallback faces (DejaVu Sans, Verdana) must still
 * fit the card, so Latin letters count a little wider than Inter draws them.
 */
export const estimateCharWidth: CharMeasure = (char, fontSize, fontWeight) => {
  const code = char.codePointAt(0)!;
  let em: number;
  if (isWide(code)) em = 1;
  else if (char === ' ') em = 0.32;
  else if ("ijlI.,:;|!'`()[]{}ftr".includes(char)) em = 0.38;
  else if ('mwMW@%'.includes(char)) em = 0.92;
  else if (/[A-Z0-9#&?]/.test(char)) em = 0.72;
  else em = 0.62;
  return em * fontSize * (fontWeight >= 700 ? 1.06 : 1);
};

// A line may not start with closing punctuation (CJK or Latin), a prolonged sound mark or small kana.
const NO_BREAK_BEFORE = new Set([
  ...'，。、：；！？）」』】〉》〕,.!?:;)]}…ー々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ',
]);

/**
 * Lines of `text` within `maxWidth`, at most `maxLines`, the last one ellipsised if the text goes
 * on: breaks at spaces and between CJK characters, and inside a word only when it is too long alone.
 */
export function wrapText(text: string, maxWidth: number, maxLines: number, width: (char: string) => number): string[] {
  const chars = Array.from(text.replace(NOT_XML, '').replace(/\s+/g, ' ').trim());
  const widths = chars.map(width);
  const breakBefore = (k: number) =>
    !NO_BREAK_BEFORE.has(chars[k]!) &&
    (chars[k - 1] === ' ' || isWide(chars[k]!.codePointAt(0)!) || isWide(chars[k - 1]!.codePointAt(0)!));
  const lines: string[] = [];
  let start = 0;
  while (start < chars.length && lines.length < maxLines) {
    let used = 0;
    let end = start;
    while (end < chars.length && used + widths[end]! <= maxWidth) used += widths[end++]!;
    if (end === chars.length) {
      lines.push(chars.slice(start).join(''));
      break;
    }
    if (lines.length === maxLines - 1) {
      lines.push(ellipsise(chars, widths, start, maxWidth, width('…')));
      break;
    }
    let cut = end;
    while (cut > start + 1 && !breakBefore(cut)) cut--;
    if (cut === start + 1 && !breakBefore(cut)) cut = Math.max(end, start + 1);
    lines.push(chars.slice(start, cut).join('').trimEnd());
    start = cut;
    while (chars[start] === ' ') start++;
  }
  return lines;
}

function ellipsise(chars: string[], widths: number[], start: number, maxWidth: number, ellipsis: number): string {
  let used = ellipsis;
  let end = start;
  while (end < chars.length && used + widths[end]! <= maxWidth) used += widths[end++]!;
  return `${chars.slice(start, end).join('').trimEnd()}…`;
}

/** `color` (#rrggbb) mixed with white, `share` of it (0–1) kept: the root card's tint. */
function tint(color: string, share: number): string {
  const match = /^#([0-9a-f]{6})$/i.exec(color);
  if (!match) return LIGHT.card;
  const value = parseInt(match[1]!, 16);
  const channel = (shift: number) => Math.round(((value >> shift) & 255) * share + 255 * (1 - share));
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

/** First letter (or CJK character) of a title, as the canvas's badge shows it. */
function monogram(title: string): string {
  return (Array.from(title.replace(NOT_XML, '').trim())[0] ?? '·').toUpperCase();
}

/** React Flow's default (bezier) edge between a right and a left handle (left-right trees). */
function bezierPath(s: Point, t: Point): string {
  const offset = (distance: number) => (distance >= 0 ? 0.5 * distance : 0.25 * 25 * Math.sqrt(-distance));
  const c1 = s.x + offset(t.x - s.x);
  const c2 = t.x - offset(t.x - s.x);
  return `M${num(s.x)},${num(s.y)} C${num(c1)},${num(s.y)} ${num(c2)},${num(t.y)} ${num(t.x)},${num(t.y)}`;
}

/** A tree edge as the canvas draws it: smooth steps top-down, curves left-right, spokes in radial. */
function treeEdgePath(direction: TreeDocument['layout']['direction'], s: Point, t: Point): string {
  if (direction === 'LR') return bezierPath(s, t);
  if (direction === 'RADIAL') return `M${num(s.x)},${num(s.y)} L${num(t.x)},${num(t.y)}`;
  return roundPath(routePath(linkRoute('TB', s, t, null), 5));
}

/** routePath's numbers rounded to two decimals (a quarter of the bytes on 2,000 edges). */
const roundPath = (d: string) => d.replace(/-?\d+\.\d{3,}/g, (n) => num(Number(n)));

interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function grow(bounds: Bounds, x: number, y: number) {
  bounds.minX = Math.min(bounds.minX, x);
  bounds.minY = Math.min(bounds.minY, y);
  bounds.maxX = Math.max(bounds.maxX, x);
  bounds.maxY = Math.max(bounds.maxY, y);
}

/** Draws one node card at the origin (its group is translated to the node's place). */
function nodeCard(
  node: TreeNode,
  palette: TreeSvgPalette,
  measure: CharMeasure,
  iconId: string | null,
  hasHiddenChildren: boolean,
  imageHref: string | null,
): string {
  const accent = node.color ?? palette.accent;
  const root = node.parent_id === null;
  const title = root ? ROOT_TITLE : TITLE;
  const parts: string[] = [];
  // A collapsed branch shows a second card peeking out behind its node.
  if (hasHiddenChildren)
    parts.push(
      `<rect class="stack" x="5" y="5" width="${NODE_WIDTH}" height="${NODE_HEIGHT}" rx="${CARD_RADIUS}" fill="${LIGHT.card}" stroke="${LIGHT.border}"/>`,
    );
  parts.push(
    root
      ? `<rect class="card" width="${NODE_WIDTH}" height="${NODE_HEIGHT}" rx="${CARD_RADIUS}" fill="${tint(accent, 0.08)}" stroke="${accent}" stroke-opacity="0.45"/>`
      : `<rect class="card" width="${NODE_WIDTH}" height="${NODE_HEIGHT}" rx="${CARD_RADIUS}" fill="${LIGHT.card}" stroke="${LIGHT.border}"/>`,
    `<rect class="stripe" y="10" width="3" height="${NODE_HEIGHT - 20}" rx="1.5" fill="${accent}"/>`,
    `<rect class="badge" x="${BADGE.x}" y="${(NODE_HEIGHT - BADGE.size) / 2}" width="${BADGE.size}" height="${BADGE.size}" rx="${BADGE.radius}" fill="${accent}" fill-opacity="0.14"/>`,
    imageHref
      ? `<image class="image" href="${escapeXml(imageHref)}" x="${BADGE.x}" y="${(NODE_HEIGHT - BADGE.size) / 2}" width="${BADGE.size}" height="${BADGE.size}" preserveAspectRatio="xMidYMid slice" clip-path="url(#${BADGE_CLIP})"/>`
      : iconId
        ? `<use class="icon" xlink:href="#${iconId}" x="${BADGE.x + (BADGE.size - 20) / 2}" y="${(NODE_HEIGHT - 20) / 2}" width="20" height="20" color="${accent}" stroke="${accent}"/>`
        : `<text class="monogram" x="${BADGE.x + BADGE.size / 2}" y="${NODE_HEIGHT / 2 + 5.6}" text-anchor="middle" font-size="16" font-weight="700" fill="${accent}">${escapeXml(monogram(node.title))}</text>`,
  );
  const summary = node.summary.trim();
  const titleLines = wrapText(node.title, TEXT_WIDTH, summary ? 1 : 2, (c) => measure(c, title.size, title.weight));
  const summaryLine = summary
    ? wrapText(summary, TEXT_WIDTH, 1, (c) => measure(c, SUMMARY.size, SUMMARY.weight))[0]
    : undefined;
  const block = titleLines.length * title.lineHeight + (summaryLine ? SUMMARY.gap + SUMMARY.lineHeight : 0);
  const top = (NODE_HEIGHT - block) / 2;
  // A baseline sits about 0.35em below the middle of its line box.
  const baseline = (lineTop: number, lineHeight: number, size: number) => lineTop + lineHeight / 2 + size * 0.35;
  // One <text> per title; a second line is a <tspan> moved down a line.
  const lines =
    titleLines.length === 1
      ? escapeXml(titleLines[0]!)
      : titleLines
          .map((line, i) => `<tspan x="${TEXT_X}"${i ? ` dy="${title.lineHeight}"` : ''}>${escapeXml(line)}</tspan>`)
          .join('');
  parts.push(
    // (non-root titles take their font from the nodes' group)
    `<text class="title" x="${TEXT_X}" y="${num(baseline(top, title.lineHeight, title.size))}"${root ? ` font-size="${title.size}" font-weight="${title.weight}"` : ''} fill="${LIGHT.text}">${lines}</text>`,
  );
  if (summaryLine)
    parts.push(
      `<text class="summary" x="${TEXT_X}" y="${num(baseline(top + titleLines.length * title.lineHeight + SUMMARY.gap, SUMMARY.lineHeight, SUMMARY.size))}" font-size="${SUMMARY.size}" font-weight="${SUMMARY.weight}" fill="${LIGHT.dimmed}">${escapeXml(summaryLine)}</text>`,
    );
  return parts.join('');
}

/**
 * The document as a standalone SVG: node cards, their titles (wrapped to two lines, ellipsised),
 * tree edges and prerequisite/related links routed as on the canvas, under a viewBox that fits
 * all of it with a margin. Collapsed branches are hidden, as on screen.
 */
export function buildTreeSvg(doc: TreeDocument, options: TreeSvgOptions = {}): TreeSvg {
  const palette = { ...DEFAULT_PALETTE, ...options.palette };
  const measureChar = options.measureChar ?? estimateCharWidth;
  // Titles repeat the same characters: measure each once per font.
  const widths = new Map<string, number>();
  const measure: CharMeasure = (char, size, weight) => {
    const key = `${size}/${weight}/${char}`;
    let value = widths.get(key);
    if (value === undefined) widths.set(key, (value = measureChar(char, size, weight)));
    return value;
  };
  // Each icon is drawn once, as a <symbol> in <defs>, and placed in badges by reference.
  const iconIds = new Map<string, string | null>();
  const symbols: string[] = [];
  const iconOf = (name: string | null) => {
    if (!name || !options.iconMarkup) return null;
    if (!iconIds.has(name)) {
      const markup = options.iconMarkup(name);
      const id = markup === null ? null : `arbor-icon-${symbols.length}`;
      if (markup !== null)
        symbols.push(
          `<symbol id="${id}" viewBox="0 0 24 24" fill="none" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${markup}</symbol>`,
        );
      iconIds.set(name, id);
    }
    return iconIds.get(name)!;
  };
  let drawsImages = false;
  const imageOf = (node: TreeNode) => {
    const href = node.image_id != null && options.imageHref ? options.imageHref(node.image_id) : null;
    if (href) drawsImages = true;
    return href;
  };
  const layout = layoutTree(doc);
  // (a document without a root has nothing to index, and nothing visible)
  const index = layout.visible.length ? indexTree(doc) : null;
  const bounds: Bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };

  const edges: string[] = [];
  const cards: string[] = [];
  for (const id of layout.visible) {
    const node = index!.byId.get(id)!;
    const at = layout.positions.get(id)!;
    grow(bounds, at.x, at.y);
    grow(bounds, at.x + NODE_WIDTH, at.y + NODE_HEIGHT);
    const hidden = node.collapsed && (index!.children.get(id)?.length ?? 0) > 0;
    if (hidden) grow(bounds, at.x + NODE_WIDTH + 5, at.y + NODE_HEIGHT + 5);
    cards.push(
      `<g class="node" transform="translate(${num(at.x)},${num(at.y)})">${nodeCard(node, palette, measure, iconOf(node.icon), hidden, imageOf(node))}</g>`,
    );
    if (node.parent_id && layout.positions.has(node.parent_id))
      edges.push(
        `<path class="edge" d="${treeEdgePath(layout.direction, handlePoint(layout, node.parent_id, 's'), handlePoint(layout, id, 't'))}"/>`,
      );
  }

  const links: string[] = [];
  const kinds = new Set<LinkKind>();
  const rows = doc.links.length ? cardRows(layout.direction, layout.positions) : null;
  for (const link of doc.links) {
    if (!layout.positions.has(link.source) || !layout.positions.has(link.target)) continue;
    const source = handlePoint(layout, link.source, 's');
    const target = handlePoint(layout, link.target, 't');
    const route = linkRoute(layout.direction, source, target, linkLane(layout.direction, rows!, source, target));
    for (const point of route) grow(bounds, point.x, point.y);
    const color = escapeXml(palette[link.kind]);
    kinds.add(link.kind);
    links.push(
      link.kind === 'prerequisite'
        ? `<path class="link link-prerequisite" d="${roundPath(routePath(route))}" stroke="${color}" stroke-width="2.2" marker-end="url(#arbor-arrow)"/>`
        : `<path class="link link-related" d="${roundPath(routePath(route))}" stroke="${color}" stroke-width="1.8" stroke-dasharray="6 5"/>`,
    );
  }

  if (!layout.visible.length) Object.assign(bounds, { minX: 0, minY: 0, maxX: 0, maxY: 0 });
  const x = bounds.minX - SVG_MARGIN;
  const y = bounds.minY - SVG_MARGIN;
  const width = Math.ceil(bounds.maxX - bounds.minX + SVG_MARGIN * 2);
  const height = Math.ceil(bounds.maxY - bounds.minY + SVG_MARGIN * 2);
  const arrow = escapeXml(palette.prerequisite);
  // React Flow's closed arrow head (MarkerType.ArrowClosed, 18 stroke widths) at the prerequisite's end.
  if (kinds.has('prerequisite'))
    symbols.push(
      `<marker id="arbor-arrow" viewBox="-10 -10 20 20" refX="0" refY="0" markerWidth="18" markerHeight="18" markerUnits="strokeWidth" orient="auto"><polyline points="-5,-4 0,0 -5,4 -5,-4" fill="${arrow}" stroke="${arrow}" stroke-width="1" stroke-linecap="round" stroke-linejoin="round"/></marker>`,
    );
  if (drawsImages)
    symbols.push(
      `<clipPath id="${BADGE_CLIP}"><rect x="${BADGE.x}" y="${(NODE_HEIGHT - BADGE.size) / 2}" width="${BADGE.size}" height="${BADGE.size}" rx="${BADGE.radius}"/></clipPath>`,
    );
  const defs = symbols.length ? `<defs>${symbols.join('')}</defs>` : '';
  const body = [
    defs,
    `<rect class="background" x="${num(x)}" y="${num(y)}" width="${width}" height="${height}" fill="${LIGHT.background}"/>`,
    `<g class="edges" fill="none" stroke="${LIGHT.edge}" stroke-width="1.6">${edges.join('')}</g>`,
    `<g class="nodes" stroke-width="1" font-size="${TITLE.size}" font-weight="${TITLE.weight}">${cards.join('\n')}</g>`,
    links.length ? `<g class="links" fill="none">${links.join('')}</g>` : '',
  ].join('\n');

  return {
    width,
    height,
    markup: (scale = 1) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${num(width * scale)}" height="${num(height * scale)}" viewBox="${num(x)} ${num(y)} ${width} ${height}" font-family="${escapeXml(SVG_FONT_FAMILY)}">\n${body}\n</svg>\n`,
  };
}
