import { createTreeDocument } from '@arbor/tree-core';
import { cleanup, render, screen } from '@testing-library/react';
import { ReactFlowProvider, type NodeProps } from '@xyflow/react';
import { useMemo, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerTreesExtension, useNodeBadgeExtensions } from '../extensions.ts';
import type { SkillFlowNode } from '../layout/flow-elements.ts';
import { EditorStoreContext } from '../state/editor-context.ts';
import { EditorStore } from '../state/editor-store.ts';
import { CanvasContext, type CanvasContextValue } from './canvas-context.ts';
import { SkillNode } from './SkillNode.tsx';

const doc = createTreeDocument('Rust');
const root = doc.nodes[0]!;

/** What TreeCanvas does for its nodes: the registered badge extensions go into the canvas context. */
function Canvas({
  readOnly = false,
  lowZoom = false,
  children,
}: {
  readOnly?: boolean;
  lowZoom?: boolean;
  children: ReactNode;
}) {
  const nodeBadges = useNodeBadgeExtensions();
  const value = useMemo<CanvasContextValue>(
    () => ({
      readOnly,
      lowZoom,
      imageUrls: new Map(),
      toggleCollapsed: () => undefined,
      commitTitle: () => undefined,
      cancelEditing: () => undefined,
      startEditing: () => undefined,
      collapseLabel: () => '',
      nodeBadges,
    }),
    [readOnly, lowZoom, nodeBadges],
  );
  return (
    <ReactFlowProvider>
      <EditorStoreContext.Provider value={new EditorStore(doc)}>
        <CanvasContext.Provider value={value}>{children}</CanvasContext.Provider>
      </EditorStoreContext.Provider>
    </ReactFlowProvider>
  );
}

const nodeProps = {
  id: root.id,
  type: 'skill',
  data: { node: root, direction: 'TB', childCount: 0, diff: null, match: false, dropHint: null },
  selected: false,
  dragging: false,
  isConnectable: false,
  zIndex: 0,
  positionAbsoluteX: 0,
  positionAbsoluteY: 0,
  draggable: false,
  selectable: true,
  deletable: false,
} as unknown as NodeProps<SkillFlowNode>;

const unregister: Array<() => void> = [];
afterEach(() => {
  cleanup();
  unregister.splice(0).forEach((remove) => remove());
});

describe('node-badge slot', () => {
  it("draws a registered extension's badge on the node, with the node and the canvas mode", () => {
    // A Handle outside a laid-out React Flow reports a (harmless) error through console.warn.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const seen: Array<{ id: string; readOnly: boolean }> = [];
    unregister.push(
      registerTreesExtension({
        id: 'test-badges',
        nodeBadges: ({ node, readOnly }) => {
          seen.push({ id: node.id, readOnly });
          return <span data-testid="learning-badge">{node.title} ✓</span>;
        },
      }),
    );
    render(
      <Canvas readOnly>
        <SkillNode {...nodeProps} />
      </Canvas>,
    );
    expect(screen.getByTestId('learning-badge').textContent).toBe('Rust ✓');
    expect(seen.at(-1)).toEqual({ id: root.id, readOnly: true });
  });

  it("draws a registered extension's frame inside the node, told whether the node is selected", () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const seen: boolean[] = [];
    unregister.push(
      registerTreesExtension({
        id: 'test-frame',
        nodeFrame: ({ selected }) => {
          seen.push(selected);
          return <span data-testid="learning-frame" />;
        },
      }),
    );
    render(
      <Canvas>
        <SkillNode {...nodeProps} selected />
      </Canvas>,
    );
    expect(screen.getByTestId('skill-node').contains(screen.getByTestId('learning-frame'))).toBe(true);
    expect(seen.at(-1)).toBe(true);
  });

  it('draws the badges on the zoomed-out pill too, told whether the node is selected', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const seen: boolean[] = [];
    unregister.push(
      registerTreesExtension({
        id: 'test-badges',
        nodeBadges: ({ node, selected }) => {
          seen.push(selected);
          return <button type="button">{node.title} status</button>;
        },
      }),
    );
    render(
      <Canvas readOnly lowZoom>
        <SkillNode {...nodeProps} selected />
      </Canvas>,
    );
    const pill = screen.getByTestId('skill-node-simple');
    expect(pill.contains(screen.getByRole('button', { name: 'Rust status' }))).toBe(true);
    expect(seen.at(-1)).toBe(true);
  });

  it('renders no badge container when no extension draws badges', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    unregister.push(registerTreesExtension({ id: 'panel-only', nodePanel: () => null }));
    render(
      <Canvas>
        <SkillNode {...nodeProps} />
      </Canvas>,
    );
    expect(screen.getByTestId('skill-node')).toBeTruthy();
    expect(screen.queryByTestId('node-badges')).toBeNull();
  });
});
