import { NODE_ID_PATTERN, type TreeDocument, type TreeLink, type TreeNode } from './document.ts';

/*
 * A hand-written fast path for `TreeDocument.parse`: the editor saves whole documents of up to
 * 5,000 nodes on every autosave, and the generic schema walk costs several times the rest of a save.
 * It accepts exactly what the schema accepts (a property test keeps the two in step) and returns
 * null on anything else, so the schema then runs to produce the messages.
 */

const COLOR = /^#[0-9a-fA-F]{6}$/;
const LAYOUTS = new Set(['TB', 'LR', 'RADIAL']);
const LINK_KINDS = new Set(['prerequisite', 'related']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is string => typeof value === 'string' && NODE_ID_PATTERN.test(value);

function optionalString(value: unknown, max: number): string | null {
  if (value === undefined) return '';
  return typeof value === 'string' && value.length <= max ? value : null;
}

/** `undefined` → the default (null); otherwise the value when valid; `false` when invalid. */
function nullable<T>(value: unknown, check: (v: unknown) => v is T): T | null | false {
  if (value === undefined || value === null) return null;
  return check(value) ? value : false;
}

const isIcon = (v: unknown): v is string => typeof v === 'string' && v.length <= 100;
const isColor = (v: unknown): v is string => typeof v === 'string' && COLOR.test(v);
const isImageId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isEstimate = (v: unknown): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= 100_000;
const UNLOCK_MODES = new Set(['links', 'parent']);

function httpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2000) return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

function resources(value: unknown): TreeNode['resources'] | null {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > 50) return null;
  const out: TreeNode['resources'] = [];
  for (const item of value) {
    if (!isObject(item)) return null;
    const title = optionalString(item.title, 200);
    if (title === null || !httpUrl(item.url)) return null;
    out.push({ title, url: item.url });
  }
  return out;
}

function position(value: unknown): TreeNode['position'] | false {
  if (value === undefined || value === null) return null;
  if (!isObject(value) || !Number.isFinite(value.x) || !Number.isFinite(value.y)) return false;
  return { x: value.x as number, y: value.y as number };
}

function node(raw: unknown): TreeNode | null {
  if (!isObject(raw) || !isId(raw.id)) return null;
  const parent = raw.parent_id;
  if (parent !== null && !isId(parent)) return null;
  const title = raw.title;
  if (typeof title !== 'string' || title.length < 1 || title.length > 200) return null;
  const summary = optionalString(raw.summary, 1000);
  const content = optionalString(raw.content, 100_000);
  const icon = nullable(raw.icon, isIcon);
  const color = nullable(raw.color, isColor);
  const imageId = nullable(raw.image_id, isImageId);
  const links = resources(raw.resources);
  const pos = position(raw.position);
  const estimate = nullable(raw.estimate_minutes, isEstimate);
  const collapsed = raw.collapsed === undefined ? false : raw.collapsed;
  if (
    summary === null ||
    content === null ||
    icon === false ||
    color === false ||
    imageId === false ||
    links === null ||
    pos === false ||
    estimate === false
  )
    return null;
  if (typeof collapsed !== 'boolean') return null;
  return {
    id: raw.id,
    parent_id: parent,
    title,
    summary,
    content,
    icon,
    color,
    image_id: imageId,
    resources: links,
    collapsed,
    position: pos,
    estimate_minutes: estimate,
  };
}

function link(raw: unknown): TreeLink | null {
  if (!isObject(raw) || !isId(raw.source) || !isId(raw.target)) return null;
  const kind = raw.kind === undefined ? 'related' : raw.kind;
  if (typeof kind !== 'string' || !LINK_KINDS.has(kind)) return null;
  return { source: raw.source, target: raw.target, kind: kind as TreeLink['kind'] };
}

/** The document with defaults filled in when it passes every field rule of `TreeDocument`, else null. */
export function fastParseTreeDocument(input: unknown): TreeDocument | null {
  if (!isObject(input)) return null;
  if (input.format !== undefined && input.format !== 1) return null;
  let layout: TreeDocument['layout'] = { direction: 'TB' };
  if (input.layout !== undefined) {
    if (!isObject(input.layout)) return null;
    const direction = input.layout.direction === undefined ? 'TB' : input.layout.direction;
    if (typeof direction !== 'string' || !LAYOUTS.has(direction)) return null;
    layout = { direction: direction as TreeDocument['layout']['direction'] };
  }
  if (!Array.isArray(input.nodes) || input.nodes.length === 0) return null;
  const nodes: TreeNode[] = new Array(input.nodes.length);
  for (let i = 0; i < input.nodes.length; i++) {
    const parsed = node(input.nodes[i]);
    if (!parsed) return null;
    nodes[i] = parsed;
  }
  const links: TreeLink[] = [];
  if (input.links !== undefined) {
    if (!Array.isArray(input.links)) return null;
    for (const raw of input.links) {
      const parsed = link(raw);
      if (!parsed) return null;
      links.push(parsed);
    }
  }
  const unlock = input.unlock === undefined ? 'links' : input.unlock;
  if (typeof unlock !== 'string' || !UNLOCK_MODES.has(unlock)) return null;
  return { format: 1, layout, nodes, links, unlock: unlock as TreeDocument['unlock'] };
}
