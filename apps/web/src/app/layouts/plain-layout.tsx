import { Box, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { Wordmark } from './wordmark';

/** A header and the content only: for pages shown when the app shell itself could not load. */
export function PlainLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <Box component="header" px="md" h={60} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group h="100%">
          <Wordmark />
        </Group>
      </Box>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} p="md">
        {children}
      </Box>
    </>
  );
}
