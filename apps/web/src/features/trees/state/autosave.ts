import { ApiError } from '../../../lib/api-client.ts';
import type { TreeDocument } from '../model/tree-document.ts';
import type { EditorStore } from './editor-store.ts';

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'offline' | 'conflict' | 'error';

interface AutosaveDeps {
  store: EditorStore;
  revision: number;
  /** sends the document with `If-Match: "<ifMatch>"` (none to overwrite); resolves to the new revision */
  save: (doc: TreeDocument, ifMatch: number | undefined) => Promise<number>;
  /** the server's working copy, for "reload" after a conflict */
  load: () => Promise<{ doc: TreeDocument; revision: number }>;
  /** where an unsaved working copy survives a closed tab while offline */
  draftKey: string;
  debounceMs?: number;
}

const MAX_RETRY_MS = 30_000;

/** A working copy that could not reach the server, kept in localStorage until it does. */
interface Draft {
  revision: number;
  doc: TreeDocument;
  saved_at: string;
}

export function readDraft(key: string): Draft | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as Draft) : null;
  } catch {
    return null;
  }
}

/**
 * Saves the editor's working copy: debounced after each edit, one request at a time, retried with
 * backoff while offline, and stopped (never overwriting) when the server reports a newer revision.
 * An edit is only counted as saved when the document that contained it was acknowledged.
 */
export class Autosave {
  private status: SaveStatus = 'saved';
  private revision: number;
  private savedChange: number;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<void> | null = null;
  private retryMs = 1000;
  private listeners = new Set<() => void>();
  private disposers: Array<() => void> = [];
  private failure: { error: unknown; doc: TreeDocument } | null = null;

  constructor(private readonly deps: AutosaveDeps) {
    this.revision = deps.revision;
    this.savedChange = deps.store.getState().changeCount;
    this.disposers.push(deps.store.subscribe(() => this.onChange()));
    const online = () => {
      if (this.status === 'offline') this.schedule(0);
    };
    window.addEventListener('online', online);
    this.disposers.push(() => window.removeEventListener('online', online));
  }

  dispose() {
    if (this.timer) clearTimeout(this.timer);
    this.disposers.forEach((d) => d());
  }

  getStatus = () => this.status;
  getRevision = () => this.revision;
  /** The last refused save (status `error`): what the server answered and the document that was sent. */
  getFailure = () => this.failure;
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get dirty(): boolean {
    return this.deps.store.getState().changeCount !== this.savedChange;
  }

  private setStatus(status: SaveStatus) {
    if (status === this.status) return;
    this.status = status;
    this.listeners.forEach((l) => l());
  }

  private onChange() {
    if (!this.dirty || this.status === 'conflict') return;
    if (this.status === 'offline') {
      this.writeDraft();
      return;
    }
    if (this.status !== 'saving') this.setStatus('pending');
    this.schedule(this.deps.debounceMs ?? 800);
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.saveNow();
    }, ms);
  }

  /** Saves now if anything is unsaved; resolves true once everything up to now is on the server. */
  async flush(): Promise<boolean> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.inFlight) await this.inFlight;
    if (this.dirty && this.status !== 'conflict') await this.saveNow();
    return !this.dirty;
  }

  private async saveNow(overwrite = false): Promise<void> {
    if (this.inFlight || !this.dirty || (this.status === 'conflict' && !overwrite)) return;
    const { doc, changeCount } = this.deps.store.getState();
    this.setStatus('saving');
    this.inFlight = (async () => {
      try {
        this.revision = await this.deps.save(doc, overwrite ? undefined : this.revision);
        this.savedChange = changeCount;
        this.retryMs = 1000;
        this.failure = null;
        this.clearDraft();
        this.setStatus(this.dirty ? 'pending' : 'saved');
      } catch (error) {
        this.onFailure(error, doc);
      }
    })();
    await this.inFlight;
    this.inFlight = null;
    if (this.status === 'pending') this.schedule(this.deps.debounceMs ?? 800);
  }

  private onFailure(error: unknown, doc: TreeDocument) {
    if (error instanceof ApiError && error.status === 412) {
      this.setStatus('conflict');
      return;
    }
    const transient = !(error instanceof ApiError) || error.status === 0 || error.status === 429 || error.status >= 500;
    if (transient) {
      // Keep the edit: in memory, in localStorage in case the tab closes, and retry with backoff.
      this.writeDraft();
      this.setStatus('offline');
      this.schedule(this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
      return;
    }
    this.writeDraft();
    this.failure = { error, doc };
    this.setStatus('error');
  }

  /** Conflict: drop local edits and continue from the server's copy (undo history is cleared). */
  async reload(): Promise<void> {
    const { doc, revision } = await this.deps.load();
    this.adopt(doc, revision);
  }

  /**
   * Continues from a copy the server holds at `revision` (reloaded after a conflict, or changed by
   * the server itself, as a template update): not an edit, so nothing is saved back, and undo starts
   * afresh, as undoing into the older copy would be saved over the newer one.
   */
  adopt(doc: TreeDocument, revision: number): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.revision = revision;
    this.deps.store.reset(doc);
    this.savedChange = this.deps.store.getState().changeCount;
    this.failure = null;
    this.clearDraft();
    this.setStatus('saved');
  }

  /** Conflict: write the local copy over the server's. */
  async overwrite(): Promise<void> {
    await this.saveNow(true);
  }

  /** Retry after an error the user has seen (for instance an invalid document that was then fixed). */
  retry() {
    if (this.status === 'error' || this.status === 'offline') {
      this.setStatus('pending');
      this.schedule(0);
    }
  }

  private writeDraft() {
    try {
      const draft: Draft = {
        revision: this.revision,
        doc: this.deps.store.getState().doc,
        saved_at: new Date().toISOString(),
      };
      localStorage.setItem(this.deps.draftKey, JSON.stringify(draft));
    } catch {
      // storage full or disabled: the copy in memory is still retried
    }
  }

  private clearDraft() {
    try {
      localStorage.removeItem(this.deps.draftKey);
    } catch {
      // nothing to clear
    }
  }
}
