import { benchTree } from '../editor-tree.ts';

/** The admin account a browser benchmark's server is started with (pass `BENCH_ADMIN_ENV` to it). */
const BENCH_USER = { username: 'bench', password: 'arbor-bench-admin-pass' };
export const BENCH_ADMIN_ENV = { ARBOR_ADMIN_USERNAME: BENCH_USER.username, ARBOR_ADMIN_PASSWORD: BENCH_USER.password };

export interface BenchSession {
  tokens: { access: string; refresh: string };
  /** the `__arbor__jwt__` localStorage value the web app reads */
  storedJwt: string;
  /** the page-session cookie the login set (`arbor_page`), with which the server draws signed-in pages */
  pageCookie: string | null;
  headers: Record<string, string>;
}

/** Signs the bench admin in over HTTP. */
export async function signInBenchUser(serverUrl: string): Promise<BenchSession> {
  const login = await fetch(`${serverUrl}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_USER),
  });
  if (login.status !== 200) throw new Error(`signing in the bench user answered ${login.status}`);
  const tokens = (await login.json()) as { access: string; refresh: string };
  return {
    tokens,
    storedJwt: JSON.stringify({ accessToken: tokens.access, refreshToken: tokens.refresh }),
    pageCookie: /arbor_page=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? null,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.access}` },
  };
}

/**
 * Creates a tree of `nodes` benchmark nodes (`editor-tree.ts`) and returns its uuid; `overrides` are
 * merged into the document's top level (e.g. `{ unlock: 'parent' }`).
 */
export async function createBenchTree(
  serverUrl: string,
  session: BenchSession,
  title: string,
  nodes: number,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const created = await fetch(`${serverUrl}/api/tree/skills_tree/`, {
    method: 'POST',
    headers: session.headers,
    body: JSON.stringify({ title, data: { ...benchTree(nodes), ...overrides } }),
  });
  if (created.status !== 201) throw new Error(`creating the tree answered ${created.status}`);
  return ((await created.json()) as { uuid: string }).uuid;
}

/**
 * Gives the bench user `count` statuses on a tree (done, learning and skipped in turn, nodes n1, n2, …),
 * through the bulk progress call, 500 a request.
 */
export async function setBenchStatuses(
  serverUrl: string,
  session: BenchSession,
  treeUuid: string,
  count: number,
): Promise<void> {
  const statuses = ['done', 'learning', 'skipped'] as const;
  const items = Array.from({ length: count }, (_, i) => ({ node_id: `n${i + 1}`, status: statuses[i % 3]! }));
  for (let start = 0; start < items.length; start += 500) {
    const answer = await fetch(`${serverUrl}/api/learn/progress/bulk/`, {
      method: 'POST',
      headers: session.headers,
      body: JSON.stringify({ tree: treeUuid, items: items.slice(start, start + 500) }),
    });
    if (answer.status !== 200) throw new Error(`setting statuses answered ${answer.status}`);
  }
}
