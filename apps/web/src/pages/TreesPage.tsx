import { TreeListPage } from '../features/trees/index.ts';

/** /trees — my trees. */
export default function TreesPage() {
  return <TreeListPage />;
}
