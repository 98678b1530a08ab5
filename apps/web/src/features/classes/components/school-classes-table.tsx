import { classTypeLabels } from '@banksia/contracts/rules/class-kinds';
import { Anchor, Badge, EmptyState, Paper, Table, Text } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { Link } from 'react-router';
import { urlFor } from '../../../lib/named-routes';
import type { SchoolClasses } from '../api/get-school-classes';

/** A school's classes in a year: course, type, students and teachers, each opening the class's course page. */
export function SchoolClassesTable({ data, year }: { data: SchoolClasses; year: number }) {
  if (data.classes.length === 0) {
    return (
      <EmptyState
        icon={<IconSchool size={28} aria-hidden />}
        title={`No classes in ${year}`}
        description={`${data.school.name} has no classes for ${year}. Pick another year above.`}
      />
    );
  }
  const sorted = [...data.classes].sort((a, b) => a.title.localeCompare(b.title, 'en', { numeric: true }));
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }} px="md" pt="xs" m={0}>
            <Text span size="sm" c="dimmed">
              {data.classes.length} {data.classes.length === 1 ? 'class' : 'classes'} at {data.school.name} in {year}
            </Text>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Class</Table.Th>
              <Table.Th scope="col">Course</Table.Th>
              <Table.Th scope="col">Type</Table.Th>
              <Table.Th scope="col" ta="right">
                Students
              </Table.Th>
              <Table.Th scope="col">Teachers</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Th scope="row">
                  <Anchor component={Link} to={urlFor('class-course', { classId: row.id })} fw={600}>
                    {row.title}
                  </Anchor>
                </Table.Th>
                <Table.Td>
                  <Anchor component={Link} to={urlFor('course', { courseId: row.course_id })} c="inherit">
                    {row.course_title}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {row.class_type === 'N' ? (
                    classTypeLabels.N
                  ) : (
                    <Badge variant="light">{classTypeLabels[row.class_type]}</Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">{row.student_count}</Table.Td>
                <Table.Td>
                  {row.teacher_names.length > 0 ? row.teacher_names.join(', ') : <Text c="dimmed">None</Text>}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
