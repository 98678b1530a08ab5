import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_PROMPTS } from '@banksia/contracts/activities';
import { describe, expect, it } from 'vitest';
import { type TestClient } from '../../../test/harness';
import { multipartForm } from '../../../test/multipart';
import { ctx, app, dataDir, client, setup, PNG, PDF } from './activities.test-helpers';

describe('drawing assets (presigned POST)', () => {
  /** A multipart form of the given fields followed by the file, as a browser posts to the form's url. */
  const form = (fields: Record<string, string>, file: Buffer) => multipartForm(fields, { name: 'blob', content: file });

  async function uploadForm(c: TestClient, key = 'media/assets/drawing-input-field/abcd1234.png', type = 'image/png') {
    return c.post('/api/v1/asset_upload_form/', { key, content_type: type });
  }

  it('signs a form for the user folder; posting it stores the image publicly', async () => {
    const { amy } = await setup();
    const c = await client(amy.user.id);
    const answer = await uploadForm(c);
    expect(answer.statusCode, answer.body).toBe(200);
    const { url, fields, public_url } = answer.json() as {
      url: string;
      fields: Record<string, string>;
      public_url: string;
    };
    const key = `media/assets/drawing-input-field/user-${amy.user.id}/abcd1234.png`;
    expect(fields).toMatchObject({ key, 'Content-Type': 'image/png' });
    expect(public_url).toBe(`/media/${key}`);

    const posted = await app.inject({ method: 'POST', url, ...form(fields, PNG) });
    expect(posted.statusCode, posted.body).toBe(204);
    const served = await app.inject({ method: 'GET', url: public_url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PNG);
  });

  it('refuses other prefixes and types when signing', async () => {
    const { amy } = await setup();
    const c = await client(amy.user.id);
    expect((await uploadForm(c, 'uploads/school-1/x.png')).statusCode).toBe(400);
    expect((await uploadForm(c, undefined, 'image/svg+xml')).statusCode).toBe(400);
    expect((await (await ctx.client()).post('/api/v1/asset_upload_form/', {})).statusCode).toBe(401);
  });

  it('refuses a tampered, expired or mismatched form', async () => {
    const { amy } = await setup();
    const { url, fields } = (await uploadForm(await client(amy.user.id))).json() as {
      url: string;
      fields: Record<string, string>;
    };
    const post = (f: Record<string, string>, file = PNG) => app.inject({ method: 'POST', url, ...form(f, file) });
    expect((await post({ ...fields, key: 'media/assets/drawing-input-field/user-1/evil.png' })).statusCode).toBe(403);
    expect((await post({ ...fields, 'Content-Type': 'image/jpeg' })).statusCode).toBe(403);
    expect((await post({ ...fields, signature: 'x' })).statusCode).toBe(403);
    const wrongBytes = await post(fields, Buffer.from('<svg><script>alert(1)</script></svg>'));
    expect(wrongBytes.statusCode).toBe(400);
    const big = Buffer.alloc(30_000_001);
    PNG.copy(big);
    expect((await post(fields, big)).statusCode).toBe(413);
    ctx.clock.advance(5 * 60 * 1000 + 1000);
    expect((await post(fields)).statusCode).toBe(403);
  });
});

describe('drawing assets (API upload, api:activities:upload-user-drawing-asset)', () => {
  const url = '/api/v1/activities/drawing-assets/';
  const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  const send = (c: TestClient, fields: Record<string, string>, content?: Buffer, name = 'drawing.png') =>
    c.request({ method: 'POST', url, ...multipartForm(fields, content && { name, content }) });
  const big = () => {
    const bytes = Buffer.alloc(30_000_001);
    PNG.copy(bytes);
    return bytes;
  };

  it('stores an image publicly under the user folder, serves it, and replaces it on a retry', async () => {
    const { amy, bob } = await setup();
    const c = await client(amy.user.id);
    const stored = await send(c, { assetId: 'abcd1234' }, PNG);
    expect(stored.statusCode, stored.body).toBe(201);
    const key = `media/assets/drawing-input-field/user-${amy.user.id}/abcd1234`;
    expect(stored.json()).toEqual({ asset_id: 'abcd1234', key, url: `/media/${key}` });
    const served = await app.inject({ method: 'GET', url: `/media/${key}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PNG);

    // The full key is accepted too, and the same id again overwrites (a retry), whatever the file is called.
    const again = await send(c, { assetId: 'media/assets/drawing-input-field/abcd1234' }, GIF, 'x.svg');
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(stored.json());
    expect((await app.inject({ method: 'GET', url: `/media/${key}` })).rawPayload).toEqual(GIF);

    // Another user's same id lands in their own folder.
    const bobs = await send(await client(bob.user.id), { assetId: 'abcd1234' }, PNG);
    expect(bobs.json().key).toBe(`media/assets/drawing-input-field/user-${bob.user.id}/abcd1234`);
    expect(await readFile(path.join(dataDir, 'uploads', key))).toEqual(GIF);
  });

  it('refuses SVG, text and other non-images by content with 400, and a missing file', async () => {
    const { amy } = await setup();
    const c = await client(amy.user.id);
    for (const [name, bytes] of [
      ['drawing.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['drawing.png', Buffer.from('just some plain text')],
      ['drawing.png', PDF],
    ] as const) {
      const refused = await send(c, { assetId: 'abcd1234' }, bytes, name);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe('Allowed types: image/png, image/jpeg, image/webp, image/gif.');
    }
    const noFile = await send(c, { assetId: 'abcd1234' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().detail).toBe(UPLOAD_PROMPTS.select);
    expect((await c.post(url, { assetId: 'abcd1234' })).statusCode).toBe(400); // not multipart
    const key = `media/assets/drawing-input-field/user-${amy.user.id}/abcd1234`;
    expect((await app.inject({ method: 'GET', url: `/media/${key}` })).statusCode).toBe(404);
  });

  it('refuses a file over 30,000,000 bytes with 413', async () => {
    const { amy } = await setup();
    const refused = await send(await client(amy.user.id), { assetId: 'abcd1234' }, big());
    expect(refused.statusCode).toBe(413);
    expect(refused.json().detail).toBe(UPLOAD_PROMPTS.tooLarge);
  });

  it('refuses an asset id that is not 8 characters a-z0-9 (alone or after the drawing prefix)', async () => {
    const { amy } = await setup();
    const c = await client(amy.user.id);
    for (const assetId of [
      '',
      'abc123',
      'abcd12345',
      'ABCD1234',
      'abcd-123',
      '../abcd1',
      'user-1/abcd1234',
      'media/assets/drawing-input-field/',
      'media/assets/drawing-input-field/user-1/abcd1234',
      'uploads/abcd1234',
    ]) {
      const refused = await send(c, { assetId }, PNG);
      expect(refused.statusCode, assetId).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'validation_failed', errors: { assetId: [expect.any(String)] } });
    }
    expect((await send(c, {}, PNG)).statusCode).toBe(400);
  });

  it('is for signed-in users only', async () => {
    const anonymous = await ctx.client();
    const refused = await anonymous.request({
      method: 'POST',
      url,
      ...multipartForm({ assetId: 'abcd1234' }, { name: 'a.png', content: PNG }),
    });
    expect(refused.statusCode).toBe(401);
  });
});
