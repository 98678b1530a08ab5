import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { hasMaths, replaceMaths, RichHtml } from './rich-html';

const fake = (latex: string, { block }: { block: boolean }) => `<b>${block ? 'B' : 'I'}:${latex}</b>`;

describe('replaceMaths', () => {
  it('draws inline \\(…\\) and display \\[…\\] maths found in the text', () => {
    expect(replaceMaths('<p>Work out \\( \\frac{1}{2} \\) and \\[x^2\\].</p>', fake)).toBe(
      '<p>Work out <span class="banksia-maths"><b>I:\\frac{1}{2}</b></span> and <span class="banksia-maths"><b>B:x^2</b></span>.</p>',
    );
  });

  it('reads maths from text only, never from attributes, and leaves what KaTeX cannot read as written', () => {
    const failing = () => {
      throw new Error('Invalid equation');
    };
    expect(replaceMaths('<p><a href="https://x.test/\\(1\\)">link</a> \\(\\bad\\)</p>', failing)).toBe(
      '<p><a href="https://x.test/\\(1\\)">link</a> \\(\\bad\\)</p>',
    );
  });

  it('knows text without maths', () => {
    expect(hasMaths('<p>3/4 of (a) and [b]</p>')).toBe(false);
    expect(hasMaths('<p>\\(a\\)</p>')).toBe(true);
  });
});

describe('RichHtml', () => {
  it('sanitises, then draws the maths with KaTeX', async () => {
    renderWithProviders(<RichHtml html={'<p>Simplify \\(\\frac{6}{8}\\)<script>alert(1)</script></p>'} />);
    await waitFor(() => expect(document.querySelector('.katex')).not.toBeNull());
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText(/Simplify/)).toBeInTheDocument();
  });
});
