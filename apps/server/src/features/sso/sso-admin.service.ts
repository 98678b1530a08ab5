import type {
  CreateSsoConnectionBody,
  SsoConnection,
  SsoConnectionList,
  UpdateSsoConnectionBody,
} from '@banksia/contracts/sso';
import { audit } from '../../platform/audit';
import { authorize, can } from '../../platform/authorize';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { encryptSecret, secretBoxKey } from './sso.crypto';
import { presentConnection } from './sso.presenter';
import * as repo from './sso.repository';
import './sso.policy';

const GOOGLE_ISSUER = 'https://accounts.google.com';
/** Entra ID's multi-tenant endpoints: the token's `tid` is then checked against the connection's tenant id. */
export const ENTRA_MULTI_TENANT = /^https:\/\/login\.microsoftonline\.com\/(common|organizations)\/v2\.0\/?$/;

function invalid(field: string, message: string): AppError {
  return new AppError('validation_failed', message, { errors: { [field]: [message] } });
}

/** The connection's settings once a create or change is applied, checked together (protocol by protocol). */
function checkSettings(row: repo.NewSsoConnection): void {
  if (row.protocol === 'oidc') {
    if (!row.issuer) throw invalid('issuer', 'An OpenID Connect connection needs the issuer URL.');
    if (!row.clientId) throw invalid('client_id', 'An OpenID Connect connection needs a client id.');
    if (!row.clientSecretEncrypted)
      throw invalid('client_secret', 'An OpenID Connect connection needs a client secret.');
    if (row.provider === 'microsoft' && ENTRA_MULTI_TENANT.test(row.issuer) && !row.tenantId) {
      throw invalid('tenant_id', "With Entra ID's common endpoint, give the school's tenant id.");
    }
  } else {
    if (!row.idpMetadataXml)
      throw invalid('idp_metadata_xml', "A SAML connection needs the identity provider's metadata.");
    if (!/<(\w+:)?EntityDescriptor[\s>]/.test(row.idpMetadataXml) || !/IDPSSODescriptor/.test(row.idpMetadataXml)) {
      throw invalid('idp_metadata_xml', 'This is not SAML identity provider metadata (no IDPSSODescriptor).');
    }
    if (row.provider !== 'generic') throw invalid('provider', 'Google and Microsoft connections use OpenID Connect.');
  }
}

/** The issuer a preset implies when none is given. */
function presetIssuer(provider: string, tenantId: string | null | undefined): string | null {
  if (provider === 'google') return GOOGLE_ISSUER;
  if (provider === 'microsoft' && tenantId) return `https://login.microsoftonline.com/${tenantId}/v2.0`;
  return null;
}

async function checkDomainsFree(deps: AppDeps, domains: string[], exceptId?: number): Promise<void> {
  const taken = await repo.connectionsClaiming(deps.db, domains, exceptId);
  const clash = domains.find((d) => taken.some((t) => t.emailDomains.includes(d)));
  if (clash) throw invalid('email_domains', `${clash} already belongs to another SSO connection.`);
}

const isForeignKeyViolation = (err: unknown) =>
  ((err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code) === '23503';

export async function listConnections(deps: AppDeps, actor: Actor, schoolId?: number): Promise<SsoConnectionList> {
  const rows = await repo.listConnections(deps.db, schoolId);
  return {
    results: rows
      .filter((r) => can(actor, 'sso.manage', { schoolId: r.schoolId }))
      .map((r) => presentConnection(r, deps.config.publicUrl)),
  };
}

export async function getConnection(deps: AppDeps, actor: Actor, id: number): Promise<SsoConnection> {
  const row = await repo.findConnection(deps.db, id);
  if (!row) throw new AppError('not_found', 'No such SSO connection.');
  authorize(actor, 'sso.manage', { schoolId: row.schoolId });
  return presentConnection(row, deps.config.publicUrl);
}

export async function createConnection(
  deps: AppDeps,
  actor: Actor,
  body: CreateSsoConnectionBody,
  ip: string,
): Promise<SsoConnection> {
  authorize(actor, 'sso.manage', { schoolId: body.school_id });
  const key = secretBoxKey(deps.config.ssoSecretKey, deps.secret);
  const values: repo.NewSsoConnection = {
    schoolId: body.school_id,
    name: body.name,
    protocol: body.protocol,
    provider: body.provider,
    issuer: body.issuer ?? presetIssuer(body.provider, body.tenant_id),
    clientId: body.client_id ?? null,
    clientSecretEncrypted: body.client_secret ? encryptSecret(key, body.client_secret) : null,
    tenantId: body.tenant_id ?? null,
    idpMetadataXml: body.idp_metadata_xml ?? null,
    emailDomains: [...new Set(body.email_domains)],
    covers: body.covers,
    allowPassword: body.allow_password,
    enabled: body.enabled,
  };
  checkSettings(values);
  await checkDomainsFree(deps, values.emailDomains!);
  try {
    const row = await deps.db.transaction(async (tx) => {
      const created = await repo.insertConnection(tx, values);
      await audit(tx, {
        actorUserId: actor.userId,
        schoolId: created.schoolId,
        action: 'create_sso_connection',
        entityType: 'sso_connection',
        entityId: created.id,
        after: presentConnection(created, deps.config.publicUrl),
        ip,
      });
      return created;
    });
    return presentConnection(row, deps.config.publicUrl);
  } catch (err) {
    if (isForeignKeyViolation(err)) throw invalid('school_id', 'No such school.');
    throw err;
  }
}

export async function updateConnection(
  deps: AppDeps,
  actor: Actor,
  id: number,
  body: UpdateSsoConnectionBody,
  ip: string,
): Promise<SsoConnection> {
  const before = await repo.findConnection(deps.db, id);
  if (!before) throw new AppError('not_found', 'No such SSO connection.');
  authorize(actor, 'sso.manage', { schoolId: before.schoolId });
  const key = secretBoxKey(deps.config.ssoSecretKey, deps.secret);
  const changes: Partial<repo.NewSsoConnection> = {
    ...(body.name !== undefined && { name: body.name }),
    ...(body.protocol !== undefined && { protocol: body.protocol }),
    ...(body.provider !== undefined && { provider: body.provider }),
    ...(body.issuer !== undefined && { issuer: body.issuer }),
    ...(body.client_id !== undefined && { clientId: body.client_id }),
    // A null or absent secret keeps the stored one: the browser never holds it to send back.
    ...(body.client_secret && { clientSecretEncrypted: encryptSecret(key, body.client_secret) }),
    ...(body.tenant_id !== undefined && { tenantId: body.tenant_id }),
    ...(body.idp_metadata_xml !== undefined && { idpMetadataXml: body.idp_metadata_xml }),
    ...(body.email_domains !== undefined && { emailDomains: [...new Set(body.email_domains)] }),
    ...(body.covers !== undefined && { covers: body.covers }),
    ...(body.allow_password !== undefined && { allowPassword: body.allow_password }),
    ...(body.enabled !== undefined && { enabled: body.enabled }),
    updatedAt: deps.clock.now(),
  };
  const merged = { ...before, ...changes };
  if (!merged.issuer) merged.issuer = changes.issuer = presetIssuer(merged.provider, merged.tenantId);
  checkSettings(merged);
  if (changes.emailDomains) await checkDomainsFree(deps, changes.emailDomains, id);
  const row = await deps.db.transaction(async (tx) => {
    const updated = (await repo.updateConnection(tx, id, changes))!;
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId: updated.schoolId,
      action: 'update_sso_connection',
      entityType: 'sso_connection',
      entityId: id,
      before: presentConnection(before, deps.config.publicUrl),
      after: presentConnection(updated, deps.config.publicUrl),
      ip,
    });
    return updated;
  });
  return presentConnection(row, deps.config.publicUrl);
}

export async function deleteConnection(deps: AppDeps, actor: Actor, id: number, ip: string): Promise<void> {
  const before = await repo.findConnection(deps.db, id);
  if (!before) throw new AppError('not_found', 'No such SSO connection.');
  authorize(actor, 'sso.manage', { schoolId: before.schoolId });
  await deps.db.transaction(async (tx) => {
    await repo.deleteConnection(tx, id);
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId: before.schoolId,
      action: 'delete_sso_connection',
      entityType: 'sso_connection',
      entityId: id,
      before: presentConnection(before, deps.config.publicUrl),
      ip,
    });
  });
}
