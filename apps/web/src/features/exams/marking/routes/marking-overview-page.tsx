import { useAnonymiser } from '../../../../lib/anonymiser';
import type { ClassSittings, ExamView } from '@banksia/contracts/exam-api';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadingState } from '../../../../components/loading-state';
import { urlFor } from '../../../../lib/named-routes';
import { formatMarks, marksLabel } from '../../questions/index';
import { useClassSittings } from '../api/get-class-sittings';
import { useExam } from '../../api/get-exam';
import { ExtraTimeEditor } from '../components/extra-time-editor';
import { ANONYMISE_PARAM, HideNamesSwitch } from '../components/hide-names-switch';
import { ReleaseControl } from '../components/release-control';
import { StudentSittingDrawer } from '../components/student-sitting-drawer';
import { byName, excerpt, numberedQuestions, plainText, questionTypeLabels } from '../utils/format';

export interface MarkingOverviewPageProps {
  classId: number;
  examId: number;
  /** The signed-in teacher (activity answers in a student's sitting keep drafts per user). */
  userId: number;
}

type Student = ClassSittings['students'][number];

/**
 * /class/{classId}/progress/exam/{examId}/mark/: where marking an exam starts. The questions with how many answers
 * are in and how many still wait for marking, each with its "Mark" page; the class's students with their sitting, marks
 * so far and extra time, a read-only view of each one's answers, and a way to enter a paper sitting; releasing the
 * results; and hiding names (?anonymise=1, kept in the address).
 */
export function MarkingOverviewPage({ classId, examId, userId }: MarkingOverviewPageProps) {
  const [anonymise, setAnonymise] = useAnonymiser();
  const params = { classId, examId };
  const exam = useExam(examId);
  const sittings = useClassSittings({ ...params, anonymise });
  useDocumentTitle(exam.data ? `Mark · ${exam.data.title} · Banksia` : 'Mark · Banksia');

  if (exam.isError) throw exam.error;
  if (sittings.isError) throw sittings.error;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1}>{exam.data ? exam.data.title : 'Marking'}</Title>
          <Text c="dimmed" mt={4}>
            Marking{exam.data ? ` · ${exam.data.marks_total} marks` : ''}
            {exam.data?.time_limit_minutes ? ` · ${exam.data.time_limit_minutes} minutes` : ''}
          </Text>
        </div>
        <HideNamesSwitch checked={anonymise} onChange={setAnonymise} />
      </Group>
      {exam.data && sittings.data ? (
        <Overview params={params} exam={exam.data} sittings={sittings.data} anonymise={anonymise} userId={userId} />
      ) : (
        // No earlier list is kept while the other one loads: real names must not show after "Hide student names".
        <LoadingState label="Loading the class's sittings" />
      )}
    </Stack>
  );
}

function Overview({
  params,
  exam,
  sittings,
  anonymise,
  userId,
}: {
  params: { classId: number; examId: number };
  exam: ExamView;
  sittings: ClassSittings;
  anonymise: boolean;
  userId: number;
}) {
  const [viewing, setViewing] = useState<{ profileId: number; name: string } | null>(null);
  const search = anonymise ? `?${ANONYMISE_PARAM}=1` : '';
  const submitted = sittings.students.filter((s) => s.sitting?.status === 'submitted').length;
  const inProgress = sittings.students.filter((s) => s.sitting?.status === 'open').length;
  const waiting = sittings.questions.reduce((sum, q) => sum + q.needs_marking, 0);

  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Stat label="Submitted" value={`${submitted} of ${sittings.students.length}`} />
        <Stat label="In progress" value={String(inProgress)} />
        <Stat label="Answers waiting for marking" value={String(waiting)} highlight={waiting > 0} />
      </SimpleGrid>
      <ReleaseControl params={params} releasedAt={sittings.released_at} waiting={waiting} />
      <QuestionsSection params={params} exam={exam} sittings={sittings} search={search} />
      <StudentsSection
        params={params}
        exam={exam}
        sittings={sittings}
        anonymise={anonymise}
        onView={(student) =>
          setViewing({ profileId: student.profile_id, name: `${student.first_name} ${student.last_name}` })
        }
      />
      <StudentSittingDrawer
        params={params}
        exam={exam}
        student={viewing}
        onClose={() => setViewing(null)}
        userId={userId}
        search={search}
      />
    </>
  );
}

function Stat({ label, value, highlight = false }: { label: string; value: string; highlight?: boolean }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={28} lh={1.2} c={highlight ? 'blue.8' : undefined}>
        {value}
      </Text>
    </Paper>
  );
}

function QuestionsSection({
  params,
  exam,
  sittings,
  search,
}: {
  params: { classId: number; examId: number };
  exam: ExamView;
  sittings: ClassSittings;
  search: string;
}) {
  const counts = new Map(sittings.questions.map((q) => [q.question_id, q]));
  const numbered = numberedQuestions(exam.sections);
  const showSections = exam.sections.length > 1;
  return (
    <Stack gap="sm" component="section" aria-labelledby="questions-heading">
      <Title order={2} size="h3" id="questions-heading">
        Questions
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing="sm" aria-labelledby="questions-heading">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Question</Table.Th>
              <Table.Th scope="col">Type</Table.Th>
              <Table.Th scope="col">Marks</Table.Th>
              <Table.Th scope="col">Submitted</Table.Th>
              <Table.Th scope="col">Waiting for marking</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Mark</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {exam.sections.map((section) => [
              showSections && (
                <Table.Tr key={`section-${section.id}`}>
                  <Table.Th scope="colgroup" colSpan={6} bg="var(--mantine-color-gray-1)">
                    {section.title}
                  </Table.Th>
                </Table.Tr>
              ),
              ...section.questions.map((question) => {
                const count = counts.get(question.id);
                const number = numbered.find((entry) => entry.question.id === question.id)?.number ?? 0;
                const waiting = count?.needs_marking ?? 0;
                return (
                  <Table.Tr key={question.id}>
                    <Table.Th scope="row" fw={400}>
                      <Text fw={600} size="sm">
                        Question {number}
                      </Text>
                      <Text size="xs" c="dimmed" maw={360}>
                        {excerpt(plainText(question.prompt))}
                      </Text>
                    </Table.Th>
                    <Table.Td>{questionTypeLabels[question.type]}</Table.Td>
                    <Table.Td>{formatMarks(question.marks)}</Table.Td>
                    <Table.Td>{count?.submitted ?? 0}</Table.Td>
                    <Table.Td>
                      {waiting > 0 ? (
                        <Badge
                          color="blue"
                          variant="light"
                          tt="none"
                          styles={{ label: { color: 'var(--mantine-color-text)' } }}
                        >
                          {waiting} waiting
                        </Badge>
                      ) : (
                        <Text size="sm" c="dimmed">
                          None
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        component={Link}
                        to={`${urlFor('class-exam-mark-question', { ...params, questionId: question.id })}${search}`}
                        size="xs"
                        variant={waiting > 0 ? 'filled' : 'light'}
                        leftSection={<IconPencil size={14} aria-hidden />}
                        aria-label={`Mark question ${number}`}
                      >
                        Mark
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              }),
            ])}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function statusOf(student: Student): { label: string; color: string } {
  if (!student.sitting) return { label: 'Not started', color: 'gray' };
  const paper = student.sitting.transcribed ? ' (paper)' : '';
  return student.sitting.status === 'submitted'
    ? { label: `Submitted${paper}`, color: 'green' }
    : { label: student.sitting.transcribed ? 'Paper being entered' : 'In progress', color: 'blue' };
}

function StudentsSection({
  params,
  exam,
  sittings,
  anonymise,
  onView,
}: {
  params: { classId: number; examId: number };
  exam: ExamView;
  sittings: ClassSittings;
  anonymise: boolean;
  onView: (student: Student) => void;
}) {
  const firstSection = exam.sections[0];
  const marksTotal = Number(exam.marks_total);
  return (
    <Stack gap="sm" component="section" aria-labelledby="students-heading">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} size="h3" id="students-heading">
          Students
        </Title>
        {anonymise && (
          <Text size="sm" c="dimmed">
            Names are hidden: each student has a made-up name for today.
          </Text>
        )}
      </Group>
      {sittings.students.length === 0 ? (
        <Text>No students are enrolled in this class yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-labelledby="students-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Student</Table.Th>
                <Table.Th scope="col">Sitting</Table.Th>
                <Table.Th scope="col">Marks so far</Table.Th>
                <Table.Th scope="col">Waiting for marking</Table.Th>
                <Table.Th scope="col">Extra time</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(sittings.anonymised ? byName(sittings.students) : sittings.students).map((student) => {
                const name = `${student.first_name} ${student.last_name}`;
                const status = statusOf(student);
                const sitting = student.sitting;
                return (
                  <Table.Tr key={student.profile_id}>
                    <Table.Th scope="row" fw={600}>
                      {name}
                    </Table.Th>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={status.color}
                        tt="none"
                        styles={{ label: { color: 'var(--mantine-color-text)' } }}
                      >
                        {status.label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {sitting?.status === 'submitted' ? (
                        `${formatMarks(sitting.marks_awarded)} / ${formatMarks(marksTotal)}`
                      ) : (
                        <Text span c="dimmed" size="sm">
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {sitting?.status === 'submitted' ? (
                        sitting.needs_marking
                      ) : (
                        <Text span c="dimmed" size="sm">
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <ExtraTimeEditor
                        params={params}
                        profileId={student.profile_id}
                        studentName={name}
                        minutes={student.extra_time_minutes}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap" justify="flex-end">
                        {sitting && (
                          <Button size="xs" variant="light" onClick={() => onView(student)}>
                            View answers<VisuallyHidden> of {name}</VisuallyHidden>
                          </Button>
                        )}
                        {/* Paper answers go into a sitting of their own: not while the student has one open. */}
                        {firstSection && (!sitting || (sitting.status === 'open' && sitting.transcribed)) && (
                          <Anchor
                            component={Link}
                            size="sm"
                            to={`${urlFor('exam-transcribe', { examId: exam.id, sectionId: firstSection.id })}?class=${params.classId}&student=${student.profile_id}`}
                          >
                            {sitting ? 'Continue paper answers' : 'Enter paper answers'}
                            <VisuallyHidden> for {name}</VisuallyHidden>
                          </Anchor>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="xs" c="dimmed">
        Total for the exam: {marksLabel(marksTotal)}. Extra time is added to every timed exam the student sits in this
        class.
      </Text>
    </Stack>
  );
}
