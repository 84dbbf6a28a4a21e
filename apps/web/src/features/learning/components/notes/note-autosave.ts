/** Where a note stands: nothing typed yet, waiting for the pause, on its way, on the server, or refused. */
export type NoteSaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

interface NoteAutosaveOptions {
  /** the note as the server has it */
  initial: string;
  save: (content: string) => Promise<void>;
  onState: (state: NoteSaveState) => void;
  /** the pause after the last keystroke before saving */
  delayMs?: number;
}

/**
 * Autosave of one note: a save after a pause in typing (and at once on `flush`, e.g. on blur),
 * one request at a time, the latest text always winning; a failed save keeps the text and waits
 * for `retry` (or the next keystroke).
 */
export class NoteAutosave {
  private saved: string;
  private latest: string;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private state: NoteSaveState = 'idle';
  private readonly delayMs: number;

  constructor(private readonly options: NoteAutosaveOptions) {
    this.saved = options.initial;
    this.latest = options.initial;
    this.delayMs = options.delayMs ?? 800;
  }

  get current(): NoteSaveState {
    return this.state;
  }

  /** The learner typed: save after the pause. */
  change(content: string): void {
    this.latest = content;
    this.clearTimer();
    if (this.running) return; // the save under way picks the new text up when it ends
    if (content === this.saved) {
      if (this.state !== 'idle') this.setState('saved');
      return;
    }
    this.setState('pending');
    this.timer = setTimeout(() => void this.flush(), this.delayMs);
  }

  /** Saves now what is not saved yet; resolves when the server has the latest text (or refused it). */
  flush(): Promise<void> {
    this.clearTimer();
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async drain(): Promise<void> {
    while (this.latest !== this.saved) {
      const content = this.latest;
      this.setState('saving');
      try {
        await this.options.save(content);
        this.saved = content;
      } catch {
        this.setState('error');
        return;
      }
    }
    if (this.state === 'saving' || this.state === 'pending') this.setState('saved');
  }

  /** After an error: tries the latest text again. */
  retry(): Promise<void> {
    return this.flush();
  }

  /** Stops the timer; call `flush` first to keep the last keystrokes. */
  dispose(): void {
    this.clearTimer();
  }

  private clearTimer() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private setState(state: NoteSaveState) {
    if (state === this.state) return;
    this.state = state;
    this.options.onState(state);
  }
}
