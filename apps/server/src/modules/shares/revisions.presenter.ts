import type { ShareRevision } from '@arbor/contract';
import type { RevisionMetaRow } from './revisions.repository.ts';

/** Row → the contract's `ShareRevision` (no document). */
export function presentRevision(row: RevisionMetaRow): ShareRevision {
  return {
    revision: row.revision,
    message: row.message,
    node_count: row.node_count,
    changes: { added: row.added, removed: row.removed, changed: row.changed, moved: row.moved },
    created_at: row.created_at,
  };
}
