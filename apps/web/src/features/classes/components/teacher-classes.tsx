import type { ClassSummary } from '@banksia/contracts/classes';
import { Accordion, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useClassDetail } from '../api/get-class-detail';
import { ClassCard } from './class-card';
import { ClassRoster, type StudentRowActions } from './class-roster';

interface TeacherClassesProps {
  classes: readonly ClassSummary[];
  /** The schools the teacher teaches at, from their profiles. */
  schools: readonly string[];
  /** Controls the app adds to each student in the rosters (school admins: the student's data). */
  studentActions?: StudentRowActions;
}

/** A teacher's "Your classes": each class with its students, loaded when the list is opened. */
export function TeacherClasses({ classes, schools, studentActions }: TeacherClassesProps) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="teacher-classes-heading">
      <div>
        <Title order={2} id="teacher-classes-heading">
          Your classes
        </Title>
        {schools.length > 0 && (
          <Text c="dimmed" mt={2}>
            Teaching at {schools.join(' and ')}
          </Text>
        )}
      </div>
      {classes.length === 0 ? (
        <Text c="dimmed">
          You are not teaching any classes yet. Classes your school assigns to you will appear here.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} style={{ alignItems: 'start' }}>
          {classes.map((c) => (
            <ClassCard key={c.id} summary={c}>
              <StudentsPanel classId={c.id} studentActions={studentActions} />
            </ClassCard>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function StudentsPanel({ classId, studentActions }: { classId: number; studentActions?: StudentRowActions }) {
  const [opened, setOpened] = useState<string | null>(null);
  // Reads the roster only once it has been asked for; the count then shows on the control.
  const { data } = useClassDetail(classId, { enabled: opened !== null });
  const count = data?.detail.student_ids.length;

  return (
    <Accordion value={opened} onChange={setOpened} variant="contained" mt="xs" order={4}>
      <Accordion.Item value="students">
        <Accordion.Control icon={<IconUsers size={18} aria-hidden />}>
          Students{count !== undefined && ` (${count})`}
        </Accordion.Control>
        <Accordion.Panel>
          {opened !== null && <ClassRoster classId={classId} studentActions={studentActions} />}
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
