import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LearningProvider } from '../features/learning/index.ts';
import { ErrorView } from '../features/shell/index.ts';
import { useTreeByUuid, EditorSkeleton, TreeEditor } from '../features/trees/index.ts';
import { ApiError } from '../lib/api-client.ts';
import { useSetPageSubject } from '../lib/page-subject.ts';
import { useSession } from '../lib/session.ts';

/**
 * /trees/:uuid — whoever may update the tree edits it; anyone else sees a non-private tree read-only.
 * Keyed by uuid: going from one tree to another (the command palette, a notification) leaves the old
 * editor at once, so nothing on screen still acts on the tree the address has left while the next loads.
 */
export default function TreeEditorPage() {
  const { uuid } = useParams();
  return <TreeEditorOf key={uuid} uuid={uuid} />;
}

function TreeEditorOf({ uuid }: { uuid: string | undefined }) {
  const { t } = useTranslation('trees');
  // Both arrive as synchronous updates; deferred, the editor (canvas and all) mounts in short
  // interruptible tasks instead of one long one.
  const session = useDeferredValue(useSession());
  const tree = useDeferredValue(useTreeByUuid(uuid));
  useSetPageSubject(tree.data?.title);
  if (tree.isPending || session.status === 'loading') return <EditorSkeleton />;
  if (tree.isError) {
    const status = tree.error instanceof ApiError && tree.error.status ? tree.error.status : 500;
    return <ErrorView status={status} message={status === 404 ? t('errors.treeNotFound') : t('errors.loadFailed')} />;
  }
  // the server's policy decides (abilities), the page never re-derives it from the owner
  const readOnly = !tree.data.abilities.update;
  // A fresh editor (store, history, autosave) and a fresh learning mode for each tree (the tree is its
  // subject, whoever owns it).
  return (
    <LearningProvider key={tree.data.uuid} subject={{ kind: 'tree', uuid: tree.data.uuid }} doc={tree.data.data}>
      <TreeEditor tree={tree.data} readOnly={readOnly} />
    </LearningProvider>
  );
}
