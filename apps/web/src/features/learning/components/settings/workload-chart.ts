/** The three retentions the workload chart compares: a lower one, the chosen one and a higher one. */
export function workloadRetentions(retention: number): number[] {
  const round = (v: number) => Math.round(v * 100) / 100;
  const chosen = round(Math.min(0.99, Math.max(0.7, retention)));
  const lower = round(Math.max(0.7, chosen - 0.05));
  const higher = round(Math.min(0.99, chosen + 0.04));
  return [...new Set([lower, chosen, higher])];
}

/** Each series as an SVG polyline's points, on one scale (the highest day of any series at the top). */
export function chartLines(series: number[][], width: number, height: number): string[] {
  const top = Math.max(1, ...series.flat());
  return series.map((values) => {
    const step = values.length > 1 ? width / (values.length - 1) : 0;
    return values
      .map(
        (v, i) => `${Math.round(i * step * 10) / 10},${Math.round((height - 2 - (v / top) * (height - 6)) * 10) / 10}`,
      )
      .join(' ');
  });
}
