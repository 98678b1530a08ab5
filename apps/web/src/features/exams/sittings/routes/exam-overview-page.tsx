import type { ExamView, Sitting } from '@banksia/contracts/exam-api';
import { Alert, Anchor, Button, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconClock, IconLock, IconPlayerPlay, IconPrinter, IconTool } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { urlFor } from '../../../../lib/named-routes';
import type { ExamClass } from '../../api/get-exam-classes';
import { useStartSitting } from '../api/start-sitting';
import { formatClock, formatDuration } from '../hooks/countdown';
import { formatMarks, marksLabel } from '../../questions/index';
import { ExamPageHeader } from '../components/exam-page-header';
import { SittingResult } from '../components/sitting-result';
import { examPageUrl } from '../utils/exam-links';
import { KIND_LABELS, orderedSections, plural, sectionMarks } from '../utils/exam-structure';
import { refusalCode, refusalMessage } from '../utils/refusal';
import { readableAlertTitle } from '../utils/alert-styles';
import { useExamContext } from './exam-context';

/**
 * /exams/{examId}/: what the exam holds (sections, marks, time, what to bring) and, for a student, the way in:
 * Start, Resume, or once submitted the result with links to the solutions and their mistakes. A teacher sees the
 * exam with its print and marking links.
 */
export function ExamOverviewRoute() {
  const { exam, classes, examClass, sitting } = useExamContext();
  return (
    <Stack gap="lg" maw={900}>
      <ExamPageHeader title={exam.title} examClass={examClass} description={KIND_LABELS[exam.kind]} />
      {examClass !== null && !examClass.teaches ? (
        <StudentPanel
          exam={exam}
          examClass={examClass}
          sitting={sitting ?? null}
          facts={<ExamFacts exam={exam} sitting={sitting ?? null} extraMinutes={examClass.extra_time_minutes} />}
        />
      ) : (
        <>
          {examClass === null ? (
            <ClassChooser exam={exam} classes={classes} />
          ) : (
            <TeacherPanel exam={exam} examClass={examClass} />
          )}
          <ExamFacts exam={exam} sitting={null} forStudent={false} />
        </>
      )}
      <PrintLinks exam={exam} examClass={examClass} />
    </Stack>
  );
}

function ClassChooser({ exam, classes }: { exam: ExamView; classes: readonly ExamClass[] }) {
  if (classes.length === 0) {
    return (
      <Alert styles={readableAlertTitle} color="gray" variant="light" title="Not set for your classes">
        This exam isn’t part of a course in any of your classes, so it can’t be taken here.
      </Alert>
    );
  }
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="choose-class-heading">
      <Title order={2} size="h4" id="choose-class-heading">
        Choose your class
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        This exam is in more than one of your classes.
      </Text>
      <List mt="sm" spacing="xs">
        {classes.map((c) => (
          <List.Item key={c.class_id}>
            <Anchor component={Link} to={examPageUrl('exam', { examId: exam.id }, c.class_id)} fw={600}>
              {c.name}
            </Anchor>
            {c.teaches && (
              <Text span size="sm" c="dimmed">
                {' '}
                (you teach this class)
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

function LockedAlert() {
  return (
    <Alert
      styles={readableAlertTitle}
      color="orange"
      variant="light"
      icon={<IconLock aria-hidden />}
      title="Your teacher has locked this exam"
    >
      You can’t start or submit it until your teacher unlocks it. Answers you have already given are kept.
    </Alert>
  );
}

/**
 * A student's way in: what stops them (a lock, a refused start), their result once submitted, what the exam holds
 * (`facts`), then Start or Resume.
 */
function StudentPanel({
  exam,
  examClass,
  sitting,
  facts,
}: {
  exam: ExamView;
  examClass: ExamClass;
  sitting: Sitting | null;
  facts: ReactNode;
}) {
  const navigate = useNavigate();
  const params = { classId: examClass.class_id, examId: exam.id };
  const start = useStartSitting(params);
  const firstSection = orderedSections(exam)[0];
  const locked = examClass.is_locked || refusalCode(start.error) === 'exam_locked';
  const open = sitting?.status === 'open' ? sitting : null;
  const submitted = sitting?.status === 'submitted' ? sitting : null;
  // An exam is sat once; a question set may be taken again after a submitted attempt.
  const canStartAgain = submitted !== null && exam.kind !== 'exam';

  const begin = () =>
    start.mutate(undefined, {
      onSuccess: (started) => {
        if (!firstSection) return;
        void navigate(examPageUrl('exam-section', { examId: exam.id, sectionId: firstSection.id }, started.class_id));
      },
    });

  return (
    <Stack gap="md">
      {locked && !submitted && <LockedAlert />}
      {start.isError && refusalCode(start.error) !== 'exam_locked' && (
        <Alert
          styles={readableAlertTitle}
          color="red"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title="Couldn’t open the exam"
        >
          {refusalMessage(start.error, 'start')}
        </Alert>
      )}
      {submitted && <SittingResult exam={exam} sitting={submitted} examClass={examClass} />}
      {facts}
      {!firstSection ? (
        <Text c="dimmed">This exam has no questions yet.</Text>
      ) : open ? (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Text>
              You started this {exam.kind === 'exam' ? 'exam' : 'question set'}{' '}
              {dayjs(open.started_at).format('D MMM [at] h:mm a')}. Your answers so far are saved.
            </Text>
            {open.time_remaining_seconds !== null && (
              <Text fw={600}>
                <IconClock size={18} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> Time left:{' '}
                {formatClock(open.time_remaining_seconds)}
              </Text>
            )}
            <Group>
              <Button
                onClick={begin}
                loading={start.isPending}
                disabled={locked}
                leftSection={<IconPlayerPlay size={18} aria-hidden />}
              >
                Resume
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        (!submitted || canStartAgain) && (
          <Paper withBorder p="md">
            <Stack gap="sm">
              {exam.time_limit_minutes !== null && (
                <Text>The timer starts when you press Start and keeps going if you leave the page.</Text>
              )}
              {canStartAgain && <Text>You can try this question set again. Your last result stays above.</Text>}
              <Group>
                <Button
                  onClick={begin}
                  loading={start.isPending}
                  disabled={locked}
                  leftSection={<IconPlayerPlay size={18} aria-hidden />}
                >
                  {canStartAgain ? 'Try again' : 'Start'}
                </Button>
              </Group>
            </Stack>
          </Paper>
        )
      )}
    </Stack>
  );
}

function TeacherPanel({ exam, examClass }: { exam: ExamView; examClass: ExamClass }) {
  return (
    <Stack gap="sm">
      {examClass.is_locked && (
        <Alert color="orange" variant="light" icon={<IconLock aria-hidden />}>
          This exam is locked for {examClass.name}: students can’t start or submit it.
        </Alert>
      )}
      <Group gap="sm">
        <Button
          component={Link}
          to={urlFor('class-exam-mark', { classId: examClass.class_id, examId: exam.id })}
          leftSection={<IconTool size={18} aria-hidden />}
        >
          Mark {examClass.name}’s answers
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {examClass.released_at
          ? `Results released to ${examClass.name} on ${dayjs(examClass.released_at).format('D MMM YYYY')}.`
          : `Results are not released to ${examClass.name} yet.`}
      </Text>
    </Stack>
  );
}

/** The time, sections and marks, and what to bring. */
function ExamFacts({
  exam,
  sitting,
  forStudent = true,
  extraMinutes = 0,
}: {
  exam: ExamView;
  sitting: Sitting | null;
  forStudent?: boolean;
  /** The student's extra time in the class, shown before they start (a sitting carries its own once started). */
  extraMinutes?: number;
}) {
  const sections = orderedSections(exam);
  const extra = sitting?.extra_time_minutes ?? extraMinutes;
  const scored = exam.kind !== 'reflective_question_set';
  const questionCount = sections.reduce((sum, s) => sum + s.questions.length, 0);
  const totalMarks = sections.reduce((sum, s) => sum + sectionMarks(s), 0);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="exam-facts-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="exam-facts-heading">
          About this {exam.kind === 'exam' ? 'exam' : 'question set'}
        </Title>
        <Text>
          {exam.time_limit_minutes === null ? (
            'There is no time limit.'
          ) : (
            <>
              {forStudent && sitting?.status !== 'submitted' ? 'You have' : 'Time allowed:'}{' '}
              <b>{formatDuration(exam.time_limit_minutes)}</b>
              {extra > 0 && (
                <>
                  {' '}
                  + <b>{formatDuration(extra)} extra time</b>
                </>
              )}
              .
            </>
          )}
        </Text>
        {exam.additional_materials && (
          <Text>
            <b>You will need:</b> {exam.additional_materials}
          </Text>
        )}
        {sections.length > 0 && (
          <Table.ScrollContainer minWidth={360}>
            <Table aria-labelledby="exam-facts-heading" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Section</Table.Th>
                  <Table.Th scope="col">Questions</Table.Th>
                  {scored && <Table.Th scope="col">Marks</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sections.map((section) => (
                  <Table.Tr key={section.id}>
                    <Table.Th scope="row" fw={400}>
                      {section.title}
                    </Table.Th>
                    <Table.Td>{section.questions.length}</Table.Td>
                    {scored && <Table.Td>{formatMarks(sectionMarks(section))}</Table.Td>}
                  </Table.Tr>
                ))}
              </Table.Tbody>
              {sections.length > 1 && (
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th scope="row">Total</Table.Th>
                    <Table.Td fw={700}>{questionCount}</Table.Td>
                    {scored && <Table.Td fw={700}>{formatMarks(totalMarks)}</Table.Td>}
                  </Table.Tr>
                </Table.Tfoot>
              )}
            </Table>
          </Table.ScrollContainer>
        )}
        {sections.length === 1 && scored && (
          <Text size="sm" c="dimmed">
            {plural(questionCount, 'question')}, {marksLabel(totalMarks)} in all.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function PrintLinks({ exam, examClass }: { exam: ExamView; examClass: ExamClass | null }) {
  const classId = examClass?.class_id ?? null;
  // Students see the solutions page only once the exam gives them solutions (after submitting, or after release).
  const hasSolutions = exam.sections.some((s) => s.questions.some((q) => q.solution !== null));
  return (
    <Group gap="sm">
      <Button
        component={Link}
        to={examPageUrl('exam-print', { examId: exam.id }, classId)}
        variant="default"
        leftSection={<IconPrinter size={18} aria-hidden />}
      >
        Print the {exam.kind === 'exam' ? 'exam' : 'questions'}
      </Button>
      {hasSolutions && (
        <Button
          component={Link}
          to={examPageUrl('exam-solutions-print', { examId: exam.id }, classId)}
          variant="default"
          leftSection={<IconPrinter size={18} aria-hidden />}
        >
          Print the solutions
        </Button>
      )}
    </Group>
  );
}
