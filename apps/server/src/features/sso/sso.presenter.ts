import type { SsoConnection } from '@banksia/contracts/sso';
import type { SsoConnectionRow } from './sso.repository';

/** The address the identity provider sends people back to (OpenID Connect) and the SAML ACS address. */
export function ssoUrls(publicUrl: string, connectionId: number) {
  return {
    oidcRedirect: `${publicUrl}/auth/sso/oidc/callback/`,
    samlAcs: `${publicUrl}/auth/sso/saml/acs/`,
    samlMetadata: `${publicUrl}/auth/sso/saml/${connectionId}/metadata.xml`,
    start: `${publicUrl}/auth/sso/${connectionId}/start/`,
  };
}

/** A connection for staff: never the client secret, only whether one is set. */
export function presentConnection(row: SsoConnectionRow, publicUrl: string): SsoConnection {
  const urls = ssoUrls(publicUrl, row.id);
  return {
    id: row.id,
    school_id: row.schoolId,
    name: row.name,
    protocol: row.protocol,
    provider: row.provider,
    issuer: row.issuer,
    client_id: row.clientId,
    has_client_secret: row.clientSecretEncrypted !== null,
    tenant_id: row.tenantId,
    idp_metadata_xml: row.idpMetadataXml,
    email_domains: row.emailDomains,
    covers: row.covers,
    allow_password: row.allowPassword,
    enabled: row.enabled,
    last_sign_in_at: row.lastSignInAt ? row.lastSignInAt.toISOString() : null,
    redirect_url: row.protocol === 'saml' ? urls.samlAcs : urls.oidcRedirect,
    sp_metadata_url: row.protocol === 'saml' ? urls.samlMetadata : null,
  };
}
