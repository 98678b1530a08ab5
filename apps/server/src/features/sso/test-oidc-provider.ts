import { generateKeyPairSync, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Provider for the tests (oidc-provider, OpenID Certified), on loopback with its own signing keys.
 * Its login is automatic: whoever the test names in `signInAs` signs in and consents when the browser reaches the
 * provider's interaction page. Test-only.
 */
export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next interaction signs in, with the claims its tokens carry. */
  signInAs(subject: string, claims: Record<string, unknown>): void;
  /** New signing keys (a new `kid`); the old key is no longer published. */
  rotateKeys(): Promise<void>;
  /** Makes the next token answer carry an ID token whose signature was altered. */
  tamperNextIdToken(): void;
  /** A browser that follows the provider's redirects until it is sent back to `returnTo`; answers that URL. */
  followToRedirect(authorizationUrl: string, returnTo: string): Promise<URL>;
  close(): Promise<void>;
}

function signingKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

export async function startTestOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  const clientId = `banksia-${randomUUID()}`;
  const clientSecret = `secret-${randomUUID()}`;
  const accounts = new Map<string, Record<string, unknown>>();
  let current: { subject: string } | null = null;
  let tamper = false;
  let provider: Provider;

  const server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function build(): Provider {
    const p = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys: [signingKey()] },
      cookies: { keys: ['test-cookie-key-0123456789'] },
      claims: { openid: ['sub', 'hd', 'tid'], email: ['email', 'email_verified'], profile: ['name'] },
      conformIdTokenClaims: false,
      pkce: { required: () => true },
      ttl: { IdToken: 60, AccessToken: 60, AuthorizationCode: 60, Interaction: 600, Session: 600, Grant: 600 },
      findAccount: (_ctx, id) => ({
        accountId: id,
        claims: () => ({ sub: id, ...(accounts.get(id) ?? {}) }),
      }),
    });
    return p;
  }
  provider = build();

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    try {
      if (req.url?.startsWith('/interaction/')) return await finishInteraction(req, res);
      if (tamper && req.url?.startsWith('/token')) {
        tamper = false;
        alterIdTokenIn(res);
      }
      provider.callback()(req, res);
    } catch (err) {
      res.statusCode = 500;
      res.end(String(err));
    }
  }

  /** The provider's login and consent, done at once for the account the test chose. */
  async function finishInteraction(req: http.IncomingMessage, res: http.ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (!current) throw new Error('signInAs was not called');
    const grant = new provider.Grant({ accountId: current.subject, clientId });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    const result = { login: { accountId: current.subject }, consent: { grantId } };
    void details;
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(subject, claims) {
      accounts.set(subject, claims);
      current = { subject };
    },
    async rotateKeys() {
      provider = build();
    },
    tamperNextIdToken() {
      tamper = true;
    },
    async followToRedirect(authorizationUrl, returnTo) {
      const jar = new Map<string, string>();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop += 1) {
        if (url.href.startsWith(returnTo)) return url;
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const c of response.headers.getSetCookie()) {
          const [pair] = c.split(';');
          const [name, ...value] = pair!.split('=');
          jar.set(name!.trim(), value.join('='));
        }
        const location = response.headers.get('location');
        if (!location) throw new Error(`The provider answered ${response.status}: ${await response.text()}`);
        url = new URL(location, url);
      }
      throw new Error('Too many redirects at the provider');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Flips a character in the signature of the ID token the token endpoint answers with. */
function alterIdTokenIn(res: http.ServerResponse) {
  const end = res.end.bind(res) as (chunk?: unknown, ...rest: unknown[]) => http.ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (chunk && (typeof chunk === 'string' || Buffer.isBuffer(chunk))) {
      const body = JSON.parse(String(chunk)) as { id_token?: string };
      if (body.id_token) {
        const last = body.id_token.at(-2) === 'A' ? 'B' : 'A';
        body.id_token = `${body.id_token.slice(0, -2)}${last}${body.id_token.at(-1)}`;
        const text = JSON.stringify(body);
        res.setHeader('content-length', Buffer.byteLength(text));
        return end(text, ...rest);
      }
    }
    return end(chunk, ...rest);
  }) as typeof res.end;
}
