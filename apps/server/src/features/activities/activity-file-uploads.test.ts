import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_PROMPTS } from '@banksia/contracts/activities';
import { describe, expect, it } from 'vitest';
import { createClass, createTeacher } from '../../../test/factories';
import { versionedResponseSchema } from '@banksia/contracts/activities';
import {
  ctx,
  app,
  dataDir,
  client,
  setup,
  responseUrl,
  put,
  multipart,
  PNG,
  PDF,
  DOC,
  uploadUrl,
  fileUrlUrl,
  upload,
  privatePath,
  onDisk,
} from './activities.test-helpers';

describe('file uploads', () => {
  async function withResponse() {
    const s = await setup();
    const c = await client(s.amy.user.id);
    const response = versionedResponseSchema.parse((await c.get(responseUrl(s.activity.id, s.klass.id))).json());
    return { ...s, c, responseId: response.id };
  }

  it('stores an image, pdf or doc (by content) privately and records it in the block response', async () => {
    const { klass, amy, activity, c, responseId, school } = await withResponse();
    for (const [name, bytes, type] of [
      ['drawing.png', PNG, 'image/png'],
      ['my essay (final).pdf', PDF, 'application/pdf'],
      ['old.doc', DOC, 'application/x-cfb'],
    ] as const) {
      const uploaded = await upload(c, responseId, name, bytes);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const { file_key } = uploaded.json() as { file_key: string };
      expect(file_key).toMatch(
        new RegExp(`^uploads/school-${school.id}/user-${amy.user.id}/[a-f0-9]{8}-[A-Za-z0-9._-]+$`),
      );
      expect(await readFile(path.join(dataDir, 'private-uploads', file_key))).toEqual(bytes);
      const stored = (await c.get(responseUrl(activity.id, klass.id))).json();
      expect(stored.block_responses.up1).toEqual({ file_key, fileName: name, size: bytes.length, type });
      expect(stored.version).toBe(0); // the file fields are the server's; an open editor's version stays valid
      // Never public: not under /media/.
      expect((await app.inject({ method: 'GET', url: `/media/${file_key}` })).statusCode).toBe(404);
    }
    // A later save of the answers keeps the file.
    const saved = await put(c, responseUrl(activity.id, klass.id), { version: 0, block_responses: { up1: {} } });
    expect(saved.json().block_responses.up1).toMatchObject({ fileName: 'old.doc', type: 'application/x-cfb' });
  });

  it('deletes the file it replaces once the new one is recorded', async () => {
    const { klass, activity, c, responseId } = await withResponse();
    const first = (await upload(c, responseId, 'draft.pdf', PDF)).json() as { file_key: string };
    const second = await upload(c, responseId, 'final.png', PNG);
    expect(second.statusCode, second.body).toBe(200);
    const { file_key } = second.json() as { file_key: string };
    expect(file_key).not.toBe(first.file_key);
    expect(await onDisk(privatePath(first.file_key))).toBe(false);
    expect(await readFile(privatePath(file_key))).toEqual(PNG);
    const stored = (await c.get(responseUrl(activity.id, klass.id))).json();
    expect(stored.block_responses.up1).toMatchObject({ file_key, fileName: 'final.png', type: 'image/png' });
  });

  it('refuses a file whose bytes are not an accepted type, whatever its name', async () => {
    const { c, responseId } = await withResponse();
    for (const [name, bytes] of [
      ['essay.pdf', Buffer.from('just some plain text pretending to be a PDF')],
      ['page.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ] as const) {
      const refused = await upload(c, responseId, name, bytes);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe(UPLOAD_PROMPTS.wrongType);
    }
    const noFile = await upload(c, responseId, 'a.png', PNG, 'other');
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().detail).toBe(UPLOAD_PROMPTS.select);
  });

  it('refuses a file name with a NUL character with a 400 on the file, and keeps no file', async () => {
    const { c, responseId } = await withResponse();
    const before = await readdir(path.join(dataDir, 'private-uploads'), { recursive: true }).catch(() => []);
    const refused = await upload(c, responseId, 'essay\u0000.pdf', PDF);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['file']);
    const after = await readdir(path.join(dataDir, 'private-uploads'), { recursive: true }).catch(() => []);
    expect(after.sort()).toEqual(before.sort());
  });

  it('refuses a file over 30,000,000 bytes with 413', async () => {
    const { c, responseId } = await withResponse();
    const big = Buffer.alloc(30_000_001);
    PNG.copy(big);
    const refused = await upload(c, responseId, 'huge.png', big);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().detail).toBe(UPLOAD_PROMPTS.tooLarge);
  });

  it('lets only the owner upload, and only into a file-upload block', async () => {
    const { teacher, bob, c, responseId } = await withResponse();
    expect((await upload(await client(bob.user.id), responseId, 'a.png', PNG)).statusCode).toBe(403);
    expect((await upload(await client(teacher.user.id), responseId, 'a.png', PNG)).statusCode).toBe(403);
    const wrongBlock = await c.request({
      method: 'POST',
      url: uploadUrl(responseId, 'rt1'),
      ...multipart('a.png', PNG),
    });
    expect(wrongBlock.statusCode).toBe(404);
  });

  it('hands the owner and teachers a signed link that expires after 5 minutes and cannot be forged', async () => {
    const { school, teacher, bob, c, responseId } = await withResponse();
    expect((await c.get(fileUrlUrl(responseId))).statusCode).toBe(404); // nothing uploaded yet
    const { file_key } = (await upload(c, responseId, 'work.pdf', PDF)).json() as { file_key: string };

    const link = await c.get(fileUrlUrl(responseId));
    expect(link.statusCode).toBe(200);
    const { url } = link.json() as { url: string };
    expect(url).toMatch(new RegExp(`^/media-signed/${file_key}\\?expires=\\d+&signature=[A-Za-z0-9_-]+$`));
    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.rawPayload).toEqual(PDF);

    const teacherLink = await (await client(teacher.user.id)).get(fileUrlUrl(responseId));
    expect(teacherLink.statusCode).toBe(200);
    expect((await (await client(bob.user.id)).get(fileUrlUrl(responseId))).statusCode).toBe(403);
    const other = await createTeacher(ctx.db, school, [await createClass(ctx.db, school)]);
    expect((await (await client(other.user.id)).get(fileUrlUrl(responseId))).statusCode).toBe(403);

    const forged = [
      // One character of the signature changed (to "A" unless it was one already: 1 run in 64 it was).
      url.replace(/signature=(.)/, (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`),
      url.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 3600}`),
      url.replace('work.pdf', 'other.pdf'),
      `/media-signed/${file_key}`,
    ];
    for (const bad of forged) expect((await app.inject({ method: 'GET', url: bad })).statusCode).toBe(403);

    ctx.clock.advance(5 * 60 * 1000 + 1000);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(403);
    const fresh = (await c.get(fileUrlUrl(responseId))).json() as { url: string };
    expect((await app.inject({ method: 'GET', url: fresh.url })).statusCode).toBe(200);
  });
});
