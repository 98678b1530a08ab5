import type { ActivityListItem } from '@banksia/contracts/activities';
import { List, Text } from '@mantine/core';

/** Every place an activity is used: its lesson or course, exam questions, teachers' tasks. */
export function UsageList({ item }: { item: ActivityListItem }) {
  const uses = [
    ...(item.lesson ? [`Lesson: ${item.lesson.title} (${item.lesson.course_title})`] : []),
    ...(item.course && !item.lesson ? [`Course: ${item.course.title}`] : []),
    ...item.exams.map((exam) => `Question in ${exam.title} (${exam.course_title})`),
    ...(item.task_count ? [`${item.task_count} ${item.task_count === 1 ? 'task' : 'tasks'} set by teachers`] : []),
  ];
  if (uses.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Not used anywhere yet.
      </Text>
    );
  return (
    <List size="sm" spacing={2}>
      {uses.map((use) => (
        <List.Item key={use}>{use}</List.Item>
      ))}
    </List>
  );
}
