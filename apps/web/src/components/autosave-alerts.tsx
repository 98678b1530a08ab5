import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import type { AutosaveProblem, AutosaveSnapshot } from '../lib/autosaver';

export interface AutosaveAlertsProps {
  autosave: Omit<AutosaveSnapshot<unknown>, 'value'> & {
    loadLatest: () => Promise<void>;
    keepMine: () => Promise<void>;
  };
  /** What is being saved, as in "These notes were changed…" or "These answers were changed…". */
  noun: 'notes' | 'answers' | 'activity contents';
}

/**
 * What an autosaving page says when its work is not saved: the conflict choice (another tab or device saved in
 * between), the problem that stops saving, or that unsaved changes from this device were put back. One wording for
 * notes and activity answers.
 */
export function AutosaveAlerts({ autosave, noun }: AutosaveAlertsProps) {
  if (autosave.problem === 'conflict') return <ConflictAlert autosave={autosave} noun={noun} />;
  if (autosave.problem) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
        {problemMessage(autosave.problem, noun)}
      </Alert>
    );
  }
  if (autosave.restoredDraft) {
    return (
      <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
        Changes you had not saved on this device were put back.
      </Alert>
    );
  }
  return null;
}

function problemMessage(problem: Exclude<AutosaveProblem, 'conflict'>, noun: AutosaveAlertsProps['noun']): string {
  switch (problem) {
    case 'failed':
      return "We couldn't reach Banksia. Your changes are kept on this device and will be saved when the connection is back.";
    case 'signed-out':
      return 'You have been signed out. Your changes are kept on this device; sign in again to save them.';
    case 'forbidden':
      return `You can't change these ${noun}.`;
    case 'too-long':
      return `These ${noun} are too long to save. Shorten them to save your changes.`;
    case 'invalid':
      return `These ${noun} couldn't be saved as they are. Your changes are kept on this device.`;
  }
}

function ConflictAlert({ autosave, noun }: AutosaveAlertsProps) {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={`These ${noun} were changed somewhere else`}
      role="alert"
    >
      <Stack gap="sm">
        <Text size="sm">
          They were saved in another tab or on another device after you started here, so your latest changes have not
          been saved. Your version is still on this page and kept on this device.
        </Text>
        <Text size="sm">
          <b>Load latest</b> shows the {noun} as they were saved and discards your changes here. <b>Keep my version</b>{' '}
          replaces the saved {noun} with what you see here.
        </Text>
        {autosave.resolveFailed && (
          <Text size="sm" c="var(--mantine-color-error)">
            Couldn&apos;t reach Banksia to get the latest {noun}. Check your connection and try again.
          </Text>
        )}
        <Group gap="sm">
          <Button size="xs" onClick={() => void autosave.loadLatest()} loading={autosave.resolving}>
            Load latest
          </Button>
          <Button size="xs" variant="default" onClick={() => void autosave.keepMine()} disabled={autosave.resolving}>
            Keep my version
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
