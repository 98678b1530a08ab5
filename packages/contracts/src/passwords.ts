import { z } from 'zod';
import { meResponse, PASSWORD_MIN_LENGTH } from './accounts';

/** Set-password links (invitations and resets): a single-use random token in the link, only its hash stored. */
export const passwordTokenPurposes = ['invite', 'reset'] as const;
export type PasswordTokenPurpose = (typeof passwordTokenPurposes)[number];

/** An invitation link works for 7 days, a reset link for an hour. */
export const INVITE_TOKEN_TTL_MS = 7 * 24 * 3_600_000;
export const RESET_TOKEN_TTL_MS = 3_600_000;

/** 32 random bytes in base64url: 43 characters. */
export const PASSWORD_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const passwordResetBody = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address.').max(254),
});
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

/** The one answer to a reset request, whether or not an account uses the address. */
export const PASSWORD_RESET_SENT =
  'If an account uses this email address, we have sent it a link to choose a new password. The link works for an hour.';
export const passwordResetResponse = z.object({ detail: z.string() });

/** Any string up to a sane length: a malformed token is refused by the service with the same answer as an unknown one. */
export const passwordTokenParams = z.object({ token: z.string().max(200) });

export const passwordTokenInfo = z.object({
  purpose: z.enum(passwordTokenPurposes),
  /** The account's email, masked (`a***@example.org`). */
  email: z.string(),
  expires_at: z.string(),
});
export type PasswordTokenInfo = z.infer<typeof passwordTokenInfo>;

export const setPasswordBody = z.object({
  new_password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(1024, 'Use at most 1024 characters.'),
});
export type SetPasswordBody = z.infer<typeof setPasswordBody>;

/** Setting the password signs the person in: the same answer as sign-in. */
export const setPasswordResponse = meResponse.extend({ csrf_token: z.string() });
export type SetPasswordResponse = z.infer<typeof setPasswordResponse>;

export const resendInvitationResponse = z.object({ detail: z.string() });
