import { createNode, createNodeId, type TreeDocument } from '@arbor/tree-core';

/**
 * Decks → nodes (API.md "Anki import"): deck `A::B::C` is the path A → B → C under the tree's root,
 * each level reusing a child of the same title (so importing into a tree made from the same deck, or
 * importing twice, adds no second copy of a node).
 */

const TITLE_MAX = 200;
const titleOf = (segment: string) => (segment.trim() || '—').slice(0, TITLE_MAX);

export interface PlacedDecks {
  document: TreeDocument;
  /** deck id → the node its cards go to */
  nodeOf: Map<number, string>;
  created: number;
}

export function placeDecks(document: TreeDocument, decks: ReadonlyMap<number, readonly string[]>): PlacedDecks {
  const root = document.nodes.find((node) => node.parent_id === null);
  if (!root) throw new Error('a tree document without a root');
  const nodes = [...document.nodes];
  const ids = new Set(nodes.map((node) => node.id));
  const childByTitle = new Map<string, string>();
  for (const node of nodes)
    if (node.parent_id !== null) childByTitle.set(`${node.parent_id}\u0000${node.title}`, node.id);
  const nodeOf = new Map<number, string>();
  let created = 0;
  for (const [deckId, path] of decks) {
    let parent = root.id;
    for (const segment of path) {
      const title = titleOf(segment);
      const key = `${parent}\u0000${title}`;
      let id = childByTitle.get(key);
      if (!id) {
        id = createNodeId(ids);
        ids.add(id);
        nodes.push(createNode({ id, parent_id: parent, title }));
        childByTitle.set(key, id);
        created += 1;
      }
      parent = id;
    }
    nodeOf.set(deckId, parent);
  }
  return { document: { ...document, nodes }, nodeOf, created };
}
