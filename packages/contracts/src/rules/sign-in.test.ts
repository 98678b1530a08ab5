import { describe, expect, it } from 'vitest';
import { loginBody } from '../accounts';
import { missingSignInFields, SIGN_IN_MESSAGES } from './sign-in';

describe('missingSignInFields', () => {
  it.each([
    ['', '', { email: SIGN_IN_MESSAGES.email, password: SIGN_IN_MESSAGES.password }],
    ['   ', 'x', { email: SIGN_IN_MESSAGES.email }],
    ['ava@banksia.test', '', { password: SIGN_IN_MESSAGES.password }],
    ['not an email', 'x', {}],
  ])('email %j, password %j', (email, password, expected) => {
    expect(missingSignInFields(email, password)).toEqual(expected);
  });

  it('says what loginBody says for the same fields', () => {
    const result = loginBody.safeParse({ email: '', password: '' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual(missingSignInFields('', ''));
  });
});
