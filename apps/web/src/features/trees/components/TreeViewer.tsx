import { ReactFlowProvider } from '@xyflow/react';
import { useEffect, useRef, useState } from 'react';
import type { DiffMark } from '../layout/flow-elements.ts';
import type { TreeDocument } from '../model/tree-document.ts';
import { indexTree } from '../model/tree-index.ts';
import { EditorStoreContext } from '../state/editor-context.ts';
import { EditorStore } from '../state/editor-store.ts';
import { TreeCanvas } from './TreeCanvas.tsx';

/**
 * The document to show with node `focusId` selected: its collapsed ancestors opened so it is on the
 * canvas. An unknown id (a node deleted since) focuses nothing.
 */
export function documentShowing(
  doc: TreeDocument,
  focusId: string | null | undefined,
): { doc: TreeDocument; focusId: string | null } {
  const index = indexTree(doc);
  if (!focusId || !index.byId.has(focusId)) return { doc, focusId: null };
  const closed = new Set<string>();
  for (let id = index.byId.get(focusId)?.parent_id ?? null; id; id = index.byId.get(id)?.parent_id ?? null) {
    if (index.byId.get(id)?.collapsed) closed.add(id);
  }
  if (closed.size === 0) return { doc, focusId };
  const nodes = doc.nodes.map((node) => (closed.has(node.id) ? { ...node, collapsed: false } : node));
  return { doc: { ...doc, nodes }, focusId };
}

interface TreeViewerProps {
  doc: TreeDocument;
  /** a node to open the canvas on, selected (e.g. `?node=` of the page) */
  focusId?: string | null;
  diff?: Map<string, DiffMark>;
  imageUrls?: ReadonlyMap<number, string>;
  /** a click on a node (selected by it), e.g. to open its details */
  onNodeOpen?: (id: string) => void;
  /** the selected node changed (a click on a node or on the empty canvas) */
  onSelectionChange?: (id: string | null) => void;
  /** pixels on the canvas's right covered by an overlay (a drawer over the canvas) */
  insetRight?: number;
  /**
   * the first view: the whole tree however small (`'always'`, the default: a comparison), or only
   * while its nodes are drawn in full, else the root at a readable zoom (`'legible'`: a template)
   */
  fit?: 'always' | 'legible';
  /** a node to bring on screen at a readable zoom once known (unselected), unless opened on `focusId` */
  centreOn?: string | null;
}

/**
 * A read-only canvas of one document (a version, a comparison, a template). Give it a `key` that
 * changes with the document: it keeps its own store and viewport for the document it mounted with.
 */
export function TreeViewer({
  doc,
  diff,
  imageUrls,
  focusId,
  onSelectionChange,
  onNodeOpen,
  insetRight,
  fit = 'always',
  centreOn,
}: TreeViewerProps) {
  const [{ store, focus }] = useState(() => {
    const shown = documentShowing(doc, focusId);
    return { store: new EditorStore(shown.doc, shown.focusId), focus: shown.focusId };
  });
  const onChange = useRef(onSelectionChange);
  onChange.current = onSelectionChange;
  useEffect(() => {
    let last = store.getState().selectedId;
    return store.subscribe(() => {
      const selected = store.getState().selectedId;
      if (selected === last) return;
      last = selected;
      onChange.current?.(selected);
    });
  }, [store]);
  return (
    <ReactFlowProvider>
      <EditorStoreContext.Provider value={store}>
        <TreeCanvas
          store={store}
          readOnly
          diff={diff}
          imageUrls={imageUrls}
          minimap={false}
          focusId={focus}
          insetRight={insetRight}
          fitFirst={fit === 'always' ? true : 'legible'}
          centreOn={centreOn}
          onNodeOpen={onNodeOpen}
        />
      </EditorStoreContext.Provider>
    </ReactFlowProvider>
  );
}
