import type { ExamView, Sitting } from '@banksia/contracts/exam-api';
import { Alert, Anchor, Badge, Divider, Drawer, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formErrorOf } from '../../../../components/field-errors';
import { LoadingState } from '../../../../components/loading-state';
import { isBlankHtml } from '../../../../components/sanitize-html';
import { SafeHtml } from '../../../../components/safe-html';
import { urlFor } from '../../../../lib/named-routes';
import { AnswerView, formatMarks, MarkBadge, QuestionContext, QuestionPrompt } from '../../questions/index';
import type { ClassExamParams } from '../api/get-class-sittings';
import { useSitting } from '../../sittings/index';
import { formatWhen, numberedQuestions } from '../utils/format';

export interface StudentSittingDrawerProps {
  params: ClassExamParams;
  exam: ExamView;
  /** The student shown; null when the drawer is closed. */
  student: { profileId: number; name: string } | null;
  onClose: () => void;
  /** The signed-in teacher (activity answers keep drafts per user). */
  userId: number;
  /** Carried to the question pages' links, e.g. "?anonymise=1". */
  search: string;
}

/**
 * One student's sitting, read-only (GET api:class-exam-sitting?profile_id=): every question with their answer, its
 * mark and feedback, and a link to mark that question across the class.
 */
export function StudentSittingDrawer({ params, exam, student, onClose, userId, search }: StudentSittingDrawerProps) {
  return (
    <Drawer.Root opened={student !== null} onClose={onClose} position="right" size="xl">
      <Drawer.Overlay />
      <Drawer.Content>
        {/* A plain header rather than Drawer.Header's <header>: the page already has its banner landmark. */}
        <Group
          justify="space-between"
          wrap="nowrap"
          p="md"
          pos="sticky"
          top={0}
          bg="var(--mantine-color-body)"
          style={{ zIndex: 1 }}
        >
          <Drawer.Title fw={700} fz="lg">
            {student ? `${student.name}: answers` : ''}
          </Drawer.Title>
          <Drawer.CloseButton aria-label="Close" />
        </Group>
        <Drawer.Body>
          {student && (
            <SittingContent params={params} exam={exam} profileId={student.profileId} userId={userId} search={search} />
          )}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

function SittingContent({
  params,
  exam,
  profileId,
  userId,
  search,
}: {
  params: ClassExamParams;
  exam: ExamView;
  profileId: number;
  userId: number;
  search: string;
}) {
  const sitting = useSitting({ ...params, profileId });
  if (sitting.isError) {
    return (
      <Alert color="red" title="The answers could not be loaded">
        {formErrorOf(sitting.error)}
      </Alert>
    );
  }
  if (sitting.data === undefined) return <LoadingState label="Loading the answers" />;
  if (sitting.data === null) return <Text>This student has not started the exam.</Text>;
  return <SittingView params={params} exam={exam} sitting={sitting.data} userId={userId} search={search} />;
}

function SittingView({
  params,
  exam,
  sitting,
  userId,
  search,
}: {
  params: ClassExamParams;
  exam: ExamView;
  sitting: Sitting;
  userId: number;
  search: string;
}) {
  const answers = new Map(sitting.answers.map((answer) => [answer.question_id, answer]));
  const numbered = numberedQuestions(exam.sections);
  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        <Badge
          variant="light"
          color={sitting.status === 'submitted' ? 'green' : 'blue'}
          tt="none"
          size="lg"
          // The light variants' coloured text is under 4.5:1 on their tint; the page's text colour is not.
          styles={{ label: { color: 'var(--mantine-color-text)' } }}
        >
          {sitting.status === 'submitted' ? 'Submitted' : 'In progress'}
        </Badge>
        {sitting.transcribed && (
          <Badge variant="outline" color="gray" tt="none" size="lg">
            Paper, entered by a teacher
          </Badge>
        )}
        {sitting.result?.scored && (
          <Text fw={600}>
            {formatMarks(sitting.result.marks_awarded)} / {formatMarks(sitting.result.marks_total)} marks
            {sitting.result.needs_marking > 0 ? ` so far · ${sitting.result.needs_marking} waiting for marking` : ''}
          </Text>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        Started {formatWhen(sitting.started_at)}
        {sitting.submitted_at ? ` · submitted ${formatWhen(sitting.submitted_at)}` : ''}
        {sitting.extra_time_minutes > 0 ? ` · ${sitting.extra_time_minutes} min extra time` : ''}
      </Text>
      <QuestionContext.Provider value={{ classId: params.classId, userId, profileId: sitting.profile_id }}>
        {exam.sections.map((section) => (
          <Stack key={section.id} gap="sm" component="section" aria-label={section.title || undefined}>
            {exam.sections.length > 1 && (
              <>
                <Divider />
                <Title order={2} size="h4">
                  {section.title}
                </Title>
              </>
            )}
            {section.questions.map((question) => {
              const answer = answers.get(question.id);
              const number = numbered.find((entry) => entry.question.id === question.id)?.number ?? 0;
              return (
                <Paper key={question.id} withBorder p="md" radius="md">
                  <Stack gap="sm">
                    <QuestionPrompt question={question} number={number} order={3} />
                    <div>
                      <Text fw={600} size="sm" mb={4}>
                        Answer
                      </Text>
                      <AnswerView question={question} answer={answer?.answer ?? null} />
                    </div>
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <MarkBadge
                        viewer="teacher"
                        status={answer?.mark_status ?? null}
                        marksAwarded={answer?.marks_awarded ?? null}
                        marks={question.marks}
                      />
                      {sitting.status === 'submitted' && (
                        <Anchor
                          component={Link}
                          to={`${urlFor('class-exam-mark-question', { ...params, questionId: question.id })}${search}`}
                          size="sm"
                        >
                          Mark question {number} for the class
                        </Anchor>
                      )}
                    </Group>
                    {answer && !isBlankHtml(answer.feedback) && (
                      <div>
                        <Text fw={600} size="sm" mb={4}>
                          Feedback
                        </Text>
                        <SafeHtml html={answer.feedback} />
                      </div>
                    )}
                  </Stack>
                </Paper>
              );
            })}
          </Stack>
        ))}
      </QuestionContext.Provider>
    </Stack>
  );
}
