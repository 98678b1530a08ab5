import { FailureReason } from '@banksia/contracts/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestFailure } from '../../../components/request-failure';
import { stubFetch } from '../../../test/fetch-stub';
import '../../../test/render';
import { blockFileUrlPath, getBlockFileUrl } from './get-block-file-url';

vi.mock('../../../lib/error-reporting', () => ({ reportError: vi.fn() }));

const FILE_URL_PATH = '/api/v1/activities/activity_responses/7/block/b1/file-url/';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getBlockFileUrl', () => {
  it('builds the file-url path with its parts encoded', () => {
    expect(blockFileUrlPath(7, 'b1')).toBe(FILE_URL_PATH);
    expect(blockFileUrlPath(7, 'x/y')).toBe('/api/v1/activities/activity_responses/7/block/x%2Fy/file-url/');
  });

  it('resolves the signed address the server gives', async () => {
    const seen = stubFetch({
      [`GET ${FILE_URL_PATH}`]: { status: 200, body: { url: '/media/signed/k?expires=1&signature=s' } },
    });
    await expect(getBlockFileUrl(7, 'b1')).resolves.toBe('/media/signed/k?expires=1&signature=s');
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${FILE_URL_PATH}`]);
  });

  it('throws a RequestFailure carrying the status and body when refused', async () => {
    const body = { detail: 'No file has been uploaded for this block.', code: 'not_found' };
    stubFetch({ [`GET ${FILE_URL_PATH}`]: { status: 404, body } });
    const error: unknown = await getBlockFileUrl(7, 'b1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestFailure);
    expect(error).toMatchObject({ reason: FailureReason.NOT_FOUND_ERROR, status: 404, body });
  });
});
