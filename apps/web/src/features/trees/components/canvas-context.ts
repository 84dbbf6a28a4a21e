import { createContext, useContext } from 'react';
import type { TreesExtension } from '../extensions.ts';

/** What node components need from the canvas without going through node data (which would re-create every node). */
export interface CanvasContextValue {
  readOnly: boolean;
  /** below the zoom threshold nodes render as simple coloured pills */
  lowZoom: boolean;
  /** image id → URL for node thumbnails */
  imageUrls: ReadonlyMap<number, string>;
  toggleCollapsed(id: string): void;
  commitTitle(id: string, title: string): void;
  cancelEditing(): void;
  startEditing(id: string): void;
  /** the collapse button's label, translated once for every node (a hook per node costs on 2,000) */
  collapseLabel(collapsed: boolean, hiddenCount: number): string;
  /** extensions drawing badges on nodes (the trees feature's node-badge slot) */
  nodeBadges: readonly TreesExtension[];
}

export const CanvasContext = createContext<CanvasContextValue>({
  readOnly: true,
  lowZoom: false,
  imageUrls: new Map(),
  toggleCollapsed: () => undefined,
  commitTitle: () => undefined,
  cancelEditing: () => undefined,
  startEditing: () => undefined,
  collapseLabel: () => '',
  nodeBadges: [],
});

export const useCanvasContext = () => useContext(CanvasContext);
