/** Decorative skill tree for the hero, drawn in the theme's colours so it follows preset and scheme. */
const NODES = [
  { x: 200, y: 40, r: 18, level: 0 },
  { x: 90, y: 130, r: 14, level: 1 },
  { x: 200, y: 130, r: 14, level: 1 },
  { x: 310, y: 130, r: 14, level: 1 },
  { x: 40, y: 220, r: 10, level: 2 },
  { x: 130, y: 220, r: 10, level: 2 },
  { x: 200, y: 220, r: 10, level: 2 },
  { x: 270, y: 220, r: 10, level: 2 },
  { x: 360, y: 220, r: 10, level: 2 },
  { x: 90, y: 295, r: 8, level: 3 },
  { x: 240, y: 295, r: 8, level: 3 },
  { x: 330, y: 295, r: 8, level: 3 },
];
const EDGES: [number, number][] = [
  [0, 1],
  [0, 2],
  [0, 3],
  [1, 4],
  [1, 5],
  [2, 6],
  [3, 7],
  [3, 8],
  [5, 9],
  [7, 10],
  [8, 11],
];
const FILL = ['filled', 'filled', 'light', 'light'] as const;

export function TreeIllustration() {
  return (
    <svg viewBox="0 0 400 330" width="100%" role="presentation" aria-hidden focusable="false" style={{ maxWidth: 420 }}>
      {EDGES.map(([from, to]) => {
        const a = NODES[from]!;
        const b = NODES[to]!;
        const midY = (a.y + b.y) / 2;
        return (
          <path
            key={`${from}-${to}`}
            d={`M${a.x} ${a.y} C${a.x} ${midY}, ${b.x} ${midY}, ${b.x} ${b.y}`}
            fill="none"
            stroke="var(--mantine-primary-color-light-color)"
            strokeOpacity={0.45}
            strokeWidth={2.5}
          />
        );
      })}
      {NODES.map((node, i) => (
        <circle
          key={i}
          cx={node.x}
          cy={node.y}
          r={node.r}
          fill={
            FILL[node.level] === 'filled' ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-primary-color-light)'
          }
          stroke="var(--mantine-primary-color-filled)"
          strokeWidth={2}
        />
      ))}
    </svg>
  );
}
