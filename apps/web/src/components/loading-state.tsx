import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** A spinner that also tells screen readers what is loading. */
export function LoadingState({ label, py = 'xl' }: { label: string; py?: string | number }) {
  return (
    <Center py={py} role="status">
      <Loader size="md" aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
