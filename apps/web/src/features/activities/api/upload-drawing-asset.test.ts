import { DRAWING_ASSET_PREFIX } from '@banksia/contracts/activities';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { csrfConfig } from '../../../lib/csrf';
import { reportError } from '../../../lib/error-reporting';
import { requestConfig } from '../../../lib/request';
import { apiCalls, stubFetch, type Answer } from '../../../test/fetch-stub';
import { cryptoRandom, uploadDrawingAsset } from './upload-drawing-asset';

vi.mock('../../../lib/error-reporting', () => ({ reportError: vi.fn() }));

const ASSET_UPLOAD_FORM_URL = '/api/v1/asset_upload_form/';

const signedForm = {
  url: '/media-upload/',
  fields: {
    key: 'media/assets/drawing-input-field/user-1/abcd1234',
    'Content-Type': 'image/png',
    policy: 'p',
    signature: 's',
  },
  public_url: '/media/media/assets/drawing-input-field/user-1/abcd1234',
};
const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

function answers(form: Answer, upload: Answer): Record<string, Answer> {
  return { [`POST ${ASSET_UPLOAD_FORM_URL}`]: form, 'POST /media-upload/': upload };
}

/** The init the app passed to fetch for its n-th call to `path`. */
function initOf(path: string): RequestInit | undefined {
  const calls = vi.mocked(fetch).mock.calls.filter(([input]) => String(input) === path);
  return calls[0]?.[1];
}

beforeEach(() => {
  requestConfig.retries = 0;
  csrfConfig.retries = 0;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(reportError).mockClear();
});

describe('uploadDrawingAsset', () => {
  it('signs a form under the drawing prefix, posts its fields then the file, and resolves to the public url', async () => {
    const seen = stubFetch(answers({ status: 200, body: signedForm }, { status: 204 }));

    await expect(uploadDrawingAsset(png, 'image/png')).resolves.toBe(signedForm.public_url);

    const [sign, upload] = apiCalls(seen);
    expect(sign).toMatchObject({ method: 'POST', path: ASSET_UPLOAD_FORM_URL });
    expect(sign?.headers['X-CSRFToken']).toBe('test-csrf-token');
    const body = sign?.body as { key: string; content_type: string };
    expect(body.content_type).toBe('image/png');
    expect(body.key).toMatch(new RegExp(`^${DRAWING_ASSET_PREFIX}[a-z0-9]{8}$`));

    expect(upload).toMatchObject({ method: 'POST', path: '/media-upload/' });
    const init = initOf('/media-upload/');
    expect(init?.credentials).toBe('same-origin');
    const form = init?.body as FormData;
    expect([...form.keys()]).toEqual(['key', 'Content-Type', 'policy', 'signature', 'file']);
    expect(form.get('key')).toBe(signedForm.fields.key);
    const file = form.get('file') as Blob;
    expect(file.size).toBe(png.size);
    expect(reportError).not.toHaveBeenCalled();
  });

  it('uses a fresh random key for every upload', async () => {
    const seen = stubFetch(answers({ status: 200, body: signedForm }, { status: 204 }));
    await uploadDrawingAsset(png, 'image/png');
    await uploadDrawingAsset(png, 'image/png');
    const keys = apiCalls(seen)
      .filter((r) => r.path === ASSET_UPLOAD_FORM_URL)
      .map((r) => (r.body as { key: string }).key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('returns false and reports it when the upload form is refused, without posting anything', async () => {
    const seen = stubFetch(
      answers({ status: 400, body: { detail: 'Invalid.', errors: { content_type: ['x'] } } }, { status: 204 }),
    );

    await expect(uploadDrawingAsset(png, 'image/svg+xml')).resolves.toBe(false);

    expect(apiCalls(seen).map((r) => r.path)).toEqual([ASSET_UPLOAD_FORM_URL]);
    expect(reportError).toHaveBeenCalledWith(
      expect.any(Error),
      expect.objectContaining({ step: 'asset_upload_form', status: 400 }),
    );
  });

  it('returns false and reports it when posting the form fails', async () => {
    stubFetch(answers({ status: 200, body: signedForm }, { status: 403, body: { detail: 'Invalid signature.' } }));

    await expect(uploadDrawingAsset(png, 'image/png')).resolves.toBe(false);

    expect(reportError).toHaveBeenCalledTimes(1);
    const [error, context] = vi.mocked(reportError).mock.calls[0] ?? [];
    expect((error as Error).message).toBe('Drawing asset upload failed with status 403');
    expect(context).toMatchObject({ step: 'upload', status: 403, contentType: 'image/png' });
  });

  it('returns false and reports it when the form post cannot reach the server', async () => {
    stubFetch(answers({ status: 200, body: signedForm }, () => Promise.reject(new TypeError('Failed to fetch'))));

    await expect(uploadDrawingAsset(png, 'image/png')).resolves.toBe(false);

    const [error, context] = vi.mocked(reportError).mock.calls[0] ?? [];
    expect((error as Error).message).toBe('Drawing asset upload failed: Failed to fetch');
    expect(context).toMatchObject({ step: 'upload' });
  });
});

describe('cryptoRandom', () => {
  it('stays within [0, 1)', () => {
    for (let i = 0; i < 200; i++) {
      const value = cryptoRandom();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});
