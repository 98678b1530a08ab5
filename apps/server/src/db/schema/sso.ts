import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { schools } from './schools';

/**
 * A school's single sign-on connection (issue 35): an OpenID Connect or SAML 2.0 identity provider that owns some of
 * the school's email domains. The client secret is stored encrypted (features/sso/sso.crypto.ts) and never leaves
 * the server.
 */
export const ssoConnections = pgTable(
  'sso_connections',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    protocol: text('protocol', { enum: ['oidc', 'saml'] }).notNull(),
    provider: text('provider', { enum: ['google', 'microsoft', 'generic'] })
      .notNull()
      .default('generic'),
    issuer: text('issuer'),
    clientId: text('client_id'),
    /** AES-256-GCM of the client secret under SSO_SECRET_KEY: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
    clientSecretEncrypted: text('client_secret_encrypted'),
    tenantId: text('tenant_id'),
    idpMetadataXml: text('idp_metadata_xml'),
    emailDomains: text('email_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    covers: text('covers', { enum: ['students', 'teachers', 'everyone'] })
      .notNull()
      .default('everyone'),
    allowPassword: boolean('allow_password').notNull().default(true),
    enabled: boolean('enabled').notNull().default(true),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sso_connections_school_idx').on(t.schoolId),
    check('sso_connections_protocol_check', sql`${t.protocol} in ('oidc', 'saml')`),
    check('sso_connections_provider_check', sql`${t.provider} in ('google', 'microsoft', 'generic')`),
    check('sso_connections_covers_check', sql`${t.covers} in ('students', 'teachers', 'everyone')`),
  ],
);

/**
 * Who a person is at an identity provider, linked to one Banksia user on first sign-in: (issuer, sub) for OpenID
 * Connect, (IdP entity id, NameID format + NameID) for SAML. From then on this, not the email, identifies them.
 */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: serial('id').primaryKey(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [
    unique('sso_identities_issuer_subject_key').on(t.issuer, t.subject),
    index('sso_identities_user_idx').on(t.userId),
  ],
);

/**
 * A sign-in under way: the OpenID Connect `state` (or the SAML request id), bound to the browser by the hash of a
 * cookie it holds, with the nonce and PKCE verifier. Taken (deleted) once by the callback: single-use.
 */
export const ssoLoginStates = pgTable(
  'sso_login_states',
  {
    state: text('state').primaryKey(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    browserHash: text('browser_hash').notNull(),
    nonce: text('nonce'),
    codeVerifier: text('code_verifier'),
    next: text('next'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_login_states_expires_idx').on(t.expiresAt)],
);

/** SAML assertion ids already accepted, until they expire: a replayed assertion is refused. */
export const ssoSeenAssertions = pgTable('sso_seen_assertions', {
  assertionId: text('assertion_id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
