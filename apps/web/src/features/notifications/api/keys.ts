/** Query keys of the notifications feature: one root, so the stream can refresh everything at once. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (params: { page: number; unread: boolean; pageSize: number }) => [...notificationKeys.lists(), params] as const,
};
