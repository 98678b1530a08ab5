/**
 * Email templates: one layout (a header with the school's name, a footer) around each message's body, each message
 * in HTML and plain text. The `html` tagged template escapes every interpolated value unless it is already `Html`
 * (made by this module), so a name or a school's title can never inject markup into a message.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an HTML element or a quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Markup that is safe to insert as is: only this module's `html` template and helpers make it. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

function piece(value: unknown): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(piece).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** A tagged template: `html\`<p>Hello ${name}</p>\`` escapes `name`; nested `Html` and arrays of it are kept. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += piece(value) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

/** Only http(s) links go into a message; anything else becomes `#`. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.toString() : '#';
  } catch {
    return '#';
  }
}

/** A call-to-action button (a link styled inline, as mail clients ignore style sheets). */
export function button(href: string, label: string): Html {
  return html`<p style="margin:24px 0">
    <a
      href="${safeUrl(href)}"
      style="background:#1c7ed6;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block"
      >${label}</a
    >
  </p>`;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export interface EmailContent {
  /** Shown in the header; "Banksia" when the message is about no school. */
  schoolName: string | null;
  subject: string;
  /** The body inside the layout. */
  html: Html;
  /** The same body as plain text. */
  text: string;
}

/** Puts a message's body into the layout, in HTML and plain text. */
export function renderEmail(content: EmailContent): RenderedEmail {
  // A subject is one header line: no line breaks, whatever the data held.
  const subject = content.subject.replace(/[\r\n]+/g, ' ').trim();
  const heading = content.schoolName ? `${content.schoolName} on Banksia` : 'Banksia';
  const footer =
    'You are receiving this email because of an account on Banksia, the online learning platform your school uses. ' +
    'If you did not expect it, you can ignore it.';
  const body = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <title>${subject}</title>
      </head>
      <body style="margin:0;padding:0;background:#f1f3f5;font-family:Arial,Helvetica,sans-serif;color:#212529">
        <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f3f5">
          <tr>
            <td align="center" style="padding:24px 12px">
              <table
                role="presentation"
                width="100%"
                cellpadding="0"
                cellspacing="0"
                style="max-width:600px;background:#ffffff;border-radius:8px"
              >
                <tr>
                  <td style="padding:20px 24px;border-bottom:1px solid #dee2e6;font-size:18px;font-weight:700">
                    ${heading}
                  </td>
                </tr>
                <tr>
                  <td style="padding:24px;font-size:16px;line-height:1.5">${content.html}</td>
                </tr>
                <tr>
                  <td style="padding:16px 24px;border-top:1px solid #dee2e6;font-size:12px;color:#495057">${footer}</td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html>`;
  const text = [heading, '='.repeat(heading.length), '', content.text.trim(), '', '--', footer, ''].join('\n');
  return { subject, html: body.value, text };
}
