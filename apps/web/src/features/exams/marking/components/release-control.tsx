import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { formErrorOf } from '../../../../components/field-errors';
import type { ClassExamParams } from '../api/get-class-sittings';
import { useReleaseResults } from '../api/release-results';
import { formatWhen, plural } from '../utils/format';

export interface ReleaseControlProps {
  params: ClassExamParams;
  /** When the class's results were released; null while they are held. */
  releasedAt: string | null;
  /** Answers in submitted sittings still waiting for a teacher. */
  waiting: number;
}

/**
 * Releases the class's results, or holds them again (POST api:class-exam-release). Until release, students see the
 * answers a teacher marks as waiting, without marks or feedback. Releasing while answers still wait for marking asks
 * first: those students would see an unfinished result.
 */
export function ReleaseControl({ params, releasedAt, waiting }: ReleaseControlProps) {
  const mutation = useReleaseResults(params);
  const [confirming, confirm] = useDisclosure(false);
  const released = releasedAt !== null;

  const release = () => {
    confirm.close();
    mutation.mutate(true);
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="release-heading">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Stack gap={4} maw={640}>
          <Title order={2} size="h4" id="release-heading">
            {released ? 'Results released' : 'Results held'}
          </Title>
          <Text size="sm" aria-live="polite">
            {released
              ? `Released ${formatWhen(releasedAt)}. Students see their marks and your feedback.`
              : 'Students see the answers marked automatically. Your marks and feedback show once you release the results.'}
          </Text>
        </Stack>
        {released ? (
          <Button
            variant="default"
            leftSection={<IconLock size={16} aria-hidden />}
            loading={mutation.isPending}
            onClick={() => mutation.mutate(false)}
          >
            Hold results
          </Button>
        ) : (
          <Button
            leftSection={<IconLockOpen size={16} aria-hidden />}
            loading={mutation.isPending}
            onClick={() => (waiting > 0 ? confirm.open() : release())}
          >
            Release results
          </Button>
        )}
      </Group>
      {mutation.isError && (
        <Alert color="red" title={released ? 'The results were not held' : 'The results were not released'} mt="sm">
          {formErrorOf(mutation.error)}
        </Alert>
      )}
      <Modal opened={confirming} onClose={confirm.close} title="Release results now?" centered>
        <Text>
          {plural(waiting, 'answer')} still {waiting === 1 ? 'waits' : 'wait'} for marking. Students will see{' '}
          {waiting === 1 ? 'it' : 'them'} as not marked yet, and the marks you give later show as you save them.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={confirm.close} data-autofocus>
            Keep holding
          </Button>
          <Button onClick={release}>Release results</Button>
        </Group>
      </Modal>
    </Paper>
  );
}
