import { describe, expect, it } from 'vitest';
import { isBlankRichText, sanitizeRichText } from './sanitize';

const link = (href: string, text: string) => `<a href="${href}" rel="noopener noreferrer" target="_blank">${text}</a>`;

describe('sanitizeRichText', () => {
  it.each([
    // What the editor makes survives as it is.
    ['editor markup', '<h1>T</h1><h2>S</h2><h3>s</h3><p>a<br>b</p>', '<h1>T</h1><h2>S</h2><h3>s</h3><p>a<br>b</p>'],
    [
      'inline styles of the editor',
      '<p><strong>b</strong><b>b</b><em>i</em><i>i</i><u>u</u></p>',
      '<p><strong>b</strong><b>b</b><em>i</em><i>i</i><u>u</u></p>',
    ],
    ['lists', '<ol><li>one</li></ol><ul><li>two</li></ul>', '<ol><li>one</li></ol><ul><li>two</li></ul>'],
    ['escaped text stays escaped', '<p>a &lt;b&gt; &amp; c</p>', '<p>a &lt;b&gt; &amp; c</p>'],
    // Scripts and styles go with their content.
    ['script', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['style', '<style>p{color:red}</style><p>x</p>', '<p>x</p>'],
    ['script inside svg', '<svg><script>alert(1)</script></svg>', ''],
    ['iframe and form', '<iframe src="https://x.test"></iframe><form><input></form>', ''],
    // Event handlers and every other attribute go.
    ['img onerror', '<img src=x onerror=alert(1)>', ''],
    ['on* attribute on an allowed tag', '<p onclick="alert(1)" onmouseover="x()">t</p>', '<p>t</p>'],
    ['style, class, data and aria attributes', '<p style="x" class="c" data-x="1" aria-label="l">t</p>', '<p>t</p>'],
    // Links: http, https and mailto only; always a new tab without a handle on this page.
    [
      'https link',
      '<a href="https://example.test/a?b=1&amp;c=2">x</a>',
      link('https://example.test/a?b=1&amp;c=2', 'x'),
    ],
    ['http link', '<a href="http://example.test">x</a>', link('http://example.test', 'x')],
    ['mailto link', '<a href="mailto:a@b.test">m</a>', link('mailto:a@b.test', 'm')],
    [
      'the link’s own target, handlers and style are replaced',
      '<a href="https://x.test" target="_self" onclick="x()" style="c">x</a>',
      link('https://x.test', 'x'),
    ],
    ['javascript: URL', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['javascript: in mixed case and entities', '<a href="JaVaScRiPt&#x3A;alert(1)">x</a>', '<a>x</a>'],
    ['javascript: after whitespace', '<a href=" javascript:alert(1)">x</a>', '<a>x</a>'],
    ['data: URL', '<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['relative URL', '<a href="/account/">x</a>', '<a>x</a>'],
    // Other tags are unwrapped: their text stays.
    ['unknown tags keep their text', '<div>keep <span>this</span></div><h4>h4</h4>', 'keep thish4'],
    ['comments', '<p>a<!-- hidden --></p>', '<p>a</p>'],
    ['empty', '', ''],
  ])('%s', (_name, dirty, clean) => {
    expect(sanitizeRichText(dirty)).toBe(clean);
  });

  it('is stable: sanitising its own output changes nothing', () => {
    const once = sanitizeRichText('<p>x <a href="https://x.test" target="_top">y</a></p><script>1</script>');
    expect(sanitizeRichText(once)).toBe(once);
  });

  it('leaves no hook behind for other users of the shared DOMPurify instance', async () => {
    sanitizeRichText('<a href="https://x.test">x</a>');
    const { sanitize } = await import('isomorphic-dompurify');
    expect(sanitize('<a href="https://x.test">x</a>')).toBe('<a href="https://x.test">x</a>');
  });
});

describe('isBlankRichText', () => {
  it.each([
    ['', true],
    ['<p></p>', true],
    ['<p><br></p>', true],
    ['<p>&nbsp; </p><ul><li></li></ul>', true],
    ['<p>a</p>', false],
    ['<a href="https://x.test" rel="noopener noreferrer" target="_blank">x</a>', false],
  ])('%j → %s', (html, blank) => {
    expect(isBlankRichText(html)).toBe(blank);
  });
});

describe('sanitizeSvg', () => {
  it('keeps drawing markup and removes scripts, handlers and foreign objects', async () => {
    const { sanitizeSvg } = await import('./sanitize');
    const dirty =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)">' +
      '<script>alert(2)</script><path d="M0 0L10 10" stroke="black"/>' +
      '<foreignObject><div>hi</div></foreignObject><a href="javascript:alert(3)"><text>x</text></a></svg>';
    const clean = sanitizeSvg(dirty);
    expect(clean).toContain('<path d="M0 0L10 10" stroke="black"');
    expect(clean).not.toMatch(/onload|<script|alert\(2\)|foreignObject|javascript:/);
  });
});
