import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml } from './safe-html';
import { isBlankHtml, sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it.each([
    [
      '<p>Hi <strong>there</strong> <em>you</em> <u>all</u></p>',
      '<p>Hi <strong>there</strong> <em>you</em> <u>all</u></p>',
    ],
    ['<h1>A</h1><h2>B</h2><h3>C</h3><h4>D</h4>', '<h1>A</h1><h2>B</h2><h3>C</h3>D'],
    ['<ol><li>one</li></ol><ul><li>two</li></ul>', '<ol><li>one</li></ol><ul><li>two</li></ul>'],
    ['<p onclick="alert(1)" style="color:red" class="x">text</p>', '<p>text</p>'],
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src=x onerror=alert(1)><p>ok</p>', '<p>ok</p>'],
    ['<a href="javascript:alert(1)">bad</a>', '<a>bad</a>'],
    ['<a href="/relative">rel</a>', '<a>rel</a>'],
    ['<a href="data:text/html,hi">data</a>', '<a>data</a>'],
    [
      '<a href="https://example.com" data-x="1">web</a>',
      '<a href="https://example.com" rel="noopener noreferrer" target="_blank">web</a>',
    ],
    [
      '<a href="mailto:a@b.test">mail</a>',
      '<a href="mailto:a@b.test" rel="noopener noreferrer" target="_blank">mail</a>',
    ],
  ])('%s → %s', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  it('leaves already-sanitised server output unchanged', () => {
    const server = '<p><a href="http://x.test" rel="noopener noreferrer" target="_blank">x</a><br></p>';
    expect(sanitizeHtml(server)).toBe(server);
  });

  it.each([
    ['', true],
    ['<p></p>', true],
    ['<p>&nbsp; </p>', true],
    ['<p>a</p>', false],
  ])('isBlankHtml(%j) is %s', (html, blank) => {
    expect(isBlankHtml(html)).toBe(blank);
  });
});

describe('SafeHtml', () => {
  it('renders the allowed markup and drops the rest', () => {
    const { container } = render(
      <MantineProvider>
        <SafeHtml html={'<h2>Notes</h2><p>See <a href="https://example.com">this</a></p><script>window.x=1</script>'} />
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Notes' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'this' })).toHaveAttribute('href', 'https://example.com');
    expect(container.querySelector('script')).toBeNull();
  });
});
