import { Button, Group, Modal, Text } from '@mantine/core';
import type { Blocker } from 'react-router';
import { plural } from '../utils/format';

/** Asks before leaving a page with marks that are not saved. */
export function UnsavedMarksModal({ blocker, unsaved }: { blocker: Blocker; unsaved: number }) {
  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Leave without saving?"
      centered
    >
      <Text>
        {plural(unsaved, 'mark')} on this page {unsaved === 1 ? 'is' : 'are'} not saved. If you leave now,{' '}
        {unsaved === 1 ? 'it is' : 'they are'} lost.
      </Text>
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
