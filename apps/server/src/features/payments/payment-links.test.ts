import { describe, expect, it } from 'vitest';
import { ctx, YEAR, PRICE, newStudent, linkOf } from './checkout.test-helpers';

describe('payment links', () => {
  it('shows the signed-in student what they owe per class, and the same through the link signed out', async () => {
    const ava = await newStudent();
    const res = await ava.client.get(`/api/v1/payments/me/?calendar_year=${YEAR}`);
    expect(res.statusCode).toBe(200);
    const [link] = res.json().links;
    expect(link).toMatchObject({
      calendar_year: YEAR,
      first_name: 'Ava',
      school_name: 'Banksia Test School',
      currency: 'AUD',
      classes: [{ class_name: '9MAT1', amount_cents: PRICE }],
      total_cents: PRICE,
      owing_cents: PRICE,
      paid_cents: 0,
    });
    expect(link.code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // The same link every time.
    expect(await linkOf(ava.client)).toBe(link.code);

    const anonymous = await ctx.client();
    const shown = await anonymous.get(`/api/v1/payments/links/${link.code}/`);
    expect(shown.statusCode).toBe(200);
    expect(Object.keys(shown.json()).sort()).toEqual(
      [
        'calendar_year',
        'classes',
        'code',
        'currency',
        'first_name',
        'owing_cents',
        'paid_cents',
        'school_name',
        'total_cents',
      ].sort(),
    );
    expect(shown.body).not.toContain('Nguyen');
    expect(shown.body).not.toContain(ava.user.email);
  });

  it('answers a made-up or altered code with 404, and a malformed one with 400', async () => {
    const ava = await newStudent();
    const code = await linkOf(ava.client);
    const altered = `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`;
    const anonymous = await ctx.client();
    expect((await anonymous.get(`/api/v1/payments/links/${altered}/`)).statusCode).toBe(404);
    expect((await anonymous.get(`/api/v1/payments/links/${altered}/checkout/`)).statusCode).toBe(404);
    expect((await anonymous.post(`/api/v1/payments/links/${altered}/checkout/`)).statusCode).toBe(404);
    expect((await anonymous.get('/api/v1/payments/links/short/')).statusCode).toBe(400);
  });
});
