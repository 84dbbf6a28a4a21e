/** Query keys of the AI feature in one place so mutations invalidate exactly what they change. */
export const aiKeys = {
  all: ['ai'] as const,
  status: () => [...aiKeys.all, 'status'] as const,
  resource: (name: string) => [...aiKeys.all, 'resource', name] as const,
  resourceList: (name: string, params: object) => [...aiKeys.resource(name), params] as const,
  logs: () => [...aiKeys.all, 'logs'] as const,
  logList: (params: object) => [...aiKeys.logs(), 'list', params] as const,
  log: (id: number) => [...aiKeys.logs(), 'detail', id] as const,
  dailyTotals: (days: number) => [...aiKeys.logs(), 'daily', days] as const,
};
