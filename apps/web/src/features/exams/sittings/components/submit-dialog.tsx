import { Alert, Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';

export interface UnansweredQuestion {
  number: number;
  href: string;
}

export interface SubmitDialogProps {
  opened: boolean;
  onClose: () => void;
  onSubmit: () => void;
  /** Questions without an answer, to list before the student confirms. */
  unanswered: readonly UnansweredQuestion[];
  /** Sending the last answers and submitting: the buttons wait, so one click makes one submission. */
  submitting: boolean;
  /** Some answers could not be saved; submitting now would leave them out. */
  unsaved: boolean;
  /** Why the last submit failed, if it did. */
  error: string | null;
  /** "exam" or "question set". */
  noun: string;
}

/** Asks before submitting, naming the questions still unanswered: answers can't change afterwards. */
export function SubmitDialog({
  opened,
  onClose,
  onSubmit,
  unanswered,
  submitting,
  unsaved,
  error,
  noun,
}: SubmitDialogProps) {
  return (
    <Modal opened={opened} onClose={submitting ? () => {} : onClose} title={`Submit your ${noun}?`} centered size="lg">
      <Stack gap="md">
        {unanswered.length === 0 ? (
          <Text>You have answered every question.</Text>
        ) : (
          <div>
            <Text fw={600}>
              {unanswered.length === 1
                ? 'You haven’t answered 1 question:'
                : `You haven’t answered ${unanswered.length} questions:`}
            </Text>
            <List mt={4} spacing={2}>
              {unanswered.map((q) => (
                <List.Item key={q.number}>
                  <Anchor component={Link} to={q.href} onClick={onClose}>
                    Question {q.number}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </div>
        )}
        <Text>Once you submit, you can’t change your answers.</Text>
        {unsaved && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            Some of your latest answers aren’t saved yet, so they would be left out. Check your connection and try
            again, or submit anyway.
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            Keep working
          </Button>
          <Button onClick={onSubmit} loading={submitting} color={unsaved ? 'orange' : undefined}>
            {unsaved ? 'Submit anyway' : 'Submit'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
