/**
 * Set-password links carry their secret in the path (`/account/set-password/{token}/`,
 * `/api/v1/auth/password-token/{token}/`). Access logs must not: they are shipped to log stores that people without
 * admin rights can read, and a token there is as good as the link. The app's logger logs requests through this.
 */
const SECRET_PATH = /\/(set-password|password-token)\/[^/?#]+/g;

/** A URL with the token of a set-password link replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, '/$1/[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** Fastify's request serializer (method, URL, host, client address), with the URL redacted. */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
