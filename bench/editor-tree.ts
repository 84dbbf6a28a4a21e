// The benchmark tree: `count` nodes, breadth-first, each node with 2–6 children (seeded, so the
// editor and the bare React Flow baseline draw exactly the same tree).
import { mulberry32 } from './support/random.ts';

export interface BenchNode {
  id: string;
  parent_id: string | null;
  title: string;
}

export interface BenchDocument {
  format: 1;
  layout: { direction: 'TB' };
  nodes: BenchNode[];
  links: [];
}

export function benchTree(count: number, seed = 42): BenchDocument {
  const random = mulberry32(seed);
  const nodes: BenchNode[] = [{ id: 'root', parent_id: null, title: 'Bench root' }];
  for (let i = 0; nodes.length < count; i++) {
    const parent = nodes[i]!;
    const kids = 2 + Math.floor(random() * 5);
    for (let k = 0; k < kids && nodes.length < count; k++) {
      nodes.push({ id: `n${nodes.length}`, parent_id: parent.id, title: `Skill ${nodes.length}` });
    }
  }
  return { format: 1, layout: { direction: 'TB' }, nodes, links: [] };
}
