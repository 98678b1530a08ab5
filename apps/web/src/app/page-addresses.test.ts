import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { createCompleteRoutes, isPageAddress } from './router';

// What the server asks (through the server render's build) before sending the app for an address: a page, or 404.
const routes = createCompleteRoutes(createQueryClient());

describe('page addresses', () => {
  it.each([
    '/',
    '/account/',
    '/class/1/course/',
    '/class/1/lesson/2/1/',
    // From route tables loaded later: staff pages, teachers' school pages, roster tools.
    '/content/admin/',
    '/content/admin/activity/edit/1/',
    '/school/banksia-college/',
    '/class-list-uploader/',
    '/school-uploader/',
  ])('%s is a page', async (pathname) => {
    expect(await isPageAddress(pathname, routes)).toBe(true);
  });

  it.each(['/no-such-page/', '/secret/nope/', '/content/admin/nope/', '/class/1/nope/', '/school/'])(
    '%s is none',
    async (pathname) => {
      expect(await isPageAddress(pathname, routes)).toBe(false);
    },
  );
});
