import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { BlockEditorProps } from './block-editor-impl';

// Editor.js, its tools and the block forms are a chunk of their own, loaded only on the authoring pages.
const BlockEditorImpl = lazy(() => import('./block-editor-impl'));

/** The activity block editor (Editor.js, ADR 020), loaded lazily. */
export function BlockEditor(props: BlockEditorProps) {
  return (
    <Suspense fallback={<Skeleton h={240} aria-label="Loading the block editor" role="status" />}>
      <BlockEditorImpl {...props} />
    </Suspense>
  );
}
