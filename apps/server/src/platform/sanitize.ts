import DOMPurify from 'isomorphic-dompurify';

/** The markup the rich-text editor produces (spec §2): bold, italic, underline, three headings, lists, links. */
const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'h1', 'h2', 'h3', 'ol', 'ul', 'li', 'a'];

/** Links may only leave for the web or an email client: no javascript:, data:, relative or protocol-less URLs. */
const SAFE_LINK = /^(?:https?|mailto):/i;

/**
 * Sanitises rich-text HTML from a user before it is stored: keeps only the editor's tags, `href` on links
 * (http, https and mailto), and opens links in a new tab without giving the target page a handle on ours.
 * Everything else goes: scripts and styles with their content, other tags (their text is kept), every other
 * attribute (event handlers, style, class, data-*), and comments.
 */
export function sanitizeRichText(html: string): string {
  // Added for this call only (sanitize is synchronous): hooks belong to the one DOMPurify instance the process
  // shares, and another caller's rules must not get ours.
  DOMPurify.addHook('afterSanitizeAttributes', openLinksSafely);
  try {
    return DOMPurify.sanitize(html, {
      ALLOWED_TAGS: RICH_TEXT_TAGS,
      ALLOWED_ATTR: ['href'],
      ALLOWED_URI_REGEXP: SAFE_LINK,
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
      ALLOW_UNKNOWN_PROTOCOLS: false,
    });
  } finally {
    DOMPurify.removeHook('afterSanitizeAttributes', openLinksSafely);
  }
}

/** The part of a DOM element the hook uses (the server compiles without the DOM library's types). */
interface HookElement {
  tagName: string;
  hasAttribute(name: string): boolean;
  setAttribute(name: string, value: string): void;
}

function openLinksSafely(node: HookElement): void {
  if (node.tagName !== 'A' || !node.hasAttribute('href')) return;
  node.setAttribute('rel', 'noopener noreferrer');
  node.setAttribute('target', '_blank');
}

/** Whether sanitised rich text shows nothing (e.g. the editor's empty `<p></p>`): no text once tags are gone. */
export function isBlankRichText(sanitisedHtml: string): boolean {
  return (
    sanitisedHtml
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|\u00a0/g, '')
      .trim() === ''
  );
}

/** Plain text of a piece of HTML: tags removed (scripts and styles with their content), entities decoded. */
export function stripMarkup(html: string): string {
  const fragment = DOMPurify.sanitize(html, { ALLOWED_TAGS: ['#text'], RETURN_DOM_FRAGMENT: true });
  return fragment.textContent ?? '';
}

/**
 * Cleans an SVG drawing (Excalidraw's export) before it is stored: SVG and its filters only, with no scripts,
 * event handlers, foreign objects or external references.
 */
export function sanitizeSvg(svg: string): string {
  return DOMPurify.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'script', 'use'],
  });
}
