import type { Student } from '@banksia/contracts/classes';
import { Alert, Badge, Button, Group, List, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formErrorOf } from '../../../components/field-errors';
import { LoadingState } from '../../../components/loading-state';
import { useClassDetail } from '../api/get-class-detail';

/** What the app adds to each student's row (school admins' student data menu), from another feature. */
export type StudentRowActions = (student: Student) => ReactNode;

/**
 * The students of a class in roster order, loaded when shown; LOCKED and inactive students are marked. `studentActions`
 * adds controls at the end of each row.
 */
export function ClassRoster({ classId, studentActions }: { classId: number; studentActions?: StudentRowActions }) {
  const roster = useClassDetail(classId);

  if (roster.isPending) return <LoadingState label="Loading students" py="sm" />;
  if (roster.isError) {
    return (
      <Alert color="red" title="The students could not be loaded">
        <Group justify="space-between">
          <Text size="sm">{formErrorOf(roster.error)}</Text>
          <Button size="xs" variant="default" onClick={() => void roster.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }

  const { detail, lockedProfileIds } = roster.data;
  if (detail.student_ids.length === 0) return <Text c="dimmed">No students are enrolled yet.</Text>;
  return (
    <List type="ordered" spacing={4} aria-label={`Students of ${detail.title}`}>
      {detail.student_ids.map((id) => {
        const student = detail.students[id];
        if (!student) return null;
        return (
          <List.Item key={id}>
            <Group gap="xs" component="span">
              <span>{student.display_name}</span>
              {lockedProfileIds.has(id) && (
                <Badge size="xs" variant="light" color="red" title="Locked until the class fees are paid">
                  Locked: fees unpaid
                </Badge>
              )}
              {!student.is_active && (
                <Badge size="xs" variant="light" color="gray">
                  Inactive
                </Badge>
              )}
              {studentActions?.(student)}
            </Group>
          </List.Item>
        );
      })}
    </List>
  );
}
