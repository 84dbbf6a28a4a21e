import type { Subject, SubjectKind } from '@arbor/contract';
import { buildWaitsForGraph, type TreeDocument } from '@arbor/tree-core';
import type { Deps, LearnableDocument, LearningCaches } from '../../deps.ts';
import { RevisionCache } from '../../lib/cache/revision-cache.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { readSnapshotForViewer, visibleShareIds } from '../shares/index.ts';
import { readDocumentForViewer, readTreeForViewer } from '../trees/index.ts';
import type { SubjectKey, SubjectRow } from './learning.repository.ts';
import { createMemoryCardsCache } from './memory-cards.ts';

/**
 * How many tree nodes an app keeps parsed for learning: four trees at the 5,000-node limit. One
 * such tree of the benchmark (2.4 MB of JSON) holds 3.2 MB of heap with its graph; at the 5 MB
 * document limit, about twice that. Beyond the budget the least recently read tree goes, and is
 * parsed again on its next request.
 */
const CACHED_TREE_NODES = 20_000;

export const createLearningCaches = (): LearningCaches => ({
  trees: new RevisionCache<LearnableDocument>(CACHED_TREE_NODES),
  memoryCards: createMemoryCardsCache(),
});

/** A document with its waits-for graph and root, as every progress answer reads it. */
export function learnableDocument(document: TreeDocument): LearnableDocument {
  return {
    document,
    graph: buildWaitsForGraph(document as TreeDocument & { unlock?: 'links' | 'parent' }),
    root: document.nodes.find((node) => node.parent_id === null)?.id ?? null,
  };
}

const stampOf = (tree: { uuid: string; revision: number }) => `${tree.uuid}:${tree.revision}`;

/**
 * A tree the viewer may read, with its learnable document. The tree's row is read without its
 * document first (policy, title, revision); the document is read and parsed only when this app has
 * nothing for that revision. Every document write bumps the revision in the database, so a save
 * made by another process is never answered from the cache.
 */
async function readLearnableTree(deps: Deps, viewer: AuthUser, ref: string | { id: number }) {
  const cache = deps.caches.learning.trees;
  const tree = await readTreeForViewer(deps, viewer, ref);
  const cached = cache.get(tree.id, stampOf(tree));
  if (cached) return { found: tree, learnable: cached };
  // Saved since the line above? The document read now carries its own revision, and is kept under it.
  const found = await readDocumentForViewer(deps, viewer, { id: tree.id });
  const learnable = learnableDocument(found.document);
  cache.set(found.id, stampOf(found), learnable, found.document.nodes.length);
  return { found, learnable };
}

/**
 * A template the caller may read, with its learnable document. Templates are not cached: the
 * community module offers no revision to key them by, so each request parses the snapshot.
 */
async function readLearnableShare(deps: Deps, viewer: AuthUser, ref: string | { id: number }) {
  const found = await readSnapshotForViewer(deps, viewer, ref);
  return { found, learnable: learnableDocument(found.document) };
}

/** A subject that is gone, or that the caller may no longer read, is left out (its rows stay). */
function nullWhenNotFound(error: unknown): null {
  if (error instanceof AppError && error.statusCode === 404) return null;
  throw error;
}

/**
 * A subject the caller may read: its identity, the key of the caller's rows, and its document with
 * its waits-for graph (shared with other requests for the same revision: read, never change).
 */
export interface ResolvedSubject extends LearnableDocument {
  subject: Subject;
  key: SubjectKey;
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
  const { found, learnable } =
    kind === 'tree' ? await readLearnableTree(deps, viewer, uuid) : await readLearnableShare(deps, viewer, uuid);
  return {
    subject: { kind, uuid: found.uuid, title: found.title },
    key: { userId: viewer.id, kind, subjectId: found.id },
    ...learnable,
  };
}

/**
 * The subjects among `rows` the caller may still read, in their order: templates by the community's
 * visibility rule (one query), trees by their row's policy (no document is read).
 */
export async function readableSubjects(deps: Deps, viewer: AuthUser, rows: SubjectRow[]): Promise<SubjectRow[]> {
  const shareIds = rows.filter((r) => r.subject_kind === 'share').map((r) => r.subject_id);
  const [shares, trees] = await Promise.all([
    visibleShareIds(deps, viewer, shareIds),
    Promise.all(
      rows
        .filter((r) => r.subject_kind === 'tree')
        .map((r) =>
          readTreeForViewer(deps, viewer, { id: r.subject_id }).then(
            () => r.subject_id,
            (error: unknown) => nullWhenNotFound(error),
          ),
        ),
    ),
  ]);
  const readableTrees = new Set(trees.filter((id) => id !== null));
  return rows.filter((r) => (r.subject_kind === 'share' ? shares : readableTrees).has(r.subject_id));
}

/** Reads a subject by its row id, or null when it is gone or no longer readable by the caller. */
export async function resolveSubjectById(
  deps: Deps,
  viewer: AuthUser,
  kind: SubjectKind,
  subjectId: number,
): Promise<ResolvedSubject | null> {
  const read =
    kind === 'tree'
      ? await readLearnableTree(deps, viewer, { id: subjectId }).catch(nullWhenNotFound)
      : await readLearnableShare(deps, viewer, { id: subjectId }).catch(nullWhenNotFound);
  if (!read) return null;
  const { found, learnable } = read;
  return {
    subject: { kind, uuid: found.uuid, title: found.title },
    key: { userId: viewer.id, kind, subjectId: found.id },
    ...learnable,
  };
}

/**
 * Just the identity of a subject by row id (a tree's row without its document; a template's
 * snapshot), or null when it is gone or no longer readable by the caller: titles for lists of cards.
 */
export async function readSubjectById(
  deps: Deps,
  viewer: AuthUser,
  kind: SubjectKind,
  subjectId: number,
): Promise<Subject | null> {
  const found =
    kind === 'tree'
      ? await readTreeForViewer(deps, viewer, { id: subjectId }).catch(nullWhenNotFound)
      : await readSnapshotForViewer(deps, viewer, { id: subjectId }).catch(nullWhenNotFound);
  return found && { kind, uuid: found.uuid, title: found.title };
}
