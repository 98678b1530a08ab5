import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { supportRequests } from '../../db/schema/index';
import { createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';

const ctx = useTestApp();

describe('support requests', () => {
  it('stores a signed-in user’s message with the page, for staff to read and resolve', async () => {
    const user = await createUser(ctx.db, { firstName: 'Kim', lastName: 'Ho', email: 'kim@x.test' });
    const sent = await (
      await ctx.client(user.id)
    ).post('/api/v1/support/requests/', {
      message: 'The lesson video will not play',
      page: '/class/4/lesson/9/',
    });
    expect(sent.statusCode).toBe(201);
    const staff = await ctx.client((await createUser(ctx.db, { roles: ['content_admin'] })).id);
    const list = (await staff.get('/api/v1/support/requests/')).json().results;
    expect(list[0]).toMatchObject({
      message: 'The lesson video will not play',
      page: '/class/4/lesson/9/',
      user_name: 'Kim Ho',
      email: 'kim@x.test',
      resolved_at: null,
    });
    expect((await staff.post(`/api/v1/support/requests/${sent.json().id}/resolve/`)).statusCode).toBe(204);
    const [row] = await ctx.db.select().from(supportRequests).where(eq(supportRequests.id, sent.json().id));
    expect(row!.resolvedAt).not.toBeNull();
    expect((await staff.post('/api/v1/support/requests/999999/resolve/')).statusCode).toBe(404);
  });

  it('asks a signed-out visitor for an email, and refuses an empty message', async () => {
    const anonymous = await ctx.client();
    const noEmail = await anonymous.post('/api/v1/support/requests/', { message: 'Help', page: '/account/' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().errors).toHaveProperty('email');
    const empty = await anonymous.post('/api/v1/support/requests/', { message: '   ', email: 'a@b.test', page: '/' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toHaveProperty('message');
    const ok = await anonymous.post('/api/v1/support/requests/', { message: 'Help', email: 'a@b.test', page: '/' });
    expect(ok.statusCode).toBe(201);
  });

  it('limits one address to 10 messages an hour', async () => {
    const anonymous = await ctx.client();
    const send = () =>
      anonymous.request({
        method: 'POST',
        url: '/api/v1/support/requests/',
        payload: { message: 'Hi', email: 'flood@x.test', page: '/' },
        remoteAddress: '10.7.7.7',
      });
    for (let i = 0; i < 10; i++) expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(429);
    ctx.clock.advance(3_600_000 + 1000);
    expect((await send()).statusCode).toBe(201);
  });

  it('gives the client its public settings', async () => {
    const response = await (await ctx.client()).get('/api/v1/config/');
    expect(response.json()).toEqual({ chat_widget_url: null, sentry_dsn: null, environment: 'test' });
  });
});
