import DOMPurify from 'dompurify';

/** The markup the rich-text editor produces (spec §2); the same list the server keeps when it stores rich text. */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'h1', 'h2', 'h3', 'ol', 'ul', 'li', 'a'];

/** Links may only leave for the web or an email client: no javascript:, data:, relative or protocol-less URLs. */
const SAFE_LINK = /^(?:https?|mailto):/i;

/**
 * Sanitises rich-text HTML with the server's allow-list: only the editor's tags, `href` on links (http, https,
 * mailto), every other attribute and all scripts and styles removed. Links open in a new tab without a handle on
 * this page. Content already sanitised by the server comes through unchanged, so doing it again costs nothing but
 * protects against anything that reached the page another way.
 */
export function sanitizeHtml(html: string): string {
  const fragment = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: RICH_TEXT_TAGS,
    ALLOWED_ATTR: ['href'],
    ALLOWED_URI_REGEXP: SAFE_LINK,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    RETURN_DOM_FRAGMENT: true,
  });
  // Set after sanitising rather than in a DOMPurify hook: hooks are global to the shared instance.
  for (const link of fragment.querySelectorAll('a')) {
    if (!link.hasAttribute('href')) continue;
    link.setAttribute('rel', 'noopener noreferrer');
    link.setAttribute('target', '_blank');
  }
  const container = document.createElement('div');
  container.appendChild(fragment);
  return container.innerHTML;
}

/** Whether rich text shows nothing (e.g. the editor's empty `<p></p>`): no text once the tags are gone. */
export function isBlankHtml(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|\u00a0/g, '')
      .trim() === ''
  );
}
