import { displayDate } from '@banksia/contracts/rules/class-expiry';
import { button, html, renderEmail, type RenderedEmail } from '../../platform/mail-templates';

export interface TrialWelcomeParts {
  firstName: string;
  schoolName: string;
  classTitle: string;
  courseTitle: string;
  expirationDate: string;
  /** Where the teacher signs in and finds the class. */
  signInUrl: string;
  /** The link students open to join the class. */
  activationUrl: string;
  /** A new account: a separate email brings the link to choose a password first. */
  newAccount: boolean;
}

/** The email a teacher gets when staff set up a teacher trial for them. */
export function trialWelcomeEmail(p: TrialWelcomeParts): RenderedEmail {
  const hello = p.firstName ? `Hello ${p.firstName},` : 'Hello,';
  const until = displayDate(p.expirationDate);
  const first = p.newAccount
    ? 'We have also sent you an email with a link to choose your password: open it first to activate your account.'
    : 'Sign in with your usual email and password to find the class.';
  return renderEmail({
    schoolName: p.schoolName,
    subject: `Your Banksia trial: ${p.courseTitle}`,
    html: html`<p>${hello}</p>
      <p>
        Your trial class <strong>${p.classTitle}</strong> on <strong>${p.courseTitle}</strong> is ready, and open until
        ${until}.
      </p>
      <p>${first}</p>
      ${button(p.signInUrl, 'Go to Banksia')}
      <p>Students join the class with this link: <a href="${p.activationUrl}">${p.activationUrl}</a></p>
      <p>After ${until} the class stays readable, but nothing in it can be changed.</p>`,
    text: [
      hello,
      '',
      `Your trial class ${p.classTitle} on ${p.courseTitle} is ready, and open until ${until}.`,
      '',
      first,
      '',
      `Go to Banksia: ${p.signInUrl}`,
      '',
      `Students join the class with this link: ${p.activationUrl}`,
      '',
      `After ${until} the class stays readable, but nothing in it can be changed.`,
    ].join('\n'),
  });
}
