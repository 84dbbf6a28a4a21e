import type { AnkiExportQuery } from '@arbor/contract';
import type { TreeDocument } from '@arbor/tree-core';
import type { Deps } from '../../deps.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { readOwnCardImageBytes, readSubjectCards, type CardRow, type ExportedLogRow } from '../learning/index.ts';
import { markdownToAnkiHtml } from './anki-markdown.ts';
import { writeAnkiPackage, type ExportCard, type ExportNote, type ExportReview } from './anki-writer.ts';

/**
 * `GET /api/learn/export/anki/?tree=|share=&scheduling=`: the caller's cards on a subject they may read
 * (404 otherwise) as an `.apkg`: a deck per node path (root first), one note per input (a sibling
 * group), the images those cards show, and with `scheduling=1` each card's schedule and history.
 */

const LOG_TYPE = { new: 0, learning: 0, review: 1, relearning: 2 } as const;
const IMAGE_URL = /\/api\/learn\/card-images\/(\d+)\/[0-9a-f]{32}\.webp/g;

/** Each node's path of titles, root first. */
function nodePaths(document: TreeDocument): Map<string, string[]> {
  const byId = new Map(document.nodes.map((node) => [node.id, node]));
  const paths = new Map<string, string[]>();
  const pathOf = (id: string): string[] => {
    const known = paths.get(id);
    if (known) return known;
    const node = byId.get(id);
    if (!node) return [];
    // "::" separates Anki's deck levels, so a title may not carry it.
    const title = node.title.replaceAll('::', ':');
    const path = node.parent_id === null ? [title] : [...pathOf(node.parent_id), title];
    paths.set(id, path);
    return path;
  };
  for (const node of document.nodes) pathOf(node.id);
  return paths;
}

function exportCard(card: CardRow, ord: number, logs: ExportedLogRow[] | null): ExportCard {
  if (!logs) return { ord, schedule: null, reviews: [] };
  const reviews: ExportReview[] = logs.map((log) => ({
    at: new Date(log.reviewed_at),
    rating: log.rating,
    type: LOG_TYPE[log.state],
    interval: log.scheduled_days,
    lastInterval: log.last_elapsed_days,
    durationMs: log.duration_ms ?? 0,
  }));
  return {
    ord,
    schedule: {
      state: card.state,
      due: new Date(card.due),
      intervalDays: card.scheduled_days,
      reps: card.reps,
      lapses: card.lapses,
      stability: Number(card.stability),
      difficulty: Number(card.difficulty),
      lastReview: card.last_review ? new Date(card.last_review) : null,
    },
    reviews,
  };
}

const occlusionField = (card: CardRow) => {
  const stored = JSON.parse(card.occlusion ?? '{"masks":[],"mode":"hide_one"}') as {
    masks: { x: number; y: number; w: number; h: number }[];
    mode: string;
  };
  const oi = stored.mode === 'hide_all' ? ':oi=1' : '';
  const n = (value: number) => String(Number(value.toFixed(4)));
  return stored.masks
    .map(
      (m, i) =>
        `{{c${i + 1}::image-occlusion:rect:left=${n(m.x)}:top=${n(m.y)}:width=${n(m.w)}:height=${n(m.h)}${oi}}}<br>`,
    )
    .join('');
};

export async function exportAnki(
  deps: Deps,
  viewer: AuthUser,
  query: AnkiExportQuery,
): Promise<{ body: Buffer; disposition: string }> {
  const scheduling = query.scheduling === '1';
  const { subject, cards, logs } = await readSubjectCards(deps, viewer, query, scheduling);
  const paths = nodePaths(subject.document);
  const logsOf = new Map<number, ExportedLogRow[]>();
  for (const log of logs) {
    const list = logsOf.get(log.card_id) ?? [];
    list.push(log);
    logsOf.set(log.card_id, list);
  }
  // Card images the cards show: the learner's own only (a URL of another's image is left as text).
  const media = new Map<number, string>();
  const mediaData: { name: string; data: Uint8Array }[] = [];
  const imageName = async (id: number): Promise<string | null> => {
    if (media.has(id)) return media.get(id)!;
    const found = await readOwnCardImageBytes(deps, viewer.id, id);
    if (!found) return null;
    const name = `arbor-${id}.webp`;
    media.set(id, name);
    mediaData.push({ name, data: found.body });
    return name;
  };
  const html = async (markdown: string) => {
    for (const match of markdown.matchAll(IMAGE_URL)) await imageName(Number(match[1]));
    return markdownToAnkiHtml(markdown, (url) => {
      const id = /\/api\/learn\/card-images\/(\d+)\//.exec(url)?.[1];
      return id ? (media.get(Number(id)) ?? null) : null;
    });
  };

  const groups = new Map<string, CardRow[]>();
  for (const card of cards) {
    const key = card.sibling_group ?? `card-${card.id}`;
    const list = groups.get(key) ?? [];
    list.push(card);
    groups.set(key, list);
  }
  const notes: ExportNote[] = [];
  const cardLogs = (card: CardRow) => (scheduling ? (logsOf.get(card.id) ?? []) : null);
  for (const group of groups.values()) {
    const first = group[0]!;
    const deck = paths.get(first.node_id) ?? [subject.subject.title];
    if (first.kind === 'cloze') {
      notes.push({
        type: 'cloze',
        deck,
        fields: [await html(first.front), await html(first.back)],
        cards: group.map((card) => exportCard(card, (card.cloze ?? 1) - 1, cardLogs(card))),
      });
    } else if (first.kind === 'occlusion' && first.image_id !== null) {
      const image = await imageName(first.image_id);
      notes.push({
        type: 'occlusion',
        deck,
        fields: [occlusionField(first), image ? `<img src="${image}">` : '', '', await html(first.back), ''],
        cards: group.map((card) => {
          const index = (JSON.parse(card.occlusion ?? '{"index":0}') as { index: number }).index;
          return exportCard(card, index, cardLogs(card));
        }),
      });
    } else if (first.kind === 'reversed' && group.length === 2) {
      notes.push({
        type: 'reversed',
        deck,
        fields: [await html(first.front), await html(first.back)],
        cards: group.map((card, ord) => exportCard(card, ord, cardLogs(card))),
      });
    } else {
      for (const card of group)
        notes.push({
          type: 'basic',
          deck,
          fields: [await html(card.front), await html(card.back)],
          cards: [exportCard(card, 0, cardLogs(card))],
        });
    }
  }
  const body = Buffer.from(writeAnkiPackage({ notes, media: mediaData, now: deps.clock.now() }));
  const title = subject.subject.title || 'Arbor';
  const ascii = title.replace(/[^A-Za-z0-9 ._-]/g, '_');
  return {
    body,
    disposition: `attachment; filename="${ascii}.apkg"; filename*=UTF-8''${encodeURIComponent(`${title}.apkg`)}`,
  };
}
