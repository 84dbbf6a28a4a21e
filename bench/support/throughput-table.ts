// The API throughput bench's latest run as a README table: each route on each server (the code
// before and after, when BENCH_BEFORE_ROOT ran one beside this one) next to its bare-Fastify ceiling.

interface RouteFigure {
  rps: number;
  ceiling: number;
  ratio: number;
  runs: number[];
}
type ByServer = Record<string, RouteFigure>;
export interface ThroughputResults {
  date: string;
  machine: string;
  machineAfter?: string;
  shares: number;
  seconds: number;
  runs: number;
  before?: string;
  sqlite?: Record<string, ByServer>;
  postgres?: Record<string, ByServer>;
}

const ROUTES = [
  ['list', 'list `?ordering=-hot`', 0.3],
  ['tree', 'tree GET, 200 nodes', 0.2],
  ['template', 'template detail', 0.2],
] as const;
const DATABASES = [
  ['sqlite', 'SQLite'],
  ['postgres', 'PostgreSQL'],
] as const;

const cell = (r: RouteFigure | undefined, target: number) =>
  r ? `${r.rps} (${r.ceiling}) ${r.ratio >= target ? `**${r.ratio}×**` : `${r.ratio}×`}` : '–';

/** Markdown for `writeReadmeSection('api-throughput-latest', …)`. */
export function throughputSection(results: ThroughputResults): string {
  const servers = results.before ? ['before', 'after'] : ['this'];
  const head = `| route (ratio target) | ${servers.map((s) => `${s}: req/s (ceiling) ratio`).join(' | ')} |`;
  const rule = `| --- | ${servers.map(() => '---').join(' | ')} |`;
  const rows = DATABASES.flatMap(([kind, name]) =>
    ROUTES.filter(() => results[kind]).map(
      ([route, label, target]) =>
        `| ${name} ${label} (≥ ${target.toFixed(2)}×) | ${servers.map((s) => cell(results[kind]?.[route]?.[s], target)).join(' | ')} |`,
    ),
  );
  return [
    `Latest run (written by the bench): ${results.date}, ${results.machine} at the start and ${results.machineAfter ?? '?'} at the end;`,
    `${results.shares} shares, ${results.runs} runs of ${results.seconds} s, medians${results.before ? `; "before" is the server of ${results.before}` : ''}.`,
    `Every run is in \`bench/results/\`. A ceiling far below 40,000 req/s means a loaded machine: the figures then say little.`,
    '',
    head,
    rule,
    ...rows,
  ].join('\n');
}
