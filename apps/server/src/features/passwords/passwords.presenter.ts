import type { PasswordTokenInfo, PasswordTokenPurpose } from '@banksia/contracts/passwords';

/** `alex.bell@example.org` → `a***@example.org`: enough to recognise one's own address, not to learn someone's. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

export function presentTokenInfo(row: {
  purpose: PasswordTokenPurpose;
  email: string;
  expiresAt: Date;
}): PasswordTokenInfo {
  return { purpose: row.purpose, email: maskEmail(row.email), expires_at: new Date(row.expiresAt).toISOString() };
}
