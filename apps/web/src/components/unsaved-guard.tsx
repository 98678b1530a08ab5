import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useBlocker } from 'react-router';

/**
 * Keeps people from losing edits they have not saved: while `unsaved`, leaving for another page asks first, and
 * closing or reloading the tab gets the browser's own warning. Changes of the address's search only (a filter,
 * hiding names) keep the page, so they pass. `children` says what would be lost.
 */
export function UnsavedGuard({ unsaved, children }: { unsaved: boolean; children: ReactNode }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Leave without saving?"
      centered
    >
      <Text>{children}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          Stay on this page
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Leave without saving
        </Button>
      </Group>
    </Modal>
  );
}
