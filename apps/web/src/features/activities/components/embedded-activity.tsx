import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { AutosaveAlerts } from '../../../components/autosave-alerts';
import { LoadingState } from '../../../components/loading-state';
import { SaveIndicator } from '../../../components/save-indicator';
import type { EmbeddedActivityProps, EmbeddedActivityReviewProps } from '../../../lib/embedded-activity';
import { useActivity } from '../api/get-activity';
import { useActivityResponse } from '../api/get-activity-response';
import { useResponseAutosave } from '../hooks/use-response-autosave';
import { ActivityViewer } from './activity-viewer';

// An activity answered inside another page (an exam's activity question): the viewer, saved by the activity's own
// autosave (the student's response to the activity in the class). The app hands these to other features through
// lib/embedded-activity, and loads this file only when such a question shows.

export default function EmbeddedActivity({ activityId, classId, userId, disabled, onResponse }: EmbeddedActivityProps) {
  const activity = useActivity(activityId);
  const response = useActivityResponse({ activityId, classId });
  if (activity.isError || response.isError) return <CouldNotLoad />;
  // Answered from the server's latest version, never a cached copy (as on the activity page).
  if (!activity.data || !response.data || !response.isFetchedAfterMount) {
    return <LoadingState label="Loading the activity" py="md" />;
  }
  if (disabled) {
    return (
      <ActivityViewer
        blocks={activity.data.blocks}
        mode="review"
        responses={response.data.block_responses}
        context={{ activityResponseId: response.data.id }}
      />
    );
  }
  return (
    <EditableActivity
      key={`${activityId}/${classId}`}
      blocks={activity.data.blocks}
      initial={response.data}
      activityId={activityId}
      classId={classId}
      userId={userId}
      onAnswered={() => onResponse(response.data.id)}
      title={activity.data.title}
    />
  );
}

function EditableActivity({
  blocks,
  initial,
  activityId,
  classId,
  userId,
  onAnswered,
  title,
}: {
  blocks: Parameters<typeof ActivityViewer>[0]['blocks'];
  initial: Parameters<typeof useResponseAutosave>[2];
  activityId: number;
  classId: number;
  userId: number;
  onAnswered: () => void;
  title: string;
}) {
  const autosave = useResponseAutosave({ activityId, classId }, userId, initial);
  return (
    <Paper withBorder p="md" component="section" aria-label={`Activity: ${title}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={4} component="p">
            Activity: {title}
          </Title>
          <SaveIndicator status={autosave.status} />
        </Group>
        <Text size="sm" c="dimmed">
          Your work in the activity saves as you go and counts as your answer to this question.
        </Text>
        <AutosaveAlerts autosave={autosave} noun="answers" />
        <ActivityViewer
          blocks={blocks}
          mode="normal"
          responses={autosave.value}
          onBlockChange={(blockId, blockResponse) => {
            autosave.changeBlock(blockId, blockResponse);
            onAnswered();
          }}
          context={{ activityResponseId: initial.id }}
        />
      </Stack>
    </Paper>
  );
}

/** The student's work in the activity, read-only: the blocks they answered. */
export function EmbeddedActivityReview({ activityId, classId, profileId }: EmbeddedActivityReviewProps) {
  const activity = useActivity(activityId);
  const response = useActivityResponse({ activityId, classId, profileId });
  if (activity.isError || response.isError) return <CouldNotLoad />;
  if (!activity.data || !response.data) return <LoadingState label="Loading the activity answers" py="md" />;
  return (
    <ActivityViewer
      blocks={activity.data.blocks}
      mode="review"
      responses={response.data.block_responses}
      context={{ activityResponseId: response.data.id }}
    />
  );
}

function CouldNotLoad() {
  return (
    <Text c="var(--mantine-color-error)" size="sm" role="alert">
      The activity couldn&apos;t be loaded. Check your connection and reload the page.
    </Text>
  );
}
