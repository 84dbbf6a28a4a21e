// The offline database in IndexedDB, one for the whole app: version 1 holds the review session's stores
// (the grades queued offline, the cards kept for offline sessions: review-store.ts); version 2 adds what
// learning mode needs without a connection (kept-learning.ts): the subjects list of `/learn`, per subject
// the tree, progress and notes kept, the edits made offline in the order they were made, and the note
// conflicts waiting for the learner's choice. An upgrade only adds stores: nothing kept is lost.
import type { Card, LearningStatusValue, LearningSubjectSummary, Note, Paginated, Progress } from '@arbor/contract';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export interface QueuedReview {
  card_id: number;
  rating: 1 | 2 | 3 | 4;
  review_id: string;
  reviewed_at: string;
  duration_ms?: number;
}

/** A queued review with its place in the queue (IndexedDB's auto-increment key). */
export type StoredReview = QueuedReview & { seq: number };

/** A subject as the learning API names it. */
export interface KeptSubjectRef {
  kind: 'tree' | 'share';
  uuid: string;
}

/** What learning mode needs of one subject without a connection (any part may be missing). */
export interface KeptSubject {
  /** `tree:<uuid>` or `share:<uuid>` */
  key: string;
  subject: KeptSubjectRef;
  /** the page's document answer (for a tree: the tree with its working copy), as the server gave it */
  tree?: unknown;
  progress?: Progress;
  notes?: Note[];
  /** "Available offline": kept whatever its last activity */
  pinned: boolean;
  /** when this device last stored any part (ISO) */
  kept_at: string;
}

/** An edit made while the server could not be reached, replayed in order. */
export type LearningEdit =
  | {
      kind: 'progress';
      subject: KeptSubjectRef;
      node_id: string;
      status: LearningStatusValue;
      with_prerequisites?: boolean;
    }
  | {
      kind: 'note';
      subject: KeptSubjectRef;
      node_id: string;
      content: string;
      /** the `updated_at` of the note the edit started from (none: there was no note) */
      base_updated_at?: string;
    };

export type StoredEdit = LearningEdit & { seq: number };

/** A note edit the server refused because its note changed elsewhere: both sides, for the learner to choose. */
export interface NoteConflict {
  /** `<subject key>:<node id>` */
  key: string;
  subject: KeptSubjectRef;
  node_id: string;
  mine: string;
  theirs: Note;
}

interface OfflineSchema extends DBSchema {
  reviews: { key: number; value: StoredReview; indexes: { review_id: string } };
  cards: { key: number; value: Card };
  subjects: { key: string; value: KeptSubject };
  /** the first page of `/learn`'s subjects list, under the key `page1` */
  'subject-list': { key: string; value: Paginated<LearningSubjectSummary> };
  edits: { key: number; value: StoredEdit };
  'note-conflicts': { key: string; value: NoteConflict };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

export const OFFLINE_DB_NAME = 'arbor-offline';

/** Opens (and creates or upgrades) the offline database. */
export function openOfflineDb(name = OFFLINE_DB_NAME): Promise<OfflineDb> {
  return openDB<OfflineSchema>(name, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        const reviews = db.createObjectStore('reviews', { keyPath: 'seq', autoIncrement: true });
        reviews.createIndex('review_id', 'review_id', { unique: true });
        db.createObjectStore('cards', { keyPath: 'id' });
      }
      if (oldVersion < 2) {
        db.createObjectStore('subjects', { keyPath: 'key' });
        db.createObjectStore('subject-list');
        db.createObjectStore('edits', { keyPath: 'seq', autoIncrement: true });
        db.createObjectStore('note-conflicts', { keyPath: 'key' });
      }
    },
  });
}
