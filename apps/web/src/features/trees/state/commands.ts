import {
  addChild,
  addLink,
  addSibling,
  copySubtree,
  deleteSubtree,
  moveNode,
  pasteSubtree,
  removeLink,
  reorderSibling,
  setLayoutDirection,
  setUnlockMode,
  TreeOperationError,
  updateNode,
  type LayoutDirection,
  type NodeFields,
  type TreeClipboard,
  type TreeDocument,
  type UnlockMode,
} from '@arbor/tree-core';
import type { LinkKind } from '../model/tree-document.ts';
import { indexTree } from '../model/tree-index.ts';
import type { DropHint } from '../layout/flow-elements.ts';
import type { EditorStore } from './editor-store.ts';

interface CommandOptions {
  /** title given to nodes created from the keyboard */
  newNodeTitle: () => string;
  /** reports a refused operation (moving a node into itself, deleting the root…) */
  onRefused?: (error: TreeOperationError) => void;
}

/**
 * Every editing action of the editor, expressed as tree-core operations applied through the store
 * (so each is exactly one undo step). The keyboard, the node panel and extensions all call these.
 */
export class EditorCommands {
  private clipboard: TreeClipboard | null = null;

  constructor(
    readonly store: EditorStore,
    private readonly options: CommandOptions,
  ) {}

  private run(operation: (doc: TreeDocument) => TreeDocument, opts?: Parameters<EditorStore['apply']>[1]): boolean {
    try {
      return this.store.apply(operation, opts);
    } catch (error) {
      if (error instanceof TreeOperationError) {
        this.options.onRefused?.(error);
        return false;
      }
      throw error;
    }
  }

  private get selected(): string | null {
    return this.store.getState().selectedId;
  }

  /** Adds a child under `parentId` (expanding it) and starts editing its title. */
  addChild(parentId = this.selected, fields: Partial<NodeFields> & { title?: string } = {}): string | null {
    if (!parentId) return null;
    let created: string | null = null;
    this.run((doc) => {
      const parent = indexTree(doc).byId.get(parentId);
      const base = parent?.collapsed ? updateNode(doc, parentId, { collapsed: false }) : doc;
      const result = addChild(base, parentId, { ...fields, title: fields.title ?? this.options.newNodeTitle() });
      created = result.nodeId;
      return result.document;
    });
    if (created) this.store.startEditing(created);
    return created;
  }

  /** Adds a sibling after the selection (a child when the root is selected). */
  addSibling(id = this.selected): string | null {
    if (!id) return null;
    const node = indexTree(this.store.getState().doc).byId.get(id);
    if (!node) return null;
    if (node.parent_id === null) return this.addChild(id);
    let created: string | null = null;
    this.run((doc) => {
      const result = addSibling(doc, id, { title: this.options.newNodeTitle() }, 'after');
      created = result.nodeId;
      return result.document;
    });
    if (created) this.store.startEditing(created);
    return created;
  }

  /** Adds several children at once (AI suggestions, imports of a list) as one undo step. */
  addChildren(parentId: string, children: Array<Partial<NodeFields> & { title: string }>): string[] {
    const ids: string[] = [];
    this.run((doc) =>
      children.reduce((current, fields) => {
        const result = addChild(current, parentId, fields);
        ids.push(result.nodeId);
        return result.document;
      }, doc),
    );
    return ids;
  }

  /** Deletes the node and its subtree; the selection moves to a neighbour. */
  deleteSubtree(id = this.selected): boolean {
    if (!id) return false;
    const index = indexTree(this.store.getState().doc);
    const node = index.byId.get(id);
    if (!node?.parent_id) return false;
    const siblings = index.children.get(node.parent_id) ?? [];
    const at = siblings.indexOf(id);
    const next = siblings[at + 1] ?? siblings[at - 1] ?? node.parent_id;
    return this.run((doc) => deleteSubtree(doc, id), { select: next, edit: null });
  }

  update(id: string, patch: Partial<NodeFields>, coalesceKey?: string): boolean {
    return this.run((doc) => updateNode(doc, id, patch), coalesceKey ? { coalesceKey: `${id}:${coalesceKey}` } : {});
  }

  renameInPlace(id: string, title: string): void {
    this.run((doc) => updateNode(doc, id, { title }), { edit: null });
    this.store.startEditing(null);
  }

  toggleCollapsed(id: string): void {
    const node = indexTree(this.store.getState().doc).byId.get(id);
    if (node) this.update(id, { collapsed: !node.collapsed });
  }

  /** Drops `id` onto `targetId`: as its last child, or before/after it among its siblings. */
  drop(id: string, targetId: string, hint: DropHint): boolean {
    return this.run((doc) => {
      const index = indexTree(doc);
      const target = index.byId.get(targetId);
      if (!target) return doc;
      if (hint === 'child' || !target.parent_id) {
        const base = target.collapsed ? updateNode(doc, targetId, { collapsed: false }) : doc;
        return moveNode(base, id, targetId);
      }
      const siblings = (index.children.get(target.parent_id) ?? []).filter((s) => s !== id);
      const at = siblings.indexOf(targetId) + (hint === 'after' ? 1 : 0);
      return moveNode(doc, id, target.parent_id, at);
    });
  }

  /** Moves the node one place up (-1) or down (+1) among its siblings. */
  reorder(id: string, delta: -1 | 1): boolean {
    const index = indexTree(this.store.getState().doc);
    const node = index.byId.get(id);
    if (!node?.parent_id) return false;
    const siblings = index.children.get(node.parent_id) ?? [];
    const at = siblings.indexOf(id) + delta;
    if (at < 0 || at >= siblings.length) return false;
    return this.run((doc) => reorderSibling(doc, id, at));
  }

  link(source: string, target: string, kind: LinkKind): boolean {
    return this.run((doc) => addLink(doc, { source, target, kind }));
  }

  unlink(source: string, target: string): boolean {
    return this.run((doc) => removeLink(doc, source, target));
  }

  setLinkKind(source: string, target: string, kind: LinkKind): boolean {
    return this.run((doc) => addLink(removeLink(doc, source, target), { source, target, kind }));
  }

  setDirection(direction: LayoutDirection): boolean {
    return this.run((doc) => (doc.layout.direction === direction ? doc : setLayoutDirection(doc, direction)));
  }

  /** What a node waits for before it unlocks (API.md "Learning"): its prerequisites, or its parent too. */
  setUnlockMode(unlock: UnlockMode): boolean {
    return this.run((doc) => setUnlockMode(doc, unlock));
  }

  /** Replaces the whole document (import into the open tree) as one undoable step. */
  replaceDocument(next: TreeDocument): boolean {
    const rootId = next.nodes.find((n) => n.parent_id === null)?.id ?? null;
    return this.run(() => next, { select: rootId, edit: null });
  }

  copy(id = this.selected): TreeClipboard | null {
    if (!id) return null;
    this.clipboard = copySubtree(this.store.getState().doc, id);
    return this.clipboard;
  }

  paste(parentId = this.selected, clipboard = this.clipboard): string | null {
    if (!parentId || !clipboard) return null;
    let created: string | null = null;
    this.run((doc) => {
      const result = pasteSubtree(doc, clipboard, parentId);
      created = result.nodeId;
      return result.document;
    });
    if (created) this.store.select(created);
    return created;
  }

  /** Expands every collapsed ancestor of `id` (one undo step) so the node can be shown. */
  expandTo(id: string): void {
    const index = indexTree(this.store.getState().doc);
    const collapsed: string[] = [];
    let current = index.byId.get(id)?.parent_id ?? null;
    while (current) {
      if (index.byId.get(current)?.collapsed) collapsed.push(current);
      current = index.byId.get(current)?.parent_id ?? null;
    }
    if (collapsed.length) this.run((doc) => collapsed.reduce((d, c) => updateNode(d, c, { collapsed: false }), doc));
  }

  undo() {
    this.store.undo();
  }

  redo() {
    this.store.redo();
  }
}
