import { FailureReason } from '@banksia/contracts/errors';
import type { ClassSittings, ExamView } from '@banksia/contracts/exam-api';
import { Alert, Anchor, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { LoadingState } from '../../../../components/loading-state';
import { RequestFailure } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { useExam } from '../../api/get-exam';
import { useExamClasses } from '../../api/get-exam-classes';
import { useClassSittings } from '../../marking/index';
import { StudentPaper } from '../components/student-paper';

export interface TranscribePageProps {
  examId: number;
  sectionId: number;
  /** ?class=: the class the paper was sat in; the first class the teacher teaches on the course when absent. */
  classId: number | null;
  /** ?student=: whose paper is being entered; chosen on the page when absent. */
  profileId: number | null;
  /** The signed-in teacher: unsaved answers are kept in this browser under their id. */
  userId: number;
}

type Student = ClassSittings['students'][number];

const nameOf = (student: Pick<Student, 'first_name' | 'last_name'>) => `${student.first_name} ${student.last_name}`;

/**
 * /exams/{examId}/transcribe/{sectionId}/?class=&student=: a teacher enters a student's answers from their paper. The
 * sitting is opened (or resumed) for that student and marked as transcribed; each answer saves as it is typed, like
 * a student's, and the teacher submits it for them at the end. Only teachers of the class get here (the server
 * refuses anyone else too).
 */
export function TranscribePage({ examId, sectionId, classId, profileId, userId }: TranscribePageProps) {
  const exam = useExam(examId);
  const classes = useExamClasses(examId);
  useDocumentTitle(exam.data ? `Enter paper answers · ${exam.data.title} · Banksia` : 'Enter paper answers · Banksia');

  if (exam.isError) throw exam.error;
  if (classes.isError) throw classes.error;
  if (!exam.data || !classes.data) return <LoadingState label="Loading the exam" />;

  const teaching = classes.data.classes.filter((c) => c.teaches);
  const klass = classId === null ? teaching[0] : teaching.find((c) => c.class_id === classId);
  // Only a teacher of the class enters a paper for one of its students.
  if (!klass) throw new RequestFailure(FailureReason.UNAUTHORIZED_ERROR, 403, null);
  const section = exam.data.sections.find((s) => s.id === sectionId);
  if (!section) throw new RequestFailure(FailureReason.NOT_FOUND_ERROR, 404, null);

  return (
    <TranscribeClass
      exam={exam.data}
      sectionId={sectionId}
      classId={klass.class_id}
      className={klass.name}
      teachingClasses={teaching}
      profileId={profileId}
      userId={userId}
    />
  );
}

function TranscribeClass({
  exam,
  sectionId,
  classId,
  className,
  teachingClasses,
  profileId,
  userId,
}: {
  exam: ExamView;
  sectionId: number;
  classId: number;
  className: string;
  teachingClasses: readonly { class_id: number; name: string }[];
  profileId: number | null;
  userId: number;
}) {
  const choose = useChooseInSearch();
  const sittings = useClassSittings({ classId, examId: exam.id, anonymise: false });
  if (sittings.isError) throw sittings.error;
  const student = sittings.data?.students.find((s) => s.profile_id === profileId) ?? null;
  const markHref = urlFor('class-exam-mark', { classId, examId: exam.id });

  return (
    <Stack gap="lg" maw={900}>
      <Anchor component={Link} to={markHref} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          Marking: {exam.title}
        </Group>
      </Anchor>
      <div>
        <Title order={1}>Enter paper answers</Title>
        <Text c="dimmed" mt={4}>
          {exam.title} · {className}
        </Text>
      </div>
      <Text>
        Type in the answers a student wrote on paper. Each answer saves as you go; submit when the paper is done, and
        the answers are marked as if the student had submitted them.
      </Text>
      <Group gap="md" align="flex-end" wrap="wrap">
        {teachingClasses.length > 1 && (
          <Select
            label="Class"
            data={teachingClasses.map((c) => ({ value: String(c.class_id), label: c.name }))}
            value={String(classId)}
            onChange={(value) => value && choose({ classId: Number(value) })}
            allowDeselect={false}
            w={220}
          />
        )}
        <Select
          label="Student"
          placeholder={sittings.data ? 'Choose a student' : 'Loading students...'}
          data={(sittings.data?.students ?? []).map((s) => ({
            value: String(s.profile_id),
            label: `${nameOf(s)}${s.sitting ? (s.sitting.status === 'submitted' ? ' (submitted)' : ' (in progress)') : ''}`,
          }))}
          value={profileId === null ? null : String(profileId)}
          onChange={(value) => choose({ profileId: value === null ? null : Number(value) })}
          searchable
          nothingFoundMessage="No student by that name"
          disabled={!sittings.data}
          w={{ base: '100%', sm: 340 }}
        />
      </Group>
      {profileId !== null && sittings.data && !student && (
        <Alert color="red" title="Not a student of this class">
          Choose a student of {className} from the list.
        </Alert>
      )}
      {student && (
        <StudentPaper
          key={`${classId}/${student.profile_id}`}
          exam={exam}
          sectionId={sectionId}
          params={{ classId, examId: exam.id, profileId: student.profile_id }}
          studentName={nameOf(student)}
          userId={userId}
          markHref={markHref}
        />
      )}
    </Stack>
  );
}

/** Picks the class (which forgets the student) or the student in the address (?class=, ?student=), replacing it. */
function useChooseInSearch() {
  const [, setSearch] = useSearchParams();
  return (next: { classId?: number; profileId?: number | null }) =>
    setSearch(
      (current) => {
        const search = new URLSearchParams(current);
        if (next.classId !== undefined) {
          search.set('class', String(next.classId));
          search.delete('student');
        }
        if (next.profileId !== undefined) {
          if (next.profileId === null) search.delete('student');
          else search.set('student', String(next.profileId));
        }
        return search;
      },
      { replace: true },
    );
}
