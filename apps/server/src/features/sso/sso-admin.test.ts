import { ssoConnectionSchema } from '@banksia/contracts/sso';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, ssoConnections } from '../../db/schema/index';
import { createSchool, createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { decryptSecret, secretBoxKey } from './sso.crypto';

const ctx = useTestApp();
const base = '/api/v1/admin/sso-connections/';

const googleBody = (schoolId: number, domain: string) => ({
  school_id: schoolId,
  name: 'Google Workspace',
  protocol: 'oidc',
  provider: 'google',
  client_id: 'client-1.apps.googleusercontent.com',
  client_secret: 'GOCSPX-very-secret',
  email_domains: [domain],
  covers: 'everyone',
  allow_password: false,
  enabled: true,
});

async function staffClient() {
  const admin = await createUser(ctx.db, { roles: ['content_admin'] });
  return ctx.client(admin.id);
}

describe('the SSO connections admin API', () => {
  it('creates a Google connection with its preset issuer, and never sends the client secret back', async () => {
    const school = await createSchool(ctx.db);
    const client = await staffClient();
    const created = await client.post(base, googleBody(school.id, 'gw.example.edu.au'));
    expect(created.statusCode, created.body).toBe(201);
    const body = ssoConnectionSchema.parse(created.json());
    expect(body).toMatchObject({
      school_id: school.id,
      issuer: 'https://accounts.google.com',
      has_client_secret: true,
      email_domains: ['gw.example.edu.au'],
      allow_password: false,
      redirect_url: `${ctx.config.publicUrl}/auth/sso/oidc/callback/`,
    });
    expect(created.body).not.toContain('GOCSPX');
    const listed = await client.get(`${base}?school_id=${school.id}`);
    expect(listed.json().results).toHaveLength(1);
    expect(listed.body).not.toContain('GOCSPX');
    expect((await client.get(`${base}${body.id}/`)).body).not.toContain('GOCSPX');

    // At rest: encrypted under the configured (here derived) key.
    const [row] = await ctx.db.select().from(ssoConnections).where(eq(ssoConnections.id, body.id));
    expect(row!.clientSecretEncrypted).not.toContain('GOCSPX');
    const key = secretBoxKey(ctx.config.ssoSecretKey, ctx.deps.secret);
    expect(decryptSecret(key, row!.clientSecretEncrypted!)).toBe('GOCSPX-very-secret');
  });

  it.each([
    ['protocol', { protocol: 'ldap' }],
    ['email_domains', { email_domains: [] }],
    ['email_domains.0', { email_domains: ['not a domain'] }],
    ['name', { name: '' }],
    ['issuer', { provider: 'generic', issuer: undefined }],
    ['issuer', { provider: 'generic', issuer: 'ftp://idp.example' }],
    ['client_id', { client_id: undefined }],
    ['client_secret', { client_secret: undefined }],
    ['tenant_id', { provider: 'microsoft', issuer: 'https://login.microsoftonline.com/common/v2.0' }],
    ['tenant_id', { provider: 'microsoft', tenant_id: 'not-a-guid' }],
    ['idp_metadata_xml', { protocol: 'saml', provider: 'generic' }],
    ['idp_metadata_xml', { protocol: 'saml', provider: 'generic', idp_metadata_xml: '<html/>' }],
    ['covers', { covers: 'parents' }],
    ['school_id', { school_id: 2_000_000_000 }],
  ])('answers 400 naming %s for invalid input', async (field, change) => {
    const school = await createSchool(ctx.db);
    const client = await staffClient();
    const response = await client.post(base, { ...googleBody(school.id, `f${Date.now()}.example.org`), ...change });
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().errors)).toContain(field);
  });

  it('refuses a domain another connection owns', async () => {
    const school = await createSchool(ctx.db);
    const client = await staffClient();
    expect((await client.post(base, googleBody(school.id, 'owned.example.org'))).statusCode).toBe(201);
    const again = await client.post(base, googleBody(school.id, 'owned.example.org'));
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.email_domains[0]).toContain('owned.example.org');
  });

  it('changes and deletes a connection, keeping the secret unless a new one is given, with each change audited', async () => {
    const school = await createSchool(ctx.db);
    const client = await staffClient();
    const { id } = (await client.post(base, googleBody(school.id, 'edit.example.org'))).json();
    const patched = await client.patch(`${base}${id}/`, { name: 'Renamed', allow_password: true, client_secret: null });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Renamed', allow_password: true, has_client_secret: true });
    expect((await client.patch(`${base}${id}/`, { email_domains: ['bad domain'] })).statusCode).toBe(400);
    expect((await client.request({ method: 'DELETE', url: `${base}${id}/` })).statusCode).toBe(204);
    expect((await client.get(`${base}${id}/`)).statusCode).toBe(404);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(
      entries
        .filter((e) => e.entityType === 'sso_connection')
        .map((e) => e.action)
        .sort(),
    ).toEqual(['create_sso_connection', 'delete_sso_connection', 'update_sso_connection']);
    expect(JSON.stringify(entries)).not.toContain('GOCSPX');
  });

  it('is for staff only', async () => {
    const school = await createSchool(ctx.db);
    const teacher = await createUser(ctx.db, { roles: ['teacher', 'school_admin'] });
    const client = await ctx.client(teacher.id);
    expect((await client.get(base)).statusCode).toBe(403);
    expect((await client.post(base, googleBody(school.id, 'x.example.org'))).statusCode).toBe(403);
  });
});
