import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { z } from 'zod';

/**
 * The session's query key, as in features/accounts/api/get-me.ts (`meQueryKey`). Features do not import each other
 * (as in features/notes), so the exam pages read the answer every signed-in page has already loaded
 * (app/guards/require-sign-in.tsx), observing the cache without registering a fetcher of their own.
 */
const ME_QUERY_KEY = ['accounts', 'me'] as const;

const viewerSchema = z.object({ user: z.object({ id: z.number().int() }) });

/** The signed-in user's id (their drafts in this browser are kept under it); null until known or when signed out. */
export function useViewerId(): number | null {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const me = useSyncExternalStore(subscribe, () => queryClient.getQueryData(ME_QUERY_KEY));
  const parsed = viewerSchema.safeParse(me);
  return parsed.success ? parsed.data.user.id : null;
}
