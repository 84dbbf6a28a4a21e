import { api } from '../../../lib/api-client.ts';

/** `POST /api/tree/skills_tree/` with only a title: the server answers a one-node tree. */
export function createBlankTree(title: string): Promise<{ uuid: string }> {
  return api<{ uuid: string }>('/api/tree/skills_tree/', { method: 'POST', body: { title } });
}
