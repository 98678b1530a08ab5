import { Typography, type BoxProps } from '@mantine/core';
import { useMemo } from 'react';
import { sanitizeHtml } from './sanitize-html';

export interface SafeHtmlProps extends BoxProps {
  /** Rich text from users or authors; it is sanitised here whatever its source. */
  html: string;
}

/** Shows rich-text HTML after sanitising it with the same allow-list as the server (spec §5 "Display"). */
export function SafeHtml({ html, ...boxProps }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // Sanitised just above: only the editor's tags and http(s)/mailto links remain.
  return <Typography {...boxProps} dangerouslySetInnerHTML={{ __html: clean }} />;
}
