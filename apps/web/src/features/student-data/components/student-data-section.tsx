import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { studentDataExportUrl } from '../api/export-student-data';
import { EraseStudentModal, type StudentRef } from './erase-student-modal';

/** "Student data" on a student's user page: download everything held about them, or erase them. */
export function StudentDataSection({ student }: { student: StudentRef }) {
  const [erasing, { open, close }] = useDisclosure(false);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="student-data-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="student-data-heading">
          Student data
        </Title>
        <Text size="sm" c="dimmed">
          A zip of everything Banksia holds about this student (account, classes, visits, ratings, notes, answers and
          uploaded files, exams and marks, tasks, review, messages and emails), as JSON and CSV with a README. Erasing
          removes who they are and keeps their work, without their name, so class results stay true.
        </Text>
        <Group>
          <Button
            component="a"
            href={studentDataExportUrl(student.userId)}
            download
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Download everything we hold
          </Button>
          <Button color="red" variant="outline" leftSection={<IconTrash size={16} aria-hidden />} onClick={open}>
            Erase this student
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Downloads and erasures are recorded in the audit log with who made them.
        </Text>
      </Stack>
      <EraseStudentModal student={student} opened={erasing} onClose={close} />
    </Paper>
  );
}
