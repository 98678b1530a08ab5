/** Where a signed-out visitor is sent: the sign-in page, remembering the page they wanted. */
export function signInPath(location: { pathname: string; search: string; hash?: string }): string {
  const next = `${location.pathname}${location.search}${location.hash ?? ''}`;
  return `/account/?${new URLSearchParams({ next })}`;
}

/** `next` if it is a path on this site to return to after sign-in; null otherwise (so no open redirect). */
export function safeNextPath(next: string | null): string | null {
  // '//host' and '/\host' are read by browsers as other sites.
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(next, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) return null;
  // Returning to the sign-out page would sign the person straight out again.
  if (url.pathname.startsWith('/account/logout')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Paths the server renders itself (the /secret/ admin, the roster datasets' pages): reached by a full page load. */
export function isServerPage(path: string): boolean {
  return ['/secret/', '/enrolinator/datasets/'].some((prefix) => path.startsWith(prefix));
}
