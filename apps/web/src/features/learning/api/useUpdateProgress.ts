import type { LearningStatusValue, Progress } from '@arbor/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { sendProgress } from '../components/offline/offline-edits.ts';
import type { ProgressChange } from './learning-writes.ts';
import { learningKeys, type SubjectRef } from './useProgress.ts';

export { putProgress, type ProgressChange } from './learning-writes.ts';

/**
 * The progress as it will be once `change` is saved, as far as statuses go: the locked set and the
 * summary stay as the server last said (they are the server's to compute).
 */
export function applyChange(
  progress: Progress,
  change: ProgressChange,
  prerequisitesOf: (id: string) => Iterable<string> = () => [],
): Progress {
  const nodes = { ...progress.nodes };
  const set = (id: string, status: LearningStatusValue) => {
    if (status === 'todo') delete nodes[id];
    else nodes[id] = { mastery: nodes[id]?.mastery ?? 0, updated_at: new Date().toISOString(), status };
  };
  set(change.node_id, change.status);
  if (change.with_prerequisites && change.status === 'done') {
    for (const id of prerequisitesOf(change.node_id)) if (nodes[id]?.status !== 'skipped') set(id, 'done');
  }
  return { ...progress, nodes };
}

interface QueueIO {
  read(): Progress | undefined;
  write(progress: Progress): void;
  send(change: ProgressChange): Promise<Progress>;
  prerequisitesOf?(id: string): Iterable<string>;
}

/**
 * Optimistic status changes: each shows at once over the last server answer, calls go out one at a
 * time (so answers cannot arrive out of order), every answer becomes the new base with the changes
 * still in flight laid over it, and a refused change drops out, leaving the others.
 */
export class ProgressQueue {
  private confirmed: Progress | undefined;
  private pending: ProgressChange[] = [];
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly io: QueueIO) {}

  submit(change: ProgressChange): Promise<Progress> {
    if (this.pending.length === 0) this.confirmed = this.io.read();
    this.pending.push(change);
    this.render();
    const sent = this.chain.then(() => this.io.send(change));
    this.chain = sent.catch(() => undefined);
    return sent.then(
      (answer) => {
        this.confirmed = answer;
        this.drop(change);
        this.render();
        return answer;
      },
      (error: unknown) => {
        this.drop(change);
        this.render();
        throw error;
      },
    );
  }

  private drop(change: ProgressChange) {
    this.pending = this.pending.filter((c) => c !== change);
  }

  private render() {
    if (!this.confirmed) return;
    const prerequisitesOf = this.io.prerequisitesOf?.bind(this.io);
    this.io.write(this.pending.reduce((p, c) => applyChange(p, c, prerequisitesOf), this.confirmed));
  }
}

/**
 * Sets a node's status optimistically in the cached progress, rolling back when the server refuses;
 * offline the change is queued and stays shown (components/offline/offline-edits.ts).
 * `prerequisitesOf` lets "I know this" show its prerequisites done before the answer arrives.
 */
export function useUpdateProgress(subject: SubjectRef, prerequisitesOf?: (id: string) => Iterable<string>) {
  const client = useQueryClient();
  const [io] = useState<QueueIO>(() => ({
    read: () => client.getQueryData<Progress>(learningKeys.progress(subject)),
    write: (progress) => client.setQueryData(learningKeys.progress(subject), progress),
    send: (change) =>
      sendProgress(subject, change, () => client.getQueryData<Progress>(learningKeys.progress(subject))),
  }));
  useEffect(() => {
    io.prerequisitesOf = prerequisitesOf;
  }, [io, prerequisitesOf]);
  const [queue] = useState(() => new ProgressQueue(io));
  return queue;
}
