import { QueryClient } from '@tanstack/react-query';

/**
 * The app's query client. The request helper is the one retry layer (network and server errors; class data by the
 * spec's class-domain policy, CLASS_DOMAIN_RETRY), so queries never retry on top of it: the waits would multiply.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
