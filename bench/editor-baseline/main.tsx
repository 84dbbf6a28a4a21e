// Bare React Flow for the editor benchmark: default nodes, a d3-hierarchy tidy tree, the same
// tree as the editor's (`?nodes=`, 2,000 by default), and nothing of the app. `?visible=1` turns on
// onlyRenderVisibleElements; `window.__fit()` fits the view, as the editor's fit button does.
// Written without JSX so it builds with Vite's defaults and no React plugin.
import { ReactFlow, useNodesState, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { hierarchy, tree } from 'd3-hierarchy';
import { createElement, useEffect, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { benchTree, type BenchNode } from '../editor-tree.ts';

const WIDTH = 150;
const HEIGHT = 40;
const query = new URLSearchParams(location.search);
const visibleOnly = query.get('visible') === '1';
const NODES = Number(query.get('nodes') ?? 2000);

function layout(nodes: BenchNode[]): { nodes: Node[]; edges: Edge[] } {
  const children = new Map<string, BenchNode[]>();
  for (const n of nodes) if (n.parent_id) children.set(n.parent_id, [...(children.get(n.parent_id) ?? []), n]);
  const root = hierarchy(nodes[0]!, (n) => children.get(n.id));
  const laid = tree<BenchNode>().nodeSize([WIDTH + 20, HEIGHT + 60])(root);
  const flowNodes: Node[] = [];
  const edges: Edge[] = [];
  laid.each((d) => {
    flowNodes.push({ id: d.data.id, position: { x: d.x - WIDTH / 2, y: d.y }, data: { label: d.data.title } });
    if (d.data.parent_id) edges.push({ id: `e${d.data.id}`, source: d.data.parent_id, target: d.data.id });
  });
  return { nodes: flowNodes, edges };
}

declare global {
  interface Window {
    __addNode?: () => void;
    __fit?: () => void;
  }
}

function App() {
  const doc = useMemo(() => benchTree(NODES), []);
  const initial = useMemo(() => layout(doc.nodes), [doc]);
  const [nodes, setNodes, onNodesChange] = useNodesState(initial.nodes);
  const edges = useMemo(() => initial.edges, [initial]);
  useEffect(() => {
    let added = 0;
    // What a bare app does on an edit: lay the whole tree out again and replace every node.
    window.__addNode = () => {
      doc.nodes.push({ id: `x${added++}`, parent_id: 'n5', title: 'New' });
      setNodes(layout(doc.nodes).nodes);
    };
  }, [doc, setNodes]);
  return createElement(
    'div',
    { style: { width: '100vw', height: '100vh' } },
    createElement(ReactFlow, {
      nodes,
      edges,
      onNodesChange,
      onlyRenderVisibleElements: visibleOnly,
      defaultViewport: { x: window.innerWidth / 2, y: 80, zoom: 1 },
      minZoom: 0.05,
      onInit: (flow) => {
        window.__fit = () => void flow.fitView();
      },
    }),
  );
}

createRoot(document.getElementById('root')!).render(createElement(App));
