import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MathDisplay, renderEquation } from './maths';
import { renderEquationHtml } from './maths-impl';

describe('renderEquation', () => {
  it('renders valid LaTeX with KaTeX, MathML included', async () => {
    const html = await renderEquation('\\frac{1}{2}');
    expect(html).toContain('class="katex"');
    expect(html).toContain('<math');
  });

  it('renders display maths for block equations', () => {
    expect(renderEquationHtml('x^2', { block: true })).toContain('katex-display');
  });

  it('throws an error that says the equation is invalid', async () => {
    await expect(renderEquation('\\frac{1}{')).rejects.toThrow(/^Invalid equation: /);
    expect(() => renderEquationHtml('\\notacommand')).toThrow(/^Invalid equation: /);
  });

  it('refuses commands that would add links', () => {
    const html = renderEquationHtml('\\href{javascript:alert(1)}{x}');
    expect(html).not.toMatch(/<a[\s>]/);
    expect(html).not.toContain('href=');
  });
});

describe('MathDisplay', () => {
  it('renders the equation once KaTeX has loaded', async () => {
    const { container } = render(
      <MantineProvider>
        <p>
          Half is <MathDisplay latex="\frac{1}{2}" />
        </p>
      </MantineProvider>,
    );
    expect(await screen.findByText((_, el) => el?.classList.contains('katex') ?? false)).toBeInTheDocument();
    expect(container.querySelector('p span.banksia-maths')).not.toBeNull();
  });

  it('shows an inline alert instead of crashing on an invalid equation', async () => {
    render(
      <MantineProvider>
        <MathDisplay latex="\frac{1}{" block />
      </MantineProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid equation: \\frac{1}{');
  });
});
