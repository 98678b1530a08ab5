import { Typography, type BoxProps } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { sanitizeHtml } from '../../../components/sanitize-html';

/** Maths written in rich text between `\(` and `\)` (inline) or `\[` and `\]` (on its own line). */
const MATHS = /\\\((.+?)\\\)|\\\[(.+?)\\\]/gs;

export function hasMaths(html: string): boolean {
  MATHS.lastIndex = 0;
  return MATHS.test(html);
}

/**
 * Rich text of a question (prompt, options, worked solution) shown like SafeHtml, with any maths written between
 * `\(…\)` or `\[…\]` drawn by KaTeX, the app's maths display. KaTeX loads only when some text has maths; until
 * then the LaTeX shows as written.
 */
export function RichHtml({ html, ...boxProps }: { html: string } & BoxProps & { className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  const [withMaths, setWithMaths] = useState<{ from: string; html: string } | null>(null);

  useEffect(() => {
    if (!hasMaths(clean)) return;
    let cancelled = false;
    void import('../../../components/maths-impl').then(({ renderEquationHtml }) => {
      if (!cancelled) setWithMaths({ from: clean, html: replaceMaths(clean, renderEquationHtml) });
    });
    return () => {
      cancelled = true;
    };
  }, [clean]);

  const shown = withMaths?.from === clean ? withMaths.html : clean;
  // Sanitised above; the maths is KaTeX's own markup from LaTeX (trust off), inserted as text nodes' replacement.
  return <Typography {...boxProps} dangerouslySetInnerHTML={{ __html: shown }} />;
}

/**
 * The sanitised HTML with the maths in its text replaced by `render`'s HTML. Only text nodes are searched, so maths
 * can never come from an attribute; an equation KaTeX cannot read stays as written.
 */
export function replaceMaths(clean: string, render: (latex: string, options: { block: boolean }) => string): string {
  const container = document.createElement('div');
  container.innerHTML = clean;
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  for (const text of texts) {
    const value = text.data;
    MATHS.lastIndex = 0;
    if (!MATHS.test(value)) continue;
    MATHS.lastIndex = 0;
    const fragment = document.createDocumentFragment();
    let last = 0;
    for (const match of value.matchAll(MATHS)) {
      const index = match.index;
      fragment.append(value.slice(last, index));
      const block = match[2] !== undefined;
      const latex = (match[1] ?? match[2] ?? '').trim();
      try {
        // A span even for display maths (KaTeX's display markup is a block span): a div would break a paragraph.
        const span = document.createElement('span');
        span.className = 'banksia-maths';
        span.innerHTML = render(latex, { block });
        fragment.append(span);
      } catch {
        fragment.append(match[0]);
      }
      last = index + match[0].length;
    }
    fragment.append(value.slice(last));
    text.replaceWith(fragment);
  }
  return container.innerHTML;
}
