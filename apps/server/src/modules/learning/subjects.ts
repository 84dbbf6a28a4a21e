import type { Subject, SubjectKind } from '@arbor/contract';
import type { TreeDocument } from '@arbor/tree-core';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { readSnapshotForViewer } from '../community/index.ts';
import { readDocumentForViewer } from '../trees/index.ts';
import type { SubjectKey } from './learning.repository.ts';

/** A subject that is gone, or that the caller may no longer read, is left out (its rows stay). */
function nullWhenNotFound(error: unknown): null {
  if (error instanceof AppError && error.statusCode === 404) return null;
  throw error;
}

/** A subject the caller may read: its identity, its document, and the key of the caller's rows. */
export interface ResolvedSubject {
  subject: Subject;
  key: SubjectKey;
  document: TreeDocument;
}

/** `?tree=` or `?share=` as validated by the contract (exactly one is set). */
export interface SubjectRefInput {
  tree?: string;
  share?: string;
}

/**
 * Reads the subject through its own module's policy: a tree the caller may read, or any template
 * (404 otherwise, as if it did not exist).
 */
export async function resolveSubject(deps: Deps, viewer: AuthUser, ref: SubjectRefInput): Promise<ResolvedSubject> {
  const kind: SubjectKind = ref.tree !== undefined ? 'tree' : 'share';
  const uuid = (ref.tree ?? ref.share)!;
  const found =
    kind === 'tree' ? await readDocumentForViewer(deps, viewer, uuid) : await readSnapshotForViewer(deps, viewer, uuid);
  return {
    subject: { kind, uuid: found.uuid, title: found.title },
    key: { userId: viewer.id, kind, subjectId: found.id },
    document: found.document,
  };
}

/** Reads a subject by its row id, or null when it is gone or no longer readable by the caller. */
export async function resolveSubjectById(
  deps: Deps,
  viewer: AuthUser,
  kind: SubjectKind,
  subjectId: number,
): Promise<ResolvedSubject | null> {
  const found =
    kind === 'tree'
      ? await readDocumentForViewer(deps, viewer, { id: subjectId }).catch(nullWhenNotFound)
      : await readSnapshotForViewer(deps, viewer, { id: subjectId }).catch(nullWhenNotFound);
  if (!found) return null;
  return {
    subject: { kind, uuid: found.uuid, title: found.title },
    key: { userId: viewer.id, kind, subjectId: found.id },
    document: found.document,
  };
}
