import classes from './CoverArt.module.css';

/** Small deterministic hash so one template always gets the same art. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * A generated cover for templates that have none: a little tree of dots on a soft gradient whose
 * hue and shape come from the template's id. Pure SVG, no request.
 */
export function CoverArt({ seed, title }: { seed: string; title: string }) {
  const h = hash(seed);
  const hue = h % 360;
  const branches = 2 + (h % 3);
  const nodes: Array<{ x: number; y: number; px: number; py: number }> = [];
  for (let i = 0; i < branches; i += 1) {
    const x = 40 + (i * 240) / Math.max(1, branches - 1);
    nodes.push({ x, y: 80, px: 160, py: 30 });
    const leaves = 1 + ((h >> (i * 3)) % 3);
    for (let j = 0; j < leaves; j += 1) nodes.push({ x: x - 24 + j * 24, y: 125, px: x, py: 80 });
  }
  return (
    <svg
      viewBox="0 0 320 180"
      className={classes.art}
      role="img"
      aria-label={title}
      preserveAspectRatio="xMidYMid slice"
    >
      <defs>
        <linearGradient id={`g${h}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={`hsl(${hue} 70% 92%)`} />
          <stop offset="1" stopColor={`hsl(${(hue + 40) % 360} 65% 82%)`} />
        </linearGradient>
      </defs>
      <rect width="320" height="180" fill={`url(#g${h})`} />
      <g stroke={`hsl(${hue} 45% 40%)`} strokeWidth="2" opacity="0.55">
        {nodes.map((n, i) => (
          <line key={i} x1={n.px} y1={n.py} x2={n.x} y2={n.y} />
        ))}
      </g>
      <circle cx="160" cy="30" r="9" fill={`hsl(${hue} 55% 38%)`} />
      {nodes.map((n, i) => (
        <circle key={i} cx={n.x} cy={n.y} r={n.y > 100 ? 5 : 7} fill={`hsl(${hue} 50% ${n.y > 100 ? 55 : 45}%)`} />
      ))}
    </svg>
  );
}
