import { ApiError } from '../../../lib/api-client.ts';
import type { TreeDocument } from '../model/tree-document.ts';

/** Why the server refused a save, as the editor explains it. */
export type SaveRefusal =
  { kind: 'cycle'; source: string; target: string } | { kind: 'invalid'; reason: string } | { kind: 'other' };

const LINK_FIELD = /(?:^|\.)links\[(\d+)\]$/;

/**
 * Reads a refused save: a `400` naming `data.links[i]` is a prerequisite circle closed by that link of
 * the document that was sent (titles given, so the message names the link); any other `400` has its
 * first field message as the reason.
 */
export function readSaveRefusal(error: unknown, sent: TreeDocument): SaveRefusal {
  if (!(error instanceof ApiError) || error.status !== 400) return { kind: 'other' };
  const titleOf = (id: string) => sent.nodes.find((n) => n.id === id)?.title ?? id;
  for (const [field, messages] of Object.entries(error.fields)) {
    const match = LINK_FIELD.exec(field);
    const link = match ? sent.links[Number(match[1])] : undefined;
    if (link && messages.some((m) => /circle|cycle/i.test(m)))
      return { kind: 'cycle', source: titleOf(link.source), target: titleOf(link.target) };
  }
  const first = Object.values(error.fields)[0]?.[0];
  return { kind: 'invalid', reason: first ?? error.message };
}
