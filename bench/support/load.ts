import http from 'node:http';
import autocannon from 'autocannon';

export interface Throughput {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** autocannon against one URL on loopback, bounded in time: requests per second at `connections`. */
export async function throughput(
  url: string,
  opts: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<Throughput> {
  const result = await autocannon({
    url,
    connections: opts.connections,
    duration: opts.seconds,
    headers: opts.headers,
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export interface Latency {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * Closed-loop latency: `concurrency` keep-alive clients each send the next request as soon as the
 * last one answered, for `seconds`; every request is timed, so p95 is exact (autocannon has no p95).
 */
export async function latency(
  url: string,
  opts: { concurrency: number; seconds: number; headers?: Record<string, string> },
): Promise<Latency> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const samples: number[] = [];
  let failures = 0;
  const deadline = performance.now() + opts.seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.get(url, { agent, headers: opts.headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) failures += 1;
          samples.push(performance.now() - started);
          resolve();
        });
      });
      req.on('error', () => {
        failures += 1;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  agent.destroy();
  samples.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    count: samples.length,
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    p99: round(percentile(samples, 99)),
    failures,
  };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
