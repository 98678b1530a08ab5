import { Box, Paper, Skeleton, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RichTextEditorImplProps } from './rich-text-editor-impl';
import { SafeHtml } from './safe-html';

// TipTap and ProseMirror are a large chunk: they load when an editable editor first shows, not with the app.
const RichTextEditorImpl = lazy(() => import('./rich-text-editor-impl'));

export interface RichTextEditorProps extends RichTextEditorImplProps {
  /** Shows the content, sanitised, without loading the editor at all. */
  readOnly?: boolean;
}

/**
 * The rich-text editor (spec §2): bold, italic, underline, three heading sizes, ordered and unordered lists and
 * links, editing HTML. Loaded lazily; read-only content is shown with `SafeHtml` and never loads it.
 */
export function RichTextEditor({ readOnly = false, ...props }: RichTextEditorProps) {
  if (readOnly) {
    return (
      <Box>
        <Text fw={500} size="sm">
          {props.label}
        </Text>
        <Paper withBorder p="md" mt={4} mih={props.minHeight}>
          <SafeHtml html={props.value} />
        </Paper>
      </Box>
    );
  }
  return (
    <Suspense fallback={<EditorLoading label={props.label} minHeight={props.minHeight} />}>
      <RichTextEditorImpl {...props} />
    </Suspense>
  );
}

function EditorLoading({ label, minHeight = 200 }: { label: string; minHeight?: number }) {
  return (
    <Box aria-busy="true">
      <Text fw={500} size="sm">
        {label}
      </Text>
      <Skeleton mt={4} h={minHeight + 44} aria-label={`Loading ${label}`} role="status" />
    </Box>
  );
}
