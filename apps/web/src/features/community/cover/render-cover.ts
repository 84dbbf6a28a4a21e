// Draws a share cover: the tree's title and a picture of the whole tree on a 1200×630 canvas, in the
// app's palette, exported as a WebP (PNG where the browser cannot encode WebP) data URL for the share
// upload. Loaded only when the share dialog makes a cover.
import type { TreeDocument } from '@arbor/tree-core';
import { layoutTree, NODE_HEIGHT, NODE_WIDTH } from '../../trees/index.ts';
import { COVER_HEIGHT, COVER_WIDTH, coverGeometry, type CoverInput, type CoverScene } from './cover-geometry.ts';

// The app's green preset (app/theme.ts) and its greys: the cover is the same for every viewer, so it
// does not follow one viewer's colour preset or scheme.
const PALETTE = {
  backgroundFrom: '#f6fef9',
  backgroundTo: '#dcf5e6',
  glow: 'rgba(18, 183, 106, 0.10)',
  accent: '#027a48',
  accentSoft: '#12b76a',
  ink: '#101828',
  caption: '#05603a',
  label: '#1d2939',
  box: '#ffffff',
  rootBox: '#ecfdf3',
  border: '#d0d5dd',
  edge: '#98a2b3',
} as const;

const CJK = "'PingFang SC', 'Hiragino Sans', 'Microsoft YaHei', 'Yu Gothic UI', 'Noto Sans CJK SC', 'Noto Sans CJK JP'";
const SANS = `'Inter Variable', system-ui, -apple-system, 'Segoe UI', ${CJK}, sans-serif`;
const DISPLAY = `'Lexend Variable', ${SANS}`;

/** The largest data URL the share call accepts (ShareTreeBody.cover). */
const MAX_DATA_URL = 2_000_000;

export interface CoverText {
  title: string;
  /** one short line above the title, e.g. "80 nodes · Arbor" */
  caption: string;
}

/** The cover's input from a document: every node (collapsed branches too) at the editor's layout. */
export function coverInputOf(doc: TreeDocument): CoverInput {
  const expanded: TreeDocument = doc.nodes.some((node) => node.collapsed)
    ? { ...doc, nodes: doc.nodes.map((node) => (node.collapsed ? { ...node, collapsed: false } : node)) }
    : doc;
  const layout = layoutTree(expanded);
  const byId = new Map(expanded.nodes.map((node) => [node.id, node]));
  const nodes: CoverInput['nodes'] = [];
  for (const id of layout.visible) {
    const node = byId.get(id);
    const at = layout.positions.get(id);
    if (!node || !at) continue;
    nodes.push({ id, parentId: node.parent_id, title: node.title, color: node.color ?? null, x: at.x, y: at.y });
  }
  return { direction: layout.direction, nodeWidth: NODE_WIDTH, nodeHeight: NODE_HEIGHT, nodes };
}

/** `text` cut with an ellipsis to fit `maxWidth` in the context's current font. */
function fitText(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  const chars = Array.from(text);
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (ctx.measureText(`${chars.slice(0, mid).join('')}…`).width <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return low ? `${chars.slice(0, low).join('').trimEnd()}…` : '';
}

function roundedRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  if (typeof ctx.roundRect === 'function') ctx.roundRect(x, y, w, h, r);
  else ctx.rect(x, y, w, h);
}

/** Paints the scene and the title band onto a 1200×630 context. */
export function drawCover(ctx: CanvasRenderingContext2D, scene: CoverScene, text: CoverText): void {
  const background = ctx.createLinearGradient(0, 0, scene.width, scene.height);
  background.addColorStop(0, PALETTE.backgroundFrom);
  background.addColorStop(1, PALETTE.backgroundTo);
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, scene.width, scene.height);
  const glow = ctx.createRadialGradient(scene.width - 140, 90, 0, scene.width - 140, 90, 420);
  glow.addColorStop(0, PALETTE.glow);
  glow.addColorStop(1, 'rgba(18, 183, 106, 0)');
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, scene.width, scene.height);

  // Title band: an accent bar, a caption and the title on one line.
  ctx.fillStyle = PALETTE.accent;
  ctx.beginPath();
  roundedRect(ctx, 56, 52, 8, 100, 4);
  ctx.fill();
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  ctx.fillStyle = PALETTE.caption;
  ctx.font = `600 24px ${SANS}`;
  ctx.fillText(fitText(ctx, text.caption, scene.width - 170), 84, 80);
  ctx.fillStyle = PALETTE.ink;
  ctx.font = `700 52px ${DISPLAY}`;
  ctx.fillText(fitText(ctx, text.title, scene.width - 170), 84, 142);

  // Edges under the boxes, in one stroke.
  if (scene.edges.length) {
    ctx.beginPath();
    for (const edge of scene.edges) {
      ctx.moveTo(edge.x1, edge.y1);
      if (edge.curve === 'vertical') {
        const mid = (edge.y1 + edge.y2) / 2;
        ctx.bezierCurveTo(edge.x1, mid, edge.x2, mid, edge.x2, edge.y2);
      } else if (edge.curve === 'horizontal') {
        const mid = (edge.x1 + edge.x2) / 2;
        ctx.bezierCurveTo(mid, edge.y1, mid, edge.y2, edge.x2, edge.y2);
      } else ctx.lineTo(edge.x2, edge.y2);
    }
    ctx.strokeStyle = PALETTE.edge;
    ctx.lineWidth = scene.edgeWidth;
    ctx.stroke();
  }

  if (scene.fontSize) drawLabelledBoxes(ctx, scene);
  else drawTinyBoxes(ctx, scene);
}

/** Boxes large enough for text: white cards with a coloured stripe, as on the editor's canvas. */
function drawLabelledBoxes(ctx: CanvasRenderingContext2D, scene: CoverScene): void {
  ctx.font = `500 ${scene.fontSize}px ${SANS}`;
  ctx.textBaseline = 'middle';
  ctx.lineWidth = 1;
  for (const box of scene.boxes) {
    const accent = box.color ?? PALETTE.accent;
    ctx.beginPath();
    roundedRect(ctx, box.x, box.y, box.width, box.height, box.radius);
    ctx.fillStyle = box.root ? PALETTE.rootBox : PALETTE.box;
    ctx.fill();
    ctx.strokeStyle = box.root ? accent : PALETTE.border;
    ctx.stroke();
    const stripe = Math.max(2, box.height * 0.06);
    ctx.fillStyle = accent;
    ctx.beginPath();
    roundedRect(ctx, box.x, box.y + box.height * 0.18, stripe, box.height * 0.64, stripe / 2);
    ctx.fill();
    if (box.label) {
      const padding = Math.max(6, box.height * 0.2);
      ctx.fillStyle = PALETTE.label;
      ctx.font = `${box.root ? 700 : 500} ${scene.fontSize}px ${SANS}`;
      ctx.fillText(
        fitText(ctx, box.label, box.width - padding * 2 - stripe),
        box.x + padding + stripe,
        box.y + box.height / 2,
      );
    }
  }
}

/** Boxes too small for text: filled chips, one path per colour so 2,000 nodes draw in a few calls. */
function drawTinyBoxes(ctx: CanvasRenderingContext2D, scene: CoverScene): void {
  const byFill = new Map<string, CoverScene['boxes']>();
  for (const box of scene.boxes) {
    const fill = box.root ? PALETTE.accent : (box.color ?? PALETTE.accentSoft);
    const group = byFill.get(fill);
    if (group) group.push(box);
    else byFill.set(fill, [box]);
  }
  for (const [fill, boxes] of byFill) {
    ctx.beginPath();
    for (const box of boxes) roundedRect(ctx, box.x, box.y, box.width, box.height, box.radius);
    ctx.fillStyle = fill;
    ctx.fill();
  }
}

/** Waits (briefly) for the bundled faces the cover uses; the system font stands in if they fail. */
async function loadFonts(): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts) return;
  await Promise.all(
    [`700 52px 'Lexend Variable'`, `600 24px 'Inter Variable'`, `500 14px 'Inter Variable'`].map((font) =>
      document.fonts.load(font).catch(() => []),
    ),
  );
}

/** The cover of a tree as a data URL (WebP, or PNG where WebP cannot be encoded), 1200×630. */
export async function renderTreeCover(doc: TreeDocument, text: CoverText): Promise<string> {
  const scene = coverGeometry(coverInputOf(doc));
  await loadFonts();
  const canvas = document.createElement('canvas');
  canvas.width = COVER_WIDTH;
  canvas.height = COVER_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('The cover could not be drawn.');
  drawCover(ctx, scene, text);
  const webp = canvas.toDataURL('image/webp', 0.9);
  if (webp.length <= MAX_DATA_URL) return webp;
  return canvas.toDataURL('image/jpeg', 0.85);
}
