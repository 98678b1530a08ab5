import { z } from 'zod';
import { idParam, idValue } from './ids';

// Single sign-on (issue 35): a school's connections to OpenID Connect and SAML 2.0 identity providers.

export const ssoProtocols = ['oidc', 'saml'] as const;
export const ssoProviders = ['google', 'microsoft', 'generic'] as const;
export const ssoCovers = ['students', 'teachers', 'everyone'] as const;
export type SsoProtocol = (typeof ssoProtocols)[number];
export type SsoProvider = (typeof ssoProviders)[number];
export type SsoCovers = (typeof ssoCovers)[number];

/** An email domain: lower-case labels joined by dots (`school.vic.edu.au`), no scheme, no `@`. */
export const emailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'Not an email domain (e.g. school.edu.au).',
  );

const httpsOrLoopbackUrl = z
  .string()
  .trim()
  .max(2000)
  .url('Not a URL.')
  // On the scheme and host only (`.url()` checks the rest, and this runs even when it failed, so it must not throw):
  // https, or plain http to this machine for a development identity provider.
  .refine(
    (v) => /^https:\/\//i.test(v) || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/i.test(v),
    'Must be an https:// URL.',
  );

const fields = {
  school_id: idValue,
  name: z.string().trim().min(1).max(200),
  protocol: z.enum(ssoProtocols),
  issuer: httpsOrLoopbackUrl.nullable(),
  client_id: z.string().trim().min(1).max(500).nullable(),
  client_secret: z.string().min(1).max(2000).nullable(),
  provider: z.enum(ssoProviders),
  tenant_id: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Not a tenant id (a GUID).')
    .nullable(),
  idp_metadata_xml: z.string().trim().min(1).max(200_000).nullable(),
  email_domains: z.array(emailDomain).min(1, 'Give at least one email domain.').max(50),
  covers: z.enum(ssoCovers),
  allow_password: z.boolean(),
  enabled: z.boolean(),
};

/** POST /api/v1/admin/sso-connections/: what a connection needs; the protocol's own fields are checked by the server. */
export const createSsoConnectionBody = z.object({
  ...fields,
  provider: fields.provider.default('generic'),
  issuer: fields.issuer.optional(),
  client_id: fields.client_id.optional(),
  client_secret: fields.client_secret.optional(),
  tenant_id: fields.tenant_id.optional(),
  idp_metadata_xml: fields.idp_metadata_xml.optional(),
  covers: fields.covers.default('everyone'),
  allow_password: fields.allow_password.default(true),
  enabled: fields.enabled.default(true),
});
export type CreateSsoConnectionBody = z.infer<typeof createSsoConnectionBody>;

/** PATCH …/{id}/: any of the fields; the school does not move. A null client_secret keeps the stored one. */
export const updateSsoConnectionBody = z.object(fields).omit({ school_id: true }).partial();
export type UpdateSsoConnectionBody = z.infer<typeof updateSsoConnectionBody>;

export const ssoConnectionParams = z.object({ connectionId: idParam });
export const ssoConnectionListQuery = z.object({ school_id: idParam.optional() });

/** A connection as staff see it: the client secret only as whether one is set. */
export const ssoConnectionSchema = z.object({
  id: z.number().int(),
  school_id: z.number().int(),
  name: z.string(),
  protocol: z.enum(ssoProtocols),
  provider: z.enum(ssoProviders),
  issuer: z.string().nullable(),
  client_id: z.string().nullable(),
  has_client_secret: z.boolean(),
  tenant_id: z.string().nullable(),
  idp_metadata_xml: z.string().nullable(),
  email_domains: z.array(z.string()),
  covers: z.enum(ssoCovers),
  allow_password: z.boolean(),
  enabled: z.boolean(),
  last_sign_in_at: z.string().nullable(),
  /** Where the identity provider sends people back (copy into Google, Entra ID or the state portal). */
  redirect_url: z.string(),
  /** The SP metadata address (SAML). */
  sp_metadata_url: z.string().nullable(),
});
export type SsoConnection = z.infer<typeof ssoConnectionSchema>;
export const ssoConnectionListSchema = z.object({ results: z.array(ssoConnectionSchema) });
export type SsoConnectionList = z.infer<typeof ssoConnectionListSchema>;

export const ssoDiscoverQuery = z.object({ email: z.string().trim().max(320) });
export const ssoDiscoverResponse = z.union([
  z.object({
    method: z.literal('sso'),
    connection_id: z.number().int(),
    start_url: z.string(),
    /** What the button says: "Continue with Google", "Continue with Microsoft", or with the connection's name. */
    label: z.string(),
  }),
  z.object({ method: z.literal('password') }),
]);
export type SsoDiscoverResponse = z.infer<typeof ssoDiscoverResponse>;

/** The sign-in button's words for a connection. */
export function ssoButtonLabel(provider: SsoProvider, name: string): string {
  if (provider === 'google') return 'Continue with Google';
  if (provider === 'microsoft') return 'Continue with Microsoft';
  return `Continue with ${name}`;
}
