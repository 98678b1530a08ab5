import type { QueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { removeStoredWithPrefix } from '../../../lib/local-storage';
import { postJson } from '../../../lib/request';
import { replaceSession } from './get-me';

/** Ends the session on the server. */
export async function logout(): Promise<void> {
  unwrap(await postJson(urlFor('api:logout'), {}));
}

/**
 * Ends the session on the server and removes the user's stored drafts: school computers are shared. Drafts are
 * saved as they are typed and flushed when their page closes, so by now they have reached the server unless it
 * could not be reached at all.
 */
export async function endSession(): Promise<void> {
  await logout();
  removeStoredWithPrefix('banksia:');
}

/** Forgets every cached answer, which belonged to the signed-out user. */
export async function forgetSession(queryClient: QueryClient): Promise<void> {
  await replaceSession(queryClient, null);
}
