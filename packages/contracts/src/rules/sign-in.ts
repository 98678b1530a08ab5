/** What the sign-in form says about a field at fault: loginBody (accounts.ts) uses the same words. */
export const SIGN_IN_MESSAGES = {
  email: 'Enter a valid email address.',
  password: 'Enter your password.',
} as const;

/**
 * The fields the sign-in form can tell are missing before sending, without a schema (the sign-in page loads no zod,
 * ADR 039); the server checks everything else against loginBody and names the field at fault.
 */
export function missingSignInFields(email: string, password: string): Partial<Record<'email' | 'password', string>> {
  const missing: Partial<Record<'email' | 'password', string>> = {};
  if (!email.trim()) missing.email = SIGN_IN_MESSAGES.email;
  if (!password) missing.password = SIGN_IN_MESSAGES.password;
  return missing;
}
