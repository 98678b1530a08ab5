import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's content: its header and sections, evenly spaced. */
export function Page({ children }: { children: ReactNode }) {
  return <Stack gap="lg">{children}</Stack>;
}
