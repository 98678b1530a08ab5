/** Options for writeCookie; the path defaults to the whole site. */
export interface CookieOptions {
  expires?: Date;
  path?: string;
}

/** The decoded value of the cookie called `name`, or null when it is not set. */
export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      // Cookies set by the server need not be percent-encoded; a stray '%' must not hide the value.
      return raw;
    }
  }
  return null;
}

/** Sets a SameSite=Lax cookie; without `expires` it lasts for the browser session. */
export function writeCookie(name: string, value: string, { expires, path = '/' }: CookieOptions = {}): void {
  let cookie = `${name}=${encodeURIComponent(value)}; path=${path}; SameSite=Lax`;
  if (expires) cookie += `; expires=${expires.toUTCString()}`;
  // Over HTTPS the cookie must never leak onto a plain-HTTP request.
  if (location.protocol === 'https:') cookie += '; Secure';
  document.cookie = cookie;
}

/** Deletes the cookie; `path` must match the one it was written with. */
export function removeCookie(name: string, path = '/'): void {
  writeCookie(name, '', { expires: new Date(0), path });
}
