import type { PasswordTokenPurpose } from '@banksia/contracts/passwords';
import { button, html, renderEmail, type RenderedEmail } from '../../platform/mail-templates';

export interface PasswordEmailParts {
  purpose: PasswordTokenPurpose;
  firstName: string;
  email: string;
  schoolName: string | null;
  /** The set-password link, token included. */
  link: string;
}

/** The invitation (an account made without a password) or reset email, in HTML and plain text. */
export function passwordEmail(p: PasswordEmailParts): RenderedEmail {
  const hello = p.firstName ? `Hello ${p.firstName},` : 'Hello,';
  if (p.purpose === 'invite') {
    const who = p.schoolName ?? 'Your school';
    return renderEmail({
      schoolName: p.schoolName,
      subject: 'Choose your password for Banksia',
      html: html`<p>${hello}</p>
        <p>${who} has made you a Banksia account for <strong>${p.email}</strong>. Choose a password to sign in.</p>
        ${button(p.link, 'Choose my password')}
        <p>Or copy this link into your browser:<br /><a href="${p.link}">${p.link}</a></p>
        <p>The link works once, for 7 days. If it has expired, ask your teacher to send a new one.</p>`,
      text: [
        hello,
        '',
        `${who} has made you a Banksia account for ${p.email}. Choose a password to sign in:`,
        '',
        p.link,
        '',
        'The link works once, for 7 days. If it has expired, ask your teacher to send a new one.',
      ].join('\n'),
    });
  }
  return renderEmail({
    schoolName: p.schoolName,
    subject: 'Reset your Banksia password',
    html: html`<p>${hello}</p>
      <p>
        Someone asked to reset the password of the Banksia account for <strong>${p.email}</strong>. If it was you,
        choose a new password:
      </p>
      ${button(p.link, 'Choose a new password')}
      <p>Or copy this link into your browser:<br /><a href="${p.link}">${p.link}</a></p>
      <p>
        The link works once, for an hour. If you did not ask for it, ignore this email: your password stays as it is.
      </p>`,
    text: [
      hello,
      '',
      `Someone asked to reset the password of the Banksia account for ${p.email}. If it was you, choose a new password:`,
      '',
      p.link,
      '',
      'The link works once, for an hour. If you did not ask for it, ignore this email: your password stays as it is.',
    ].join('\n'),
  });
}
