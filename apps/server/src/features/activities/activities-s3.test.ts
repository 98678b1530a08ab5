import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createUser } from '../../../test/factories';
import { TEST_SECRET } from '../../../test/harness';
import { multipartForm } from '../../../test/multipart';
import { startTestS3Server, type TestS3Server } from '../../../test/s3-server';
import { createS3Client } from '../../platform/s3-storage';
import { versionedResponseSchema } from '@banksia/contracts/activities';
import {
  ctx,
  client,
  setup,
  responseUrl,
  PNG,
  PDF,
  fileUrlUrl,
  upload,
  privatePath,
  onDisk,
} from './activities.test-helpers';

describe('with S3 storage (s3rver)', () => {
  let s3: TestS3Server;
  let s3App: FastifyInstance;
  let s3Client: S3Client;

  beforeAll(async () => {
    s3 = await startTestS3Server();
    s3Client = createS3Client(s3.config);
    const config = {
      ...ctx.config,
      dataDir: await mkdtemp(path.join(os.tmpdir(), 'banksia-activities-s3-')),
      s3: s3.config,
    };
    s3App = await buildApp({ config, db: ctx.db, clock: ctx.clock, secret: TEST_SECRET });
  });
  afterAll(async () => {
    await s3App?.close();
    s3Client?.destroy();
    await s3?.close();
  });

  async function inBucket(objectKey: string): Promise<boolean> {
    try {
      await s3Client.send(new HeadObjectCommand({ Bucket: s3.config.bucket, Key: objectKey }));
      return true;
    } catch (err) {
      if ((err as { name?: string }).name === 'NotFound') return false;
      throw err;
    }
  }

  it('stores uploads in the private prefix and hands out presigned GETs that expire after 5 minutes', async () => {
    // s3rver judges expiry by the real clock, so the app's clock starts 5 minutes and 1 second before now.
    ctx.clock.set(new Date(Date.now() - 301_000));
    const { klass, activity, amy, teacher } = await setup();
    const c = await client(amy.user.id, s3App);
    const { id } = versionedResponseSchema.parse((await c.get(responseUrl(activity.id, klass.id))).json());
    const uploaded = await upload(c, id, 'work.pdf', PDF);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { file_key } = uploaded.json() as { file_key: string };
    expect(await inBucket(`private/${file_key}`)).toBe(true);
    expect(await onDisk(privatePath(file_key))).toBe(false);

    const stale = ((await c.get(fileUrlUrl(id))).json() as { url: string }).url;
    expect(stale.startsWith(`${s3.endpoint}/banksia-test/private/${file_key}?`)).toBe(true);
    expect((await fetch(stale)).status).toBe(403); // signed 301 s ago

    ctx.clock.set(new Date());
    const t = await client(teacher.user.id, s3App);
    const fresh = ((await t.get(fileUrlUrl(id))).json() as { url: string }).url;
    const served = await fetch(fresh);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PDF);
    expect(served.headers.get('content-type')).toBe('application/pdf');

    // Replacing the file deletes the old object; clearing the responses deletes the new one.
    const replaced = (await upload(c, id, 'final.png', PNG)).json() as { file_key: string };
    expect(await inBucket(`private/${file_key}`)).toBe(false);
    expect(await inBucket(`private/${replaced.file_key}`)).toBe(true);
    const staffUser = await createUser(ctx.db, { roles: ['content_admin'] });
    const staff = await client(staffUser.id, s3App);
    const cleared = await staff.request({
      method: 'DELETE',
      url: `/api/v1/activities/activities/${activity.id}/activity_responses/`,
    });
    expect(cleared.statusCode).toBe(204);
    expect(await inBucket(`private/${replaced.file_key}`)).toBe(false);
  });

  it('signs an S3 POST form for the user folder that the bucket accepts, and serves the image publicly', async () => {
    ctx.clock.set(new Date());
    const { amy } = await setup();
    const c = await client(amy.user.id, s3App);
    const answer = await c.post('/api/v1/asset_upload_form/', {
      key: 'media/assets/drawing-input-field/abcd1234.png',
      content_type: 'image/png',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { url, fields, public_url } = answer.json() as {
      url: string;
      fields: Record<string, string>;
      public_url: string;
    };
    const objectKey = `public/media/assets/drawing-input-field/user-${amy.user.id}/abcd1234.png`;
    expect(url).toBe(`${s3.endpoint}/banksia-test`);
    expect(fields).toMatchObject({ key: objectKey, 'Content-Type': 'image/png' });
    expect(public_url).toBe(`${s3.endpoint}/banksia-test/${objectKey}`);
    const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8')) as { conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['eq', '$key', objectKey],
        ['eq', '$Content-Type', 'image/png'],
        ['content-length-range', 1, 30_000_000],
      ]),
    );

    // The browser's request: the fields, then the file last.
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([PNG]), 'drawing.png');
    const posted = await fetch(url, { method: 'POST', body: form });
    expect(posted.status).toBe(204);
    const served = await fetch(public_url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
  });

  it('stores drawing images sent through the API in the public prefix', async () => {
    ctx.clock.set(new Date());
    const { amy } = await setup();
    const c = await client(amy.user.id, s3App);
    const stored = await c.request({
      method: 'POST',
      url: '/api/v1/activities/drawing-assets/',
      ...multipartForm({ assetId: 'abcd1234' }, { name: 'drawing.png', content: PNG }),
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const key = `media/assets/drawing-input-field/user-${amy.user.id}/abcd1234`;
    expect(stored.json()).toEqual({ asset_id: 'abcd1234', key, url: `${s3.endpoint}/banksia-test/public/${key}` });
    const served = await fetch(stored.json().url as string);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
  });

  it('registers no local file routes', async () => {
    for (const [method, url] of [
      ['GET', '/media/demo/videos/a.webm'],
      ['GET', '/media-signed/uploads/a.pdf?expires=1&signature=x'],
      ['POST', '/media-upload/'],
    ] as const) {
      expect((await s3App.inject({ method, url })).statusCode, url).toBe(404);
    }
  });
});
