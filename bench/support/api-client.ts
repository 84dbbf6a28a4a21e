import http from 'node:http';

export interface ApiResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  /** wall time from sending to the end of the answer, ms */
  ms: number;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** a request that takes longer fails as a network error (default 120 s) */
  timeoutMs?: number;
}

/**
 * A small JSON client over keep-alive sockets (node:http, cheaper than fetch when hundreds of
 * clients share one process). Resolves with any HTTP status; rejects only on network errors.
 */
export class ApiClient {
  readonly agent: http.Agent;

  constructor(
    readonly baseUrl: string,
    maxSockets = 256,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  request(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse> {
    const url = new URL(path, this.baseUrl);
    const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(url, { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          // Answers that carry a stored tree document are sent without a Content-Type (see the
          // report of issue 8), so JSON is recognised by its first character too.
          const type = res.headers['content-type'] ?? '';
          if (text && (type.includes('json') || (!type && /^[[{]/.test(text)))) {
            try {
              body = JSON.parse(text);
            } catch {
              // leave as text
            }
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ms: performance.now() - started });
        });
      });
      req.setTimeout(opts.timeoutMs ?? 120_000, () =>
        req.destroy(new Error(`timed out after ${opts.timeoutMs ?? 120_000} ms`)),
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** JSON with object keys sorted, so two documents compare by content whatever their key order. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/** The revision number in an `ETag: "<revision>"` header. */
export const etagRevision = (etag: string | string[] | undefined) => Number(/\d+/.exec(String(etag ?? ''))?.[0] ?? NaN);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** count, p50, p95, p99 and max of a list of millisecond samples. */
export function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? 0),
  };
}
