import { lazy, Suspense } from 'react';

// KaTeX and its stylesheet (fonts included, served by the app) load only when a page shows an equation.
const MathDisplayImpl = lazy(() => import('./maths-impl'));

export interface MathDisplayProps {
  /** The equation in LaTeX, e.g. `\frac{1}{2}`. */
  latex: string;
  /** Displays it on its own centred line rather than inline with the text. */
  block?: boolean;
}

/** A static maths equation rendered with KaTeX; an invalid one shows an inline alert instead (spec §5 "Display"). */
export function MathDisplay({ latex, block = false }: MathDisplayProps) {
  const Tag = block ? 'div' : 'span';
  return (
    <Suspense
      fallback={
        <Tag aria-busy="true" style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>
          {latex}
        </Tag>
      }
    >
      <MathDisplayImpl latex={latex} block={block} />
    </Suspense>
  );
}

/**
 * The KaTeX HTML for an equation. Rejects with an Error whose message says the equation is invalid (spec §5). Async
 * because KaTeX is loaded on first use, to keep it out of the main bundle.
 */
export async function renderEquation(latex: string, options: { block?: boolean } = {}): Promise<string> {
  const { renderEquationHtml } = await import('./maths-impl');
  return renderEquationHtml(latex, options);
}
