import type { TreeDocument } from '../model/tree-document.ts';

export interface EditorState {
  doc: TreeDocument;
  past: TreeDocument[];
  future: TreeDocument[];
  selectedId: string | null;
  /** node whose title is being edited in place */
  editingId: string | null;
  /** bumps on every document change that should be saved (not on load or reload) */
  changeCount: number;
}

interface ApplyOptions {
  /**
   * Consecutive edits with the same key (typing into one field) fold into one undo step, so Ctrl+Z
   * undoes the whole word rather than one letter.
   */
  coalesceKey?: string;
  /** selection after the edit */
  select?: string | null;
  edit?: string | null;
}

const HISTORY_LIMIT = 200;
const COALESCE_MS = 1200;

/**
 * The editor's document with undo/redo. Documents are immutable values (tree-core operations return
 * new ones and share untouched nodes), so history is a list of snapshots that costs only what changed.
 */
export class EditorStore {
  private state: EditorState;
  private listeners = new Set<() => void>();
  private lastCoalesce: { key: string; at: number } | null = null;

  constructor(doc: TreeDocument, selectedId: string | null = null) {
    this.state = { doc, past: [], future: [], selectedId, editingId: null, changeCount: 0 };
  }

  getState = (): EditorState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<EditorState>) {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  /** Applies a pure document operation as one undoable step; a throwing or no-op operation changes nothing. */
  apply(operation: (doc: TreeDocument) => TreeDocument, options: ApplyOptions = {}): boolean {
    const { doc, past } = this.state;
    const next = operation(doc);
    if (next === doc) return false;
    const now = Date.now();
    const fold =
      options.coalesceKey !== undefined &&
      this.lastCoalesce?.key === options.coalesceKey &&
      now - this.lastCoalesce.at < COALESCE_MS &&
      past.length > 0;
    this.lastCoalesce = options.coalesceKey ? { key: options.coalesceKey, at: now } : null;
    const nextPast = fold ? past : [...past, doc].slice(-HISTORY_LIMIT);
    this.set({
      doc: next,
      past: nextPast,
      future: [],
      changeCount: this.state.changeCount + 1,
      ...(options.select !== undefined ? { selectedId: options.select } : {}),
      ...(options.edit !== undefined ? { editingId: options.edit } : {}),
    });
    return true;
  }

  undo() {
    const { past, doc, future } = this.state;
    const previous = past[past.length - 1];
    if (!previous) return;
    this.lastCoalesce = null;
    this.set({
      doc: previous,
      past: past.slice(0, -1),
      future: [doc, ...future],
      changeCount: this.state.changeCount + 1,
      editingId: null,
      selectedId: this.keepSelection(previous),
    });
  }

  redo() {
    const { past, doc, future } = this.state;
    const next = future[0];
    if (!next) return;
    this.lastCoalesce = null;
    this.set({
      doc: next,
      past: [...past, doc],
      future: future.slice(1),
      changeCount: this.state.changeCount + 1,
      editingId: null,
      selectedId: this.keepSelection(next),
    });
  }

  /** Replaces the document without recording history or scheduling a save (load, conflict reload). */
  reset(doc: TreeDocument) {
    this.lastCoalesce = null;
    this.set({ doc, past: [], future: [], editingId: null, selectedId: this.keepSelection(doc) });
  }

  select(id: string | null) {
    if (id !== this.state.selectedId || this.state.editingId) this.set({ selectedId: id, editingId: null });
  }

  startEditing(id: string | null) {
    this.set({ editingId: id, ...(id ? { selectedId: id } : {}) });
  }

  private keepSelection(doc: TreeDocument): string | null {
    const id = this.state.selectedId;
    if (id && doc.nodes.some((n) => n.id === id)) return id;
    return doc.nodes.find((n) => n.parent_id === null)?.id ?? null;
  }
}
