import type { ExamView, Sitting } from '@banksia/contracts/exam-api';
import { Anchor, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import type { ExamClass } from '../../api/get-exam-classes';
import { formatMarks } from '../../questions/index';
import { examPageUrl } from '../utils/exam-links';
import { orderedSections, plural } from '../utils/exam-structure';

/**
 * A submitted sitting's result: the marks so far out of the total, how many answers wait for the teacher, whether
 * results are released, and the ways to review (each section's solution, the mistakes).
 */
export function SittingResult({
  exam,
  sitting,
  examClass,
}: {
  exam: ExamView;
  sitting: Sitting;
  examClass: ExamClass;
}) {
  const result = sitting.result;
  const classId = examClass.class_id;
  const sections = orderedSections(exam);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="result-heading">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconCircleCheck size={24} color="var(--mantine-color-teal-8)" aria-hidden />
          <Title order={2} size="h4" id="result-heading">
            Submitted
          </Title>
        </Group>
        {sitting.submitted_at && (
          <Text size="sm" c="dimmed">
            You submitted on {dayjs(sitting.submitted_at).format('D MMM YYYY [at] h:mm a')}.
          </Text>
        )}
        {result && result.scored && (
          <>
            <Text size="xl" fw={700}>
              {formatMarks(result.marks_awarded)} / {formatMarks(result.marks_total)} marks
              {result.needs_marking > 0 && (
                <Text span size="md" fw={400}>
                  {' '}
                  so far
                </Text>
              )}
            </Text>
            {result.needs_marking > 0 && (
              <Text>
                {plural(result.needs_marking, 'answer')} {result.needs_marking === 1 ? 'is' : 'are'} waiting for your
                teacher to mark.
              </Text>
            )}
            {result.released ? (
              <Text size="sm">Your teacher has released the results: your marks and their feedback are final.</Text>
            ) : (
              result.needs_marking > 0 && (
                <Text size="sm">
                  Your teacher hasn’t released the results yet. Their marks and feedback show once they do.
                </Text>
              )
            )}
          </>
        )}
        {result && !result.scored && <Text>Thank you for your reflection. It isn’t marked.</Text>}
        <div>
          <Text fw={600} size="sm">
            Review your answers
          </Text>
          <List spacing={4} mt={4}>
            {sections.map((section) => (
              <List.Item key={section.id}>
                <Anchor
                  component={Link}
                  to={examPageUrl('exam-section-solution', { examId: exam.id, sectionId: section.id }, classId)}
                >
                  {section.title}: your answers{result?.scored ? ' and solutions' : ''}
                </Anchor>
              </List.Item>
            ))}
            {result?.scored && (
              <List.Item>
                <Anchor component={Link} to={examPageUrl('exam-mistakes', { examId: exam.id }, classId)}>
                  Your mistakes, to go over
                </Anchor>
              </List.Item>
            )}
          </List>
        </div>
      </Stack>
    </Paper>
  );
}
