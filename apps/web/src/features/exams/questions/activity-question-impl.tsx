import type { ExamQuestionView } from '@banksia/contracts/exam-api';
import type { ExamAnswer } from '@banksia/contracts/exams';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { AutosaveAlerts } from '../../../components/autosave-alerts';
import { LoadingState } from '../../../components/loading-state';
import { SaveIndicator } from '../../../components/save-indicator';
import { useActivity } from '../../activities/api/get-activity';
import { useActivityResponse } from '../../activities/api/get-activity-response';
import { ActivityViewer } from '../../activities/components/activity-viewer';
import { useResponseAutosave } from '../../activities/hooks/use-response-autosave';
import { activityResponseIdOf } from './answer-shape';
import type { QuestionContextValue } from './question-context';

// An activity question is answered in the activity itself, shown here with the activities feature's viewer and
// saved by its own autosave (the student's response to the activity in the class). The exam's answer only names that
// response, and is given the first time the student changes something in it.

export interface ActivityAnswerProps {
  question: ExamQuestionView;
  answer: ExamAnswer | null;
  onChange: (answer: ExamAnswer) => void;
  disabled?: boolean;
  context: QuestionContextValue;
}

export default function ActivityAnswer({ question, answer, onChange, disabled, context }: ActivityAnswerProps) {
  const activityId = question.activity_id!;
  const activity = useActivity(activityId);
  const response = useActivityResponse({ activityId, classId: context.classId });
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
      key={`${activityId}/${context.classId}`}
      blocks={activity.data.blocks}
      initial={response.data}
      activityId={activityId}
      context={context}
      onAnswered={() => {
        if (activityResponseIdOf(answer) !== response.data.id) onChange({ activity_response_id: response.data.id });
      }}
      title={activity.data.title}
    />
  );
}

function EditableActivity({
  blocks,
  initial,
  activityId,
  context,
  onAnswered,
  title,
}: {
  blocks: Parameters<typeof ActivityViewer>[0]['blocks'];
  initial: Parameters<typeof useResponseAutosave>[2];
  activityId: number;
  context: QuestionContextValue;
  onAnswered: () => void;
  title: string;
}) {
  const autosave = useResponseAutosave({ activityId, classId: context.classId }, context.userId, initial);
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

/** The student's work in the activity, as submitted: the blocks they answered. */
export function ActivityAnswerReview({
  question,
  context,
}: {
  question: ExamQuestionView;
  context: QuestionContextValue;
}) {
  const activityId = question.activity_id!;
  const activity = useActivity(activityId);
  const response = useActivityResponse({ activityId, classId: context.classId, profileId: context.profileId });
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
