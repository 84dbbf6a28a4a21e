import type { QueryClient, QueryKey, Updater } from '@tanstack/react-query';

/**
 * Writes a change the server has just answered into a cached query. A read of that query still out
 * began before the change was made (the refresh after a recovered session reads every query again,
 * a page reads its data as a click lands), so its answer would put back the state from before it:
 * such a read is replaced by a new one, sent now. Without a read out, nothing more is asked.
 */
export function writeAnswer<T>(
  client: QueryClient,
  queryKey: QueryKey,
  updater: Updater<T | undefined, T | undefined>,
) {
  client.setQueryData<T>(queryKey, updater);
  if (client.isFetching({ queryKey, exact: true }) > 0) {
    void client.invalidateQueries({ queryKey, exact: true, refetchType: 'all' });
  }
}
