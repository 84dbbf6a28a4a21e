import type { TreeDocument, TreeNode } from '@arbor/tree-core';

/*
 * The embed page of a template (`/embed/community/{uuid}`): plain HTML drawn on the server (cards
 * placed by a tidy tree layout, the edges in one SVG) and one small script (`EMBED_SCRIPT`) for zoom,
 * pan and node details. No framework and no app shell: a few kilobytes, in Arbor's light theme.
 */

/** Escapes text for HTML content and attribute values (double- or single-quoted). */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

const CARD = { width: 200, height: 56 } as const;
const GAP = { sibling: 24, level: 72 } as const;
const ACCENT = '#027a48';
/** The app's prerequisite colour (Mantine orange 6). */
const PREREQUISITE = '#fd7e14';

export type EmbedLocale = 'zh-CN' | 'en-US' | 'ja-JP';

const WORDS: Record<
  EmbedLocale,
  Record<'zoomIn' | 'zoomOut' | 'fit' | 'close' | 'open' | 'missing' | 'hint', string>
> = {
  'zh-CN': {
    zoomIn: '放大',
    zoomOut: '缩小',
    fit: '适应画布',
    close: '关闭',
    open: '在 Arbor 中打开',
    missing: '找不到该模板。',
    hint: '拖动平移，滚轮缩放，点击节点查看详情。',
  },
  'en-US': {
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    fit: 'Fit to view',
    close: 'Close',
    open: 'Open in Arbor',
    missing: 'This template does not exist.',
    hint: 'Drag to pan, scroll to zoom, click a node for its details.',
  },
  'ja-JP': {
    zoomIn: '拡大',
    zoomOut: '縮小',
    fit: '全体を表示',
    close: '閉じる',
    open: 'Arbor で開く',
    missing: 'このテンプレートは見つかりません。',
    hint: 'ドラッグで移動、ホイールで拡大縮小、ノードをクリックで詳細。',
  },
};

/** The page's language from `Accept-Language` (first supported tag), zh-CN when none is. */
export function embedLocale(acceptLanguage: string | undefined): EmbedLocale {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
    if (tag.startsWith('ja')) return 'ja-JP';
  }
  return 'zh-CN';
}

interface Placed {
  node: TreeNode;
  x: number;
  y: number;
}

/**
 * A tidy layout without recursion (trees may be thousands of levels deep): leaves take the next slot
 * across, a parent sits centred over its first and last child, depth goes down (or right for LR).
 */
export function layoutEmbed(doc: TreeDocument): { placed: Placed[]; width: number; height: number } {
  const children = new Map<string | null, TreeNode[]>();
  for (const node of doc.nodes) children.set(node.parent_id, [...(children.get(node.parent_id) ?? []), node]);
  const root = children.get(null)?.[0];
  if (!root) return { placed: [], width: CARD.width, height: CARD.height };
  const across = new Map<string, number>();
  const depthOf = new Map<string, number>([[root.id, 0]]);
  let nextSlot = 0;
  const stack: { node: TreeNode; done: boolean }[] = [{ node: root, done: false }];
  while (stack.length) {
    const item = stack.pop()!;
    const kids = item.node.collapsed ? [] : (children.get(item.node.id) ?? []);
    if (item.done || kids.length === 0) {
      across.set(
        item.node.id,
        kids.length === 0 ? nextSlot++ : (across.get(kids[0]!.id)! + across.get(kids[kids.length - 1]!.id)!) / 2,
      );
      continue;
    }
    stack.push({ node: item.node, done: true });
    for (const kid of [...kids].reverse()) {
      depthOf.set(kid.id, depthOf.get(item.node.id)! + 1);
      stack.push({ node: kid, done: false });
    }
  }
  const leftRight = doc.layout.direction === 'LR';
  const placed: Placed[] = [];
  let width = 0;
  let height = 0;
  for (const node of doc.nodes) {
    const slot = across.get(node.id);
    if (slot === undefined) continue; // under a collapsed branch
    const depth = depthOf.get(node.id)!;
    const x = leftRight ? depth * (CARD.width + GAP.level) : slot * (CARD.width + GAP.sibling);
    const y = leftRight ? slot * (CARD.height + GAP.sibling) : depth * (CARD.height + GAP.level);
    placed.push({ node, x, y });
    width = Math.max(width, x + CARD.width);
    height = Math.max(height, y + CARD.height);
  }
  return { placed, width, height };
}

function edgePath(from: Placed, to: Placed, leftRight: boolean): string {
  if (leftRight) {
    const [x1, y1, x2, y2] = [from.x + CARD.width, from.y + CARD.height / 2, to.x, to.y + CARD.height / 2];
    const mid = (x1 + x2) / 2;
    return `M${x1} ${y1}C${mid} ${y1} ${mid} ${y2} ${x2} ${y2}`;
  }
  const [x1, y1, x2, y2] = [from.x + CARD.width / 2, from.y + CARD.height, to.x + CARD.width / 2, to.y];
  const mid = (y1 + y2) / 2;
  return `M${x1} ${y1}C${x1} ${mid} ${x2} ${mid} ${x2} ${y2}`;
}

/** Where the line from a card's centre toward `toward` leaves the card. */
function cardEdgePoint(card: Placed, toward: { x: number; y: number }): { x: number; y: number } {
  const cx = card.x + CARD.width / 2;
  const cy = card.y + CARD.height / 2;
  const [dx, dy] = [toward.x - cx, toward.y - cy];
  if (dx === 0 && dy === 0) return { x: cx, y: cy };
  const scale = Math.min(
    dx === 0 ? Infinity : CARD.width / 2 / Math.abs(dx),
    dy === 0 ? Infinity : CARD.height / 2 / Math.abs(dy),
  );
  return { x: cx + dx * scale, y: cy + dy * scale };
}

const centre = (card: Placed) => ({ x: card.x + CARD.width / 2, y: card.y + CARD.height / 2 });

/**
 * A prerequisite link as the app draws it (UI.md: solid, in orange, with an arrow): a straight line
 * from the edge of the card that is needed first to the edge of the card that waits for it.
 */
export function prerequisitePath(source: Placed, target: Placed): string {
  const from = cardEdgePoint(source, centre(target));
  const to = cardEdgePoint(target, centre(source));
  const round = (n: number) => Math.round(n * 10) / 10;
  return `M${round(from.x)} ${round(from.y)}L${round(to.x)} ${round(to.y)}`;
}

/** JSON for a `<script type="application/json">`: nothing in it can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const STYLE = `
*{box-sizing:border-box}
html,body{margin:0;height:100%;overflow:hidden;background:#f8f9fa;color:#1f2328;
font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Noto Sans SC","Noto Sans JP",sans-serif;color-scheme:light}
#viewport{position:absolute;inset:0;overflow:hidden;touch-action:none;cursor:grab;
background-image:radial-gradient(#dee2e6 1px,transparent 1px);background-size:20px 20px}
#viewport.dragging{cursor:grabbing}
#world{position:absolute;left:0;top:0;transform-origin:0 0}
#world svg{position:absolute;left:0;top:0;overflow:visible}
#world path{fill:none;stroke:#adb5bd;stroke-width:1.5}
#world path.prerequisite{stroke:${PREREQUISITE};stroke-width:2}
#world marker path{fill:${PREREQUISITE};stroke:none}
.node{position:absolute;width:${CARD.width}px;height:${CARD.height}px;display:flex;align-items:center;
padding:8px 12px 8px 14px;border-radius:14px;background:#fff;border:1px solid #dee2e6;font:inherit;font-size:14px;
color:inherit;text-align:left;cursor:pointer;box-shadow:0 1px 2px rgb(0 0 0/6%),0 4px 12px -6px rgb(0 0 0/12%)}
.node::before{content:"";position:absolute;inset:10px auto 10px 0;width:3px;border-radius:0 3px 3px 0;background:var(--accent)}
.node:hover{border-color:#adb5bd}
.node:focus-visible{outline:2px solid ${ACCENT};outline-offset:2px}
.node.root{font-weight:700;font-size:15px;border-color:color-mix(in srgb,var(--accent) 45%,transparent);
background:color-mix(in srgb,var(--accent) 8%,white)}
.node.selected{border-color:var(--accent);box-shadow:0 0 0 3px color-mix(in srgb,var(--accent) 30%,transparent)}
.node span{overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;line-height:1.3;overflow-wrap:anywhere}
.controls{position:absolute;left:12px;bottom:12px;display:flex;flex-direction:column;gap:4px}
.controls button,#details-close{width:32px;height:32px;border-radius:8px;border:1px solid #dee2e6;background:#fff;
font-size:18px;line-height:1;cursor:pointer;color:#1f2328}
.controls button:focus-visible,#details-close:focus-visible,.brand:focus-visible{outline:2px solid ${ACCENT};outline-offset:2px}
.brand{position:absolute;right:12px;bottom:12px;padding:4px 10px;border-radius:8px;background:#fff;border:1px solid #dee2e6;
color:${ACCENT};font-size:13px;font-weight:600;text-decoration:none}
#details{position:absolute;top:12px;right:12px;bottom:56px;width:min(340px,calc(100% - 24px));overflow:auto;padding:16px;
background:#fff;border:1px solid #dee2e6;border-radius:12px;box-shadow:0 8px 24px -12px rgb(0 0 0/25%)}
#details[hidden]{display:none}
#details header{display:flex;gap:8px;align-items:flex-start;justify-content:space-between}
#details h2{margin:0;font-size:17px;overflow-wrap:anywhere}
#details-summary{color:#495057;font-size:14px;overflow-wrap:anywhere}
#details-content{font-size:14px;white-space:pre-wrap;overflow-wrap:anywhere;line-height:1.5}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.missing{display:flex;height:100%;align-items:center;justify-content:center;font-size:15px;color:#495057}
`;

const page = (locale: EmbedLocale, title: string, body: string) =>
  `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<meta name="robots" content="noindex"><meta name="color-scheme" content="light">` +
  `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;

/** The embed page of one template: its tree, read-only, with a link to the template page. */
export function renderEmbedPage(input: {
  title: string;
  document: TreeDocument;
  templateUrl: string;
  locale: EmbedLocale;
}): string {
  const words = WORDS[input.locale];
  const { placed, width, height } = layoutEmbed(input.document);
  const leftRight = input.document.layout.direction === 'LR';
  const byId = new Map(placed.map((p) => [p.node.id, p]));
  const paths = placed.flatMap((p) => {
    const parent = p.node.parent_id === null ? undefined : byId.get(p.node.parent_id);
    return parent ? [`<path d="${edgePath(parent, p, leftRight)}"/>`] : [];
  });
  // Prerequisite links between cards on the page (both ends shown: none under a collapsed branch).
  const prerequisites = input.document.links.flatMap((link) => {
    const [source, target] = [byId.get(link.source), byId.get(link.target)];
    return link.kind === 'prerequisite' && source && target && source !== target
      ? [
          `<path class="prerequisite" data-source="${escapeHtml(link.source)}" data-target="${escapeHtml(link.target)}"` +
            ` d="${prerequisitePath(source, target)}" marker-end="url(#prerequisite-arrow)"/>`,
        ]
      : [];
  });
  const arrow =
    '<defs><marker id="prerequisite-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7"' +
    ' orient="auto-start-reverse"><path d="M0 0L10 5L0 10z"/></marker></defs>';
  const cards = placed.map(
    ({ node, x, y }) =>
      `<button type="button" class="node${node.parent_id === null ? ' root' : ''}" data-id="${escapeHtml(node.id)}"` +
      ` style="left:${x}px;top:${y}px;--accent:${escapeHtml(node.color ?? ACCENT)}" title="${escapeHtml(node.title)}">` +
      `<span>${escapeHtml(node.title)}</span></button>`,
  );
  const details = Object.fromEntries(
    placed.map(({ node }) => [node.id, { title: node.title, summary: node.summary, content: node.content }]),
  );
  const body =
    `<main id="viewport" aria-label="${escapeHtml(input.title)}"><p class="sr-only">${escapeHtml(words.hint)}</p>` +
    `<div id="world" style="width:${width}px;height:${height}px">` +
    `<svg width="${width}" height="${height}" aria-hidden="true">${arrow}${paths.join('')}${prerequisites.join('')}</svg>` +
    `${cards.join('')}</div></main>` +
    `<div class="controls"><button type="button" id="zoom-in" aria-label="${escapeHtml(words.zoomIn)}" title="${escapeHtml(words.zoomIn)}">+</button>` +
    `<button type="button" id="zoom-out" aria-label="${escapeHtml(words.zoomOut)}" title="${escapeHtml(words.zoomOut)}">−</button>` +
    `<button type="button" id="fit" aria-label="${escapeHtml(words.fit)}" title="${escapeHtml(words.fit)}">⤢</button></div>` +
    `<a class="brand" href="${escapeHtml(input.templateUrl)}" target="_blank" rel="noopener">${escapeHtml(words.open)}</a>` +
    `<aside id="details" role="dialog" aria-labelledby="details-title" hidden><header><h2 id="details-title"></h2>` +
    `<button type="button" id="details-close" aria-label="${escapeHtml(words.close)}" title="${escapeHtml(words.close)}">×</button></header>` +
    `<p id="details-summary"></p><div id="details-content"></div></aside>` +
    `<script type="application/json" id="arbor-nodes">${scriptJson(details)}</script>` +
    `<script src="/embed/embed.js" defer></script>`;
  return page(input.locale, `${input.title} · Arbor`, body);
}

/** The embed page of a template that does not exist or is hidden. */
export function renderEmbedMissing(locale: EmbedLocale): string {
  return page(locale, 'Arbor', `<main class="missing"><p>${escapeHtml(WORDS[locale].missing)}</p></main>`);
}

/** The embed page's script: zoom (wheel, buttons), pan (drag) and a node's details (click, Enter). */
export const EMBED_SCRIPT = `(() => {
  'use strict';
  const viewport = document.getElementById('viewport');
  const world = document.getElementById('world');
  const details = document.getElementById('details');
  const data = JSON.parse(document.getElementById('arbor-nodes').textContent);
  let scale = 1, x = 0, y = 0, drag = null, dragged = false, selected = null;
  const apply = () => { world.style.transform = 'translate(' + x + 'px,' + y + 'px) scale(' + scale + ')'; };
  // Fits the tree into the part of the frame the details panel leaves free (all of it when closed,
  // or when the frame is too narrow to share).
  const fit = () => {
    const w = world.offsetWidth, h = world.offsetHeight, vh = viewport.clientHeight;
    const panel = details.hidden || viewport.clientWidth < 560 ? 0 : details.offsetWidth + 12;
    const vw = viewport.clientWidth - panel;
    scale = Math.min(1.25, Math.max(0.05, Math.min((vw - 48) / w, (vh - 48) / h)));
    x = (vw - w * scale) / 2; y = (vh - h * scale) / 2; apply();
  };
  const zoomAt = (factor, cx, cy) => {
    const next = Math.min(4, Math.max(0.05, scale * factor));
    x = cx - ((cx - x) * next) / scale; y = cy - ((cy - y) * next) / scale; scale = next; apply();
  };
  const zoomCentre = (factor) => zoomAt(factor, viewport.clientWidth / 2, viewport.clientHeight / 2);
  viewport.addEventListener('wheel', (e) => {
    e.preventDefault();
    const r = viewport.getBoundingClientRect();
    zoomAt(Math.exp(-e.deltaY * 0.0015), e.clientX - r.left, e.clientY - r.top);
  }, { passive: false });
  viewport.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    drag = { px: e.clientX, py: e.clientY, x: x, y: y }; dragged = false;
  });
  window.addEventListener('pointermove', (e) => {
    if (!drag) return;
    const dx = e.clientX - drag.px, dy = e.clientY - drag.py;
    if (!dragged && Math.abs(dx) + Math.abs(dy) < 5) return;
    dragged = true; viewport.classList.add('dragging');
    x = drag.x + dx; y = drag.y + dy; apply();
  });
  window.addEventListener('pointerup', () => {
    drag = null; viewport.classList.remove('dragging');
    // The click that ends a drag is no choice of a node; later clicks (and Enter) are.
    setTimeout(() => { dragged = false; }, 0);
  });
  const close = () => {
    details.hidden = true; fit();
    if (selected) { selected.classList.remove('selected'); selected.focus(); selected = null; }
  };
  const show = (button) => {
    const node = data[button.dataset.id];
    if (!node) return;
    if (selected) selected.classList.remove('selected');
    selected = button; button.classList.add('selected');
    document.getElementById('details-title').textContent = node.title;
    const summary = document.getElementById('details-summary');
    summary.textContent = node.summary; summary.hidden = !node.summary;
    document.getElementById('details-content').textContent = node.content;
    if (details.hidden) { details.hidden = false; fit(); }
  };
  world.addEventListener('click', (e) => {
    const button = e.target.closest('.node');
    if (!button) return;
    if (!dragged) show(button);
  });
  document.getElementById('details-close').addEventListener('click', close);
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !details.hidden) close();
  });
  document.getElementById('zoom-in').addEventListener('click', () => zoomCentre(1.25));
  document.getElementById('zoom-out').addEventListener('click', () => zoomCentre(0.8));
  document.getElementById('fit').addEventListener('click', fit);
  window.addEventListener('resize', fit);
  fit();
})();
`;
