import 'katex/dist/katex.min.css';
import { Box, Code, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import katex from 'katex';
import { useMemo } from 'react';

/**
 * KaTeX HTML (with MathML for screen readers) for a LaTeX equation. Throws an Error whose message starts
 * "Invalid equation:" when KaTeX cannot parse it (spec §5 "Display"), instead of drawing it in red.
 */
export function renderEquationHtml(latex: string, { block = false }: { block?: boolean } = {}): string {
  try {
    // trust stays false (the default): \href, \includegraphics and friends are refused, so authors' LaTeX
    // cannot add links or load anything.
    return katex.renderToString(latex, { displayMode: block, throwOnError: true, output: 'htmlAndMathml' });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Invalid equation: ${reason}`, { cause: error });
  }
}

export interface MathDisplayImplProps {
  latex: string;
  block?: boolean;
}

/** Renders the equation, or an inline alert when it is invalid. Loaded lazily through `MathDisplay`. */
export default function MathDisplayImpl({ latex, block = false }: MathDisplayImplProps) {
  const result = useMemo(() => {
    try {
      return { html: renderEquationHtml(latex, { block }), error: null };
    } catch (error) {
      return { html: null, error: error instanceof Error ? error.message : 'Invalid equation' };
    }
  }, [latex, block]);
  const tag = block ? 'div' : 'span';

  if (result.error !== null) {
    return (
      <Text
        component={tag}
        role="alert"
        size="sm"
        c="var(--mantine-color-error)"
        display={block ? 'flex' : 'inline-flex'}
        style={{ alignItems: 'center', gap: 4 }}
        title={result.error}
      >
        <IconAlertTriangle size={16} aria-hidden />
        Invalid equation: <Code>{latex}</Code>
      </Text>
    );
  }
  // KaTeX output from trusted settings (trust: false); it contains no user-controlled markup.
  return <Box component={tag} className="banksia-maths" dangerouslySetInnerHTML={{ __html: result.html }} />;
}
