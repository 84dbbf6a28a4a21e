import { ReactFlowProvider } from '@xyflow/react';
import { useState } from 'react';
import type { DiffMark } from '../layout/flow-elements.ts';
import type { TreeDocument } from '../model/tree-document.ts';
import { EditorStoreContext } from '../state/editor-context.ts';
import { EditorStore } from '../state/editor-store.ts';
import { TreeCanvas } from './TreeCanvas.tsx';

interface TreeViewerProps {
  doc: TreeDocument;
  diff?: Map<string, DiffMark>;
  imageUrls?: ReadonlyMap<number, string>;
}

/**
 * A read-only canvas of one document (a version, a comparison, a template). Give it a `key` that
 * changes with the document: it keeps its own store and viewport for the document it mounted with.
 */
export function TreeViewer({ doc, diff, imageUrls }: TreeViewerProps) {
  const [store] = useState(() => new EditorStore(doc));
  return (
    <ReactFlowProvider>
      <EditorStoreContext.Provider value={store}>
        <TreeCanvas store={store} readOnly diff={diff} imageUrls={imageUrls} minimap={false} />
      </EditorStoreContext.Provider>
    </ReactFlowProvider>
  );
}
