import { Table, Text } from '@mantine/core';

/** The first cell of a payments report's row: the student's name, with their email beneath it. */
export function StudentRowHeader({ student }: { student: { first_name: string; last_name: string; email: string } }) {
  return (
    <Table.Th scope="row" fw={500}>
      {student.first_name} {student.last_name}
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {student.email}
      </Text>
    </Table.Th>
  );
}
