import { QueryClient } from '@tanstack/react-query';

/** The app's query client. The request helper already retries network and server errors, so queries do not. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
