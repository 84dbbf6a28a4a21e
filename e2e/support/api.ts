import { baseURL } from './browser.ts';

/** An answer of the API that was not 2xx, with its status and body (`{detail, code, fields?}`). */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    message: string,
  ) {
    super(message);
  }
}

/** One JSON call to the API as `token`'s user; throws `ApiCallError` on anything but 2xx. */
export async function api<T = unknown>(
  method: string,
  pathname: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${baseURL()}${pathname}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new ApiCallError(res.status, text, `${method} ${pathname} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The node fields the specs read back from a saved document. */
export interface SavedNode {
  id: string;
  parent_id: string | null;
  title: string;
  summary?: string;
  content?: string;
  resources?: Array<{ title: string; url: string }>;
}

/** A tree as `GET /api/tree/skills_tree/get_data_by_uuid/` answers it. */
export interface SavedTree {
  id: number;
  uuid: string;
  title: string;
  revision: number;
  tags: string[];
  data: { nodes: SavedNode[]; links?: Array<{ source: string; target: string; kind: string }> };
}

/** The tree with its working copy, read by uuid. */
export function treeByUuid(uuid: string, token: string): Promise<SavedTree> {
  return api<SavedTree>('GET', `/api/tree/skills_tree/get_data_by_uuid/?uuid=${encodeURIComponent(uuid)}`, token);
}

/** A node as a spec prepares it (any other node field may be given). */
export interface PreparedNode {
  id: string;
  parent_id: string | null;
  title: string;
  [field: string]: unknown;
}

/**
 * A new top-down tree of `token`'s user shared as a template, for specs in which making and sharing
 * it is not the step under test (share.spec.ts drives the Share dialog).
 */
export async function sharedTemplate(
  token: string,
  template: { title: string; nodes: PreparedNode[]; description: string; tags?: string[] },
): Promise<{ tree: { id: number; uuid: string }; share: { id: number; uuid: string } }> {
  const tree = await api<{ id: number; uuid: string }>('POST', '/api/tree/skills_tree/', token, {
    title: template.title,
    ...(template.tags ? { tags: template.tags } : {}),
    data: { format: 1, layout: { direction: 'TB' }, nodes: template.nodes, links: [] },
  });
  const share = await api<{ id: number; uuid: string }>('POST', '/api/community/trees-shared/share_tree/', token, {
    tree: tree.id,
    description: template.description,
    ...(template.tags ? { tags: template.tags } : {}),
  });
  return { tree, share };
}
