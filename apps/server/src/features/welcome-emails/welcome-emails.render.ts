import { welcomePlaceholders } from '@banksia/contracts/welcome-emails';
import { html, renderEmail, safeUrl, type Html, type RenderedEmail } from '../../platform/mail-templates';

export type WelcomeValues = Record<(typeof welcomePlaceholders)[number], string>;

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

function isKnown(name: string): name is keyof WelcomeValues {
  return (welcomePlaceholders as readonly string[]).includes(name);
}

/** Fills the placeholders of a plain-text template; unknown ones stay as written. */
export function fillText(template: string, values: WelcomeValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (isKnown(name) ? values[name] : whole));
}

/** One line of a template as HTML: text and values escaped, the sign-in link made a link. */
function lineHtml(line: string, values: WelcomeValues): Html {
  const parts: (string | Html)[] = [];
  let last = 0;
  for (const match of line.matchAll(PLACEHOLDER)) {
    parts.push(line.slice(last, match.index));
    const name = match[1]!;
    if (!isKnown(name)) parts.push(match[0]);
    else if (name === 'sign_in_link')
      parts.push(html`<a href="${safeUrl(values.sign_in_link)}">${values.sign_in_link}</a>`);
    else parts.push(values[name]);
    last = match.index + match[0].length;
  }
  parts.push(line.slice(last));
  return html`${parts}`;
}

/**
 * A welcome email from its template: the body is plain text (a blank line starts a paragraph, a line break stays a
 * line break), so nothing a template says can add markup; it goes into the common email layout.
 */
export function renderWelcomeEmail(
  template: { subject: string; body: string },
  values: WelcomeValues,
  schoolName: string | null,
): RenderedEmail {
  const paragraphs = template.body
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const body = paragraphs.map((p) => {
    const lines = p.split('\n').map((line) => lineHtml(line, values));
    return html`<p>${lines.map((l, i) => (i === 0 ? l : html`<br />${l}`))}</p>`;
  });
  return renderEmail({
    schoolName,
    subject: fillText(template.subject, values),
    html: html`${body}`,
    text: paragraphs.map((p) => fillText(p, values)).join('\n\n'),
  });
}
