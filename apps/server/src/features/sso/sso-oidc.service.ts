import * as oidc from 'openid-client';
import type { AppDeps } from '../../platform/deps';
import { decryptSecret, secretBoxKey } from './sso.crypto';
import { ENTRA_MULTI_TENANT } from './sso-admin.service';
import {
  enabledConnection,
  hashBrowserToken,
  LOGIN_STATE_TTL_MS,
  refused,
  signInIdentity,
  SsoRefusal,
  ssoUrls,
  type ProvidedIdentity,
} from './sso-sign-in.service';
import * as repo from './sso.repository';
import type { RequestMeta } from '../accounts/index';

/** ID tokens' exp, iat and nbf are checked with two minutes' tolerance of clock skew (issue 35). */
const CLOCK_TOLERANCE_SECONDS = 120;

interface CachedProvider {
  /** The connection's version the cache was made for: a changed connection is discovered again. */
  version: number;
  server: Promise<oidc.ServerMetadata>;
}

/**
 * Discovery documents per connection: read once, again when the connection changes (or the last read failed). The
 * JWKS is read by openid-client with each sign-in's token check, so a rotated key (an unknown `kid`) is always found.
 */
const providers = new Map<number, CachedProvider>();

/** The issuer to discover: Entra's common endpoint is discovered at the school's own tenant, whose tokens it checks. */
function discoveryIssuer(connection: repo.SsoConnectionRow): string {
  if (connection.provider === 'microsoft' && connection.tenantId && ENTRA_MULTI_TENANT.test(connection.issuer!)) {
    return `https://login.microsoftonline.com/${connection.tenantId}/v2.0`;
  }
  return connection.issuer!;
}

const isLoopbackHttp = (url: string) => /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//.test(url + '/');

/**
 * The relying party's configuration for a connection: the cached discovery document, the decrypted client secret,
 * and "now" taken from the app's clock (so the token checks and the tests' clock agree).
 */
async function configurationFor(deps: AppDeps, connection: repo.SsoConnectionRow): Promise<oidc.Configuration> {
  const version = connection.updatedAt.getTime();
  let cached = providers.get(connection.id);
  const issuer = discoveryIssuer(connection);
  const insecure = isLoopbackHttp(issuer) && deps.config.env !== 'production';
  if (!cached || cached.version !== version) {
    const server = oidc
      .discovery(new URL(issuer), connection.clientId!, undefined, undefined, {
        execute: insecure ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      })
      .then((c) => c.serverMetadata());
    cached = { version, server };
    providers.set(connection.id, cached);
    server.catch(() => providers.delete(connection.id));
  }
  const secret = decryptSecret(secretBoxKey(deps.config.ssoSecretKey, deps.secret), connection.clientSecretEncrypted!);
  const server = await cached.server.catch(() => {
    // An unreachable or broken provider is the school's outage, not a bug here: a page that says so, not a 500.
    throw new SsoRefusal(
      'provider_unreachable',
      "Your school's sign-in service could not be reached. Try again in a minute; if it keeps happening, tell your school's IT team.",
      502,
    );
  });
  const config = new oidc.Configuration(
    server,
    connection.clientId!,
    {
      client_secret: secret,
      [oidc.clockTolerance]: CLOCK_TOLERANCE_SECONDS,
      [oidc.clockSkew]: Math.round((deps.clock.now().getTime() - Date.now()) / 1000),
    },
    oidc.ClientSecretBasic(secret),
  );
  if (insecure) oidc.allowInsecureRequests(config);
  // The ID token's signature is checked against the provider's JWKS too, not only trusted for arriving over TLS:
  // issue 35 asks for it, and a loopback or misconfigured proxy is no TLS guarantee.
  oidc.enableNonRepudiationChecks(config);
  return config;
}

/** Starts an authorization-code sign-in with PKCE, state and nonce bound to the browser; answers the IdP's URL. */
export async function startOidc(
  deps: AppDeps,
  connection: repo.SsoConnectionRow,
  next: string | null,
  browserToken: string,
  loginHint?: string,
): Promise<string> {
  const config = await configurationFor(deps, connection);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  await repo.insertLoginState(deps.db, {
    state,
    connectionId: connection.id,
    browserHash: hashBrowserToken(browserToken),
    nonce,
    codeVerifier,
    next,
    expiresAt: new Date(deps.clock.now().getTime() + LOGIN_STATE_TTL_MS),
  });
  const params: Record<string, string> = {
    redirect_uri: ssoUrls(deps.config.publicUrl, connection.id).oidcRedirect,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  };
  if (loginHint) params.login_hint = loginHint;
  if (connection.provider === 'google') params.hd = connection.emailDomains[0]!;
  return oidc.buildAuthorizationUrl(config, params).href;
}

/** The identity the provider vouched for, after the preset's own checks (Google's `hd`, Entra's `tid`). */
function identityFrom(connection: repo.SsoConnectionRow, claims: oidc.IDToken): ProvidedIdentity {
  const email = typeof claims.email === 'string' ? claims.email : null;
  let vouched = claims.email_verified === true;
  if (connection.provider === 'google') {
    // A Workspace account's domain is proven by `hd` alone; a personal account has none.
    if (typeof claims.hd !== 'string' || !connection.emailDomains.includes(claims.hd.toLowerCase())) {
      throw refused('wrong_hd');
    }
    vouched = vouched && !!email && email.toLowerCase().endsWith(`@${claims.hd.toLowerCase()}`);
  }
  if (connection.provider === 'microsoft' && connection.tenantId) {
    if (typeof claims.tid !== 'string' || claims.tid.toLowerCase() !== connection.tenantId.toLowerCase()) {
      throw refused('wrong_tid');
    }
    // Entra's `email` may be unverified; an address at the school's own tenant and domains is the tenant's to vouch for.
    vouched = true;
  }
  return { issuer: claims.iss, subject: claims.sub, email, emailVouched: vouched };
}

/**
 * Finishes the sign-in at the callback: takes the state (single-use, this browser's), exchanges the code with the
 * PKCE verifier, and lets openid-client check the ID token (signature, iss, aud, azp, exp, iat, nonce).
 */
export async function finishOidc(deps: AppDeps, callbackUrl: URL, browserToken: string | undefined, meta: RequestMeta) {
  const stateParam = callbackUrl.searchParams.get('state');
  if (!stateParam) throw refused('missing_state');
  const login = await repo.takeLoginState(deps.db, stateParam, deps.clock.now());
  if (!login) throw refused('unknown_or_used_state');
  if (!browserToken || hashBrowserToken(browserToken) !== login.browserHash) throw refused('other_browser');
  const connection = await enabledConnection(deps, login.connectionId);
  if (connection.protocol !== 'oidc') throw refused('not_oidc');
  const config = await configurationFor(deps, connection);
  let claims: oidc.IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: login.codeVerifier!,
      expectedState: login.state,
      expectedNonce: login.nonce!,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (err) {
    throw refused(`token_rejected: ${(err as Error).message}`);
  }
  if (!claims) throw refused('no_id_token');
  const signedIn = await signInIdentity(deps, connection, identityFrom(connection, claims), meta);
  return { ...signedIn, next: login.next };
}

/** Forgets cached discovery documents and keys (tests that restart their provider). */
export function forgetProviders(): void {
  providers.clear();
}
