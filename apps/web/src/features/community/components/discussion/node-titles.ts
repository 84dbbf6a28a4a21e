/** Node id → title of the template's snapshot, in document order (titles repeat: the id tells them apart). */
export type NodeTitles = ReadonlyMap<string, string>;

/** The titles of a snapshot's nodes; an untitled node shows its id so it can still be picked. */
export function nodeTitlesOf(
  doc: { nodes?: ReadonlyArray<{ id: string; title?: string }> } | null | undefined,
): NodeTitles {
  const titles = new Map<string, string>();
  for (const node of doc?.nodes ?? []) titles.set(node.id, node.title?.trim() || node.id);
  return titles;
}
