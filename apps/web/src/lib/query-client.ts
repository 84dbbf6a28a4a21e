import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** One client for the app: 4xx answers are final (no retry), everything else retries twice. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
  },
});
