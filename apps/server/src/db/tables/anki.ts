import type { Generated } from 'kysely';

/** An Anki import job (`modules/anki`): its state, where its cards go, and its outcome. */
export interface AnkiImportsTable {
  id: Generated<number>;
  uuid: string;
  user_id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  percent: number;
  /** the stored upload, until the job has read it */
  upload_key: string | null;
  tree_uuid: string | null;
  title: string | null;
  /** JSON of the import's summary */
  result: string | null;
  /** the English reason of a failure (translated when read) */
  error: string | null;
  /** JSON of the reason's values */
  error_values: string | null;
  created_at: string;
  updated_at: string;
}

export interface AnkiTables {
  anki_imports: AnkiImportsTable;
}
