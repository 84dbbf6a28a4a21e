// The geometry of a share cover: a tree's layout (node boxes at the editor's positions) fitted into a
// fixed 1200×630 picture (the Open Graph size) under a title band. Pure numbers, no canvas, so the
// placement is unit-tested and the picture is the same for the same tree on every machine.

export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 630;

/** Where the tree is drawn: below the title band, inside the margins. */
export const TREE_AREA = { x: 56, y: 176, width: COVER_WIDTH - 112, height: COVER_HEIGHT - 176 - 44 } as const;

/** Below this box width node titles would be unreadable: boxes are drawn without text. */
const LABEL_MIN_BOX_WIDTH = 84;
/** Tiny boxes keep a visible size, and a little more height than their shape would give them. */
const MIN_BOX_WIDTH = 2;
const MIN_BOX_HEIGHT = 2;
const TINY_BOX_HEIGHT_RATIO = 0.6;
const MAX_TINY_BOX_HEIGHT = 10;

export type CoverDirection = 'TB' | 'LR' | 'RADIAL';

export interface CoverNodeInput {
  id: string;
  parentId: string | null;
  title: string;
  /** `#rrggbb` chosen by the author, or null for the palette's accent */
  color: string | null;
  /** top-left corner in layout units (the editor's positions) */
  x: number;
  y: number;
}

export interface CoverInput {
  direction: CoverDirection;
  /** the size of every node box in layout units */
  nodeWidth: number;
  nodeHeight: number;
  nodes: CoverNodeInput[];
}

export interface CoverBox {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  radius: number;
  color: string | null;
  root: boolean;
  /** the node's title, when boxes are large enough to carry text */
  label: string | null;
}

export interface CoverEdge {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** how the connector bends: S-curves along the tree's depth axis, or a straight spoke (radial) */
  curve: 'vertical' | 'horizontal' | 'straight';
}

export interface CoverScene {
  width: number;
  height: number;
  boxes: CoverBox[];
  edges: CoverEdge[];
  /** font size of the node labels in pixels (0 when boxes carry no text) */
  fontSize: number;
  /** line width of the edges in pixels */
  edgeWidth: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const round = (value: number) => Math.round(value * 100) / 100;

/**
 * Fits a laid-out tree into the cover's tree area. Boxes scale uniformly (never above their size in
 * the editor); along the depth axis of a top-down or left-right tree the levels may spread further
 * apart, up to their spacing in the editor, so a wide and shallow tree fills the picture instead of
 * being a thin strip. The drawing is centred in the area.
 */
export function coverGeometry(input: CoverInput): CoverScene {
  const { nodes, nodeWidth: w, nodeHeight: h, direction } = input;
  const empty: CoverScene = {
    width: COVER_WIDTH,
    height: COVER_HEIGHT,
    boxes: [],
    edges: [],
    fontSize: 0,
    edgeWidth: 0,
  };
  if (!nodes.length) return empty;

  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const node of nodes) {
    const cx = node.x + w / 2;
    const cy = node.y + h / 2;
    minX = Math.min(minX, cx);
    maxX = Math.max(maxX, cx);
    minY = Math.min(minY, cy);
    maxY = Math.max(maxY, cy);
  }
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const area = TREE_AREA;
  const scale = Math.min(1, area.width / (spanX + w), area.height / (spanY + h));

  let boxWidth = Math.max(MIN_BOX_WIDTH, w * scale);
  let boxHeight = Math.max(MIN_BOX_HEIGHT, h * scale);
  // Tiny boxes would be slivers at the editor's 220×64 shape: make them chunkier so they read as nodes.
  if (boxWidth < LABEL_MIN_BOX_WIDTH)
    boxHeight = Math.max(boxHeight, Math.min(boxWidth * TINY_BOX_HEIGHT_RATIO, MAX_TINY_BOX_HEIGHT));
  boxWidth = round(boxWidth);
  boxHeight = round(boxHeight);

  // Scales of the centres: the depth axis may spread up to the editor's own spacing.
  let scaleX = scale;
  let scaleY = scale;
  if (direction === 'TB' && spanY > 0) scaleY = clamp((area.height - boxHeight) / spanY, scale, Math.max(scale, 1));
  if (direction === 'LR' && spanX > 0) scaleX = clamp((area.width - boxWidth) / spanX, scale, Math.max(scale, 1));
  // Boxes kept larger than their scaled shape must still fit: the centres move closer instead.
  if (spanX > 0) scaleX = Math.min(scaleX, (area.width - boxWidth) / spanX);
  if (spanY > 0) scaleY = Math.min(scaleY, (area.height - boxHeight) / spanY);

  const drawnWidth = spanX * scaleX;
  const drawnHeight = spanY * scaleY;
  const originX = area.x + (area.width - drawnWidth) / 2;
  const originY = area.y + (area.height - drawnHeight) / 2;

  const labels = boxWidth >= LABEL_MIN_BOX_WIDTH;
  const radius = round(clamp(boxHeight * 0.22, 1, 14));
  const centres = new Map<string, { x: number; y: number }>();
  const boxes: CoverBox[] = nodes.map((node) => {
    const cx = originX + (node.x + w / 2 - minX) * scaleX;
    const cy = originY + (node.y + h / 2 - minY) * scaleY;
    centres.set(node.id, { x: cx, y: cy });
    return {
      id: node.id,
      x: round(cx - boxWidth / 2),
      y: round(cy - boxHeight / 2),
      width: boxWidth,
      height: boxHeight,
      radius,
      color: node.color,
      root: node.parentId === null,
      label: labels ? node.title : null,
    };
  });

  const edges: CoverEdge[] = [];
  for (const node of nodes) {
    if (node.parentId === null) continue;
    const parent = centres.get(node.parentId);
    const child = centres.get(node.id);
    if (!parent || !child) continue;
    if (direction === 'TB')
      edges.push({
        x1: round(parent.x),
        y1: round(parent.y + boxHeight / 2),
        x2: round(child.x),
        y2: round(child.y - boxHeight / 2),
        curve: 'vertical',
      });
    else if (direction === 'LR')
      edges.push({
        x1: round(parent.x + boxWidth / 2),
        y1: round(parent.y),
        x2: round(child.x - boxWidth / 2),
        y2: round(child.y),
        curve: 'horizontal',
      });
    else
      edges.push({
        x1: round(parent.x),
        y1: round(parent.y),
        x2: round(child.x),
        y2: round(child.y),
        curve: 'straight',
      });
  }

  return {
    width: COVER_WIDTH,
    height: COVER_HEIGHT,
    boxes,
    edges,
    fontSize: labels ? round(clamp(boxHeight * 0.26, 11, 16)) : 0,
    edgeWidth: round(clamp(scale * 2, 0.75, 2)),
  };
}
