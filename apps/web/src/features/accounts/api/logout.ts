import type { QueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson } from '../../../lib/request';
import { replaceSession } from './get-me';

/** Ends the session on the server. */
export async function logout(): Promise<void> {
  unwrap(await postJson(urlFor('api:logout'), {}));
}

/** Signs out and forgets every cached answer, which belonged to the signed-out user. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  await logout();
  await replaceSession(queryClient, null);
}
