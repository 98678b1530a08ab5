import { describe, expect, it } from 'vitest';
import { clientErrors, trackedEvents } from '../../db/schema/index';
import { createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';

const ctx = useTestApp();
const at = '2026-03-02T09:00:00.000Z';

describe('analytics', () => {
  it('stores a batch of tracked events and page views with the user', async () => {
    const user = await createUser(ctx.db);
    const response = await (
      await ctx.client(user.id)
    ).post('/api/v1/analytics/', {
      items: [
        {
          kind: 'event',
          name: 'used course jumper',
          properties: { courseId: 12, url: '/course/12/' },
          occurred_at: at,
          path: '/account/',
        },
        { kind: 'page_view', name: 'account-home', origin: '/account/profile/', occurred_at: at, path: '/account/' },
      ],
    });
    expect(response.statusCode).toBe(204);
    const rows = await ctx.db.select().from(trackedEvents);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          userId: user.id,
          kind: 'event',
          name: 'used course jumper',
          properties: { courseId: 12, url: '/course/12/' },
        }),
        expect.objectContaining({
          userId: user.id,
          kind: 'page_view',
          name: 'account-home',
          origin: '/account/profile/',
        }),
      ]),
    );
  });

  it('refuses an event name outside the spec’s list and writes nothing of the batch', async () => {
    const before = (await ctx.db.select().from(trackedEvents)).length;
    const response = await (
      await ctx.client()
    ).post('/api/v1/analytics/', {
      items: [
        { kind: 'page_view', name: 'x', origin: null, occurred_at: at, path: '/' },
        { kind: 'event', name: 'hacked the mainframe', properties: {}, occurred_at: at, path: '/' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)[0]).toMatch(/^items\.1/);
    expect((await ctx.db.select().from(trackedEvents)).length).toBe(before);
  });

  it('stores client errors', async () => {
    const response = await (
      await ctx.client()
    ).post('/api/v1/client-errors/', { message: 'TypeError: x is undefined', path: '/account/' });
    expect(response.statusCode).toBe(204);
    expect(await ctx.db.select().from(clientErrors)).toEqual([
      expect.objectContaining({ message: 'TypeError: x is undefined', userId: null }),
    ]);
  });
});
