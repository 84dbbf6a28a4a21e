/** Query keys of the groups feature; one root so a change to a group refreshes what shows it. */
export const groupKeys = {
  all: ['groups'] as const,
  list: () => ['groups', 'list'] as const,
  detail: (uuid: string) => ['groups', 'detail', uuid] as const,
  members: (uuid: string) => ['groups', 'detail', uuid, 'members'] as const,
  assignments: (uuid: string) => ['groups', 'detail', uuid, 'assignments'] as const,
  dashboard: (uuid: string, id: number) => ['groups', 'detail', uuid, 'assignments', id, 'progress'] as const,
  preview: (code: string) => ['groups', 'preview', code] as const,
};

/** `/api/groups/{uuid}/` and the paths below it. */
export const groupPath = (uuid: string, rest = '') => `/api/groups/${encodeURIComponent(uuid)}/${rest}`;
