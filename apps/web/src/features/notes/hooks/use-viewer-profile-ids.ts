import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { z } from 'zod';

/**
 * The session's query key, as in features/accounts/api/get-me.ts (`meQueryKey`). Features may not import each
 * other, and fetching the session again here would duplicate that feature's fetcher, so the notes page reads the
 * answer the app already holds: every signed-in page loads it first (app/guards/require-sign-in.tsx). It only
 * observes the cache and never registers a query function for the key, so the accounts feature stays its one owner.
 */
const ME_QUERY_KEY = ['accounts', 'me'] as const;

/** Only what this feature needs from the session, checked here rather than trusted. */
const viewerSchema = z.object({ profiles: z.array(z.object({ profile_id: z.number().int() })) });

/**
 * The profile ids of the signed-in user: undefined until the session is known, empty when signed out. Notes belong
 * to a profile, so these decide whether the viewer is their owner (may edit) or a teacher (reads them).
 */
export function useViewerProfileIds(): readonly number[] | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const me = useSyncExternalStore(subscribe, () => queryClient.getQueryData(ME_QUERY_KEY));
  return useMemo(() => {
    if (me === undefined) return undefined;
    const parsed = viewerSchema.safeParse(me);
    return parsed.success ? parsed.data.profiles.map((profile) => profile.profile_id) : [];
  }, [me]);
}
