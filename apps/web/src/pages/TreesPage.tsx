import { TreeListPage } from '../features/trees/components/list/TreeListPage.tsx';

/** /trees — my trees. */
export default function TreesPage() {
  return <TreeListPage />;
}
