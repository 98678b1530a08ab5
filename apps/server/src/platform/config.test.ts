import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has defaults for a fresh clone', () => {
    const config = loadConfig({ INIT_CWD: '/repo' });
    expect(config).toMatchObject({
      port: 3000,
      dataDir: path.resolve('/repo/data'),
      databaseUrl: undefined,
      seedDemo: true,
    });
    expect(config.session).toEqual({ idleMs: 2 * 3_600_000, absoluteMs: 12 * 3_600_000 });
  });

  it('gives a server render 1 s for its data unless RENDER_DEADLINE_MS says otherwise (100 ms to 30 s)', () => {
    expect(loadConfig({}).renderDeadlineMs).toBe(1_000);
    expect(loadConfig({ RENDER_DEADLINE_MS: '10000' }).renderDeadlineMs).toBe(10_000);
    expect(() => loadConfig({ RENDER_DEADLINE_MS: '50' })).toThrow(/RENDER_DEADLINE_MS/);
    expect(() => loadConfig({ RENDER_DEADLINE_MS: 'soon' })).toThrow(/RENDER_DEADLINE_MS/);
  });

  it('gives schools Sydney time unless SCHOOL_TIME_ZONE names another IANA zone (checked at start-up)', () => {
    expect(loadConfig({}).schoolTimeZone).toBe('Australia/Sydney');
    expect(loadConfig({ SCHOOL_TIME_ZONE: 'Australia/Perth' }).schoolTimeZone).toBe('Australia/Perth');
    expect(() => loadConfig({ SCHOOL_TIME_ZONE: 'Australia/Atlantis' })).toThrow(/SCHOOL_TIME_ZONE/);
    expect(() => loadConfig({ SCHOOL_TIME_ZONE: 'AEST+10' })).toThrow(/SCHOOL_TIME_ZONE/);
  });

  it('names every variable at fault', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'nope' })).toThrow(/PORT.*DATABASE_URL|DATABASE_URL.*PORT/);
  });

  it('keeps files on the local disk unless S3_BUCKET is set; empty S3 variables are unset', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: '', S3_ENDPOINT: '', S3_PUBLIC_URL: '' }).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'media' }).s3).toEqual({
      bucket: 'media',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
      publicUrl: undefined,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'media',
        S3_REGION: 'eu-west-1',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: 'https://cdn.example.org/',
      }).s3,
    ).toEqual({
      bucket: 'media',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.org',
    });
  });

  it('refuses S3 settings without a bucket, half a key pair, or URLs that are not URLs', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_ENDPOINT: needs S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id' })).toThrow(/set both or neither/);
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_PUBLIC_URL: 'cdn' })).toThrow(/S3_PUBLIC_URL/);
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });

  it('runs jobs in-process by default, keeps mail in the outbox without SMTP_URL, and links to PUBLIC_URL', () => {
    expect(loadConfig({})).toMatchObject({
      workers: 1,
      smtpUrl: undefined,
      mailFrom: 'Banksia <no-reply@banksia.invalid>',
      publicUrl: 'http://localhost:3000',
    });
    expect(
      loadConfig({
        WORKERS: '0',
        SMTP_URL: 'smtps://user:pw@mail.example.org:465',
        MAIL_FROM: 'Banksia <noreply@example.org>',
        PUBLIC_URL: 'https://learn.example.org/',
      }),
    ).toMatchObject({
      workers: 0,
      smtpUrl: 'smtps://user:pw@mail.example.org:465',
      mailFrom: 'Banksia <noreply@example.org>',
      publicUrl: 'https://learn.example.org',
    });
    expect(() => loadConfig({ WORKERS: '-1' })).toThrow(/WORKERS/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.org' })).toThrow(/SMTP_URL/);
  });
});
