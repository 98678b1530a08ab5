import { classFeatureLabels, classTypeLabels, type ManagedClass } from '@banksia/contracts/classes';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { LoadingState } from '../../../components/loading-state';
import { urlFor } from '../../../lib/named-routes';
import { useClassManagement } from '../api/get-class-management';
import { useCourseOptions } from '../../courses/index';
import { useManagedClasses } from '../api/get-managed-classes';
import { ActivationLink } from '../components/activation-link';
import { ClassEditorForm } from '../components/class-editor-form';
import { ClassRoster, type StudentRowActions } from '../components/class-roster';
import { WithdrawStudentButton } from '../components/withdraw-student-button';

const dateFormat = new Intl.DateTimeFormat('en-AU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});
const showDate = (iso: string) => dateFormat.format(new Date(`${iso}T00:00:00Z`));

/** /class-management/my-school/: school admins edit every class of their school, teachers the classes they teach. */
export function ClassManagementPage({
  currentYear,
  studentActions,
}: {
  currentYear: number;
  /** Controls the app adds to each student of an opened roster (school admins: the student's data). */
  studentActions?: StudentRowActions;
}) {
  useDocumentTitle('Class management · Banksia');
  const schools = useClassManagement();
  const [schoolId, setSchoolId] = useState<number | null>(null);
  const [year, setYear] = useState<number>(currentYear);
  const [editing, setEditing] = useState<ManagedClass | 'new' | null>(null);
  // The class whose students are shown under its row.
  const [rosterOf, setRosterOf] = useState<number | null>(null);
  const school = schools.data?.find((s) => s.id === schoolId) ?? schools.data?.[0] ?? null;
  const classes = useManagedClasses(school?.id ?? null, year);
  const courses = useCourseOptions();

  if (schools.isError) throw schools.error;
  if (classes.isError) throw classes.error;
  if (!schools.data) return <LoadingState label="Loading your schools" />;
  if (!school) {
    return (
      <Stack gap="md">
        <Title order={1}>Class management</Title>
        <Text>Only teachers and school admins manage classes. Ask your school admin to add you as a teacher.</Text>
      </Stack>
    );
  }
  const years = [...new Set([...(classes.data?.years ?? []), currentYear, currentYear + 1, year])].sort(
    (a, b) => b - a,
  );
  const current =
    editing && editing !== 'new' ? (classes.data?.classes.find((c) => c.id === editing.id) ?? editing) : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Class management</Title>
          <Text c="dimmed" mt={4}>
            {school.is_admin
              ? `Every class at ${school.name}: create classes, change their details and teachers, and share their activation links.`
              : `The classes you teach at ${school.name}. You can also create a class; you will be its teacher.`}
          </Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to={urlFor('class-list-uploader')} variant="default">
            Upload a class list
          </Button>
          <Button onClick={() => setEditing('new')} disabled={!courses.data}>
            New class
          </Button>
        </Group>
      </Group>
      <Group gap="md" align="flex-end">
        {schools.data.length > 1 && (
          <Select
            label="School"
            allowDeselect={false}
            data={schools.data.map((s) => ({ value: String(s.id), label: s.name }))}
            value={String(school.id)}
            onChange={(v) => v && setSchoolId(Number(v))}
            w={260}
          />
        )}
        <Select
          label="Year"
          allowDeselect={false}
          data={years.map((y) => ({ value: String(y), label: String(y) }))}
          value={String(year)}
          onChange={(v) => v && setYear(Number(v))}
          w={120}
        />
      </Group>
      <Stack gap="sm" component="section" aria-labelledby="managed-classes">
        <Title order={2} id="managed-classes">
          Classes in {year}
        </Title>
        {!classes.data ? (
          <LoadingState label="Loading the classes" />
        ) : classes.data.classes.length === 0 ? (
          <Text c="dimmed">No classes in {year} yet. Use “New class” to create one.</Text>
        ) : (
          <Paper withBorder>
            <Table.ScrollContainer minWidth={820}>
              <Table striped verticalSpacing="sm" horizontalSpacing="md">
                <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }} px="md" pt="xs" m={0}>
                  {classes.data.classes.length} {classes.data.classes.length === 1 ? 'class' : 'classes'} at{' '}
                  {school.name} in {year}
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Class</Table.Th>
                    <Table.Th scope="col">Course</Table.Th>
                    <Table.Th scope="col">Type</Table.Th>
                    <Table.Th scope="col">Features</Table.Th>
                    <Table.Th scope="col">Teachers</Table.Th>
                    <Table.Th scope="col" ta="right">
                      Students
                    </Table.Th>
                    <Table.Th scope="col">Expires</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {classes.data.classes.map((c) => (
                    <Fragment key={c.id}>
                      <Table.Tr>
                        <Table.Th scope="row">
                          <Anchor component={Link} to={urlFor('class-course', { classId: c.id })} fw={600}>
                            {c.title}
                          </Anchor>
                        </Table.Th>
                        <Table.Td>{c.course_title}</Table.Td>
                        <Table.Td>
                          {c.class_type === 'N' ? (
                            classTypeLabels.N
                          ) : (
                            <Badge variant="light">{classTypeLabels[c.class_type]}</Badge>
                          )}
                        </Table.Td>
                        <Table.Td>{classFeatureLabels[c.features]}</Table.Td>
                        <Table.Td>{c.teacher_names.join(', ') || <Text c="dimmed">None</Text>}</Table.Td>
                        <Table.Td ta="right">{c.student_count}</Table.Td>
                        <Table.Td>
                          {c.expiration_date ? showDate(c.expiration_date) : <Text c="dimmed">Never</Text>}
                        </Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            <Button
                              size="compact-sm"
                              variant="default"
                              onClick={() => setEditing(c)}
                              aria-label={`Edit ${c.title}`}
                            >
                              Edit
                            </Button>
                            <Button
                              size="compact-sm"
                              variant="subtle"
                              onClick={() => setRosterOf(rosterOf === c.id ? null : c.id)}
                              aria-expanded={rosterOf === c.id}
                              aria-controls={`roster-${c.id}`}
                              aria-label={`Students of ${c.title}`}
                            >
                              Students
                            </Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                      {rosterOf === c.id && (
                        <Table.Tr id={`roster-${c.id}`}>
                          <Table.Td colSpan={8}>
                            <ClassRoster
                              classId={c.id}
                              studentActions={
                                school.is_admin
                                  ? (s) => (
                                      <>
                                        <WithdrawStudentButton classId={c.id} classTitle={c.title} student={s} />
                                        {studentActions?.(s)}
                                      </>
                                    )
                                  : studentActions
                              }
                            />
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={current ? `Edit ${current.title}` : 'New class'}
        size="lg"
      >
        {editing !== null && courses.data && (
          <Stack gap="lg">
            {current && <ActivationLink klass={current} onChanged={(c) => setEditing(c)} />}
            <ClassEditorForm
              key={current?.id ?? 'new'}
              school={school}
              courseOptions={courses.data}
              initial={current}
              defaultYear={year}
              onSaved={(saved) => {
                // A new class stays open so its activation link can be copied.
                if (editing === 'new') setEditing(saved);
                else setEditing(null);
                if (saved.calendar_year !== year) setYear(saved.calendar_year);
              }}
              onCancel={() => setEditing(null)}
            />
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
