import type { ReviewTopic } from '@banksia/contracts/review';
import { Alert, Badge, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { AnonymiserToggle } from '../../../components/anonymiser-toggle';
import { LoadingState } from '../../../components/loading-state';
import { useAnonymiser } from '../../../lib/anonymiser';
import { useReviewTopics } from '../api/get-review-topics';
import { MissRateChart } from '../components/miss-rate-chart';
import { percentOf } from '../components/format';

export interface ReviewTopicsPageProps {
  classId: number;
  className: string;
}

/**
 * /class/{classId}/review/: "Topics to revisit". From the class's spaced review: per topic, how many questions came
 * back, how often students still get them wrong, and who struggles most, highest miss rate first.
 */
export function ReviewTopicsPage({ classId, className }: ReviewTopicsPageProps) {
  useDocumentTitle(`Topics to revisit · ${className} · Banksia`);
  const [anonymised, setAnonymised] = useAnonymiser();
  const topics = useReviewTopics(classId, anonymised);
  if (topics.isError) throw topics.error;

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4} maw={720}>
          <Title order={1} size="h2">
            Topics to revisit
          </Title>
          <Text c="dimmed">
            Questions students got wrong (or whose lessons they rated 1 or 2) come back in their daily review. These are
            the topics the class keeps missing there.
          </Text>
        </Stack>
        <AnonymiserToggle checked={anonymised} onChange={setAnonymised} />
      </Group>
      {!topics.data ? (
        <LoadingState label="Loading the class's review topics" />
      ) : topics.isPlaceholderData ? (
        // The other setting's names must not show while this one loads.
        <LoadingState label="Updating student names" />
      ) : topics.data.topics.length === 0 ? (
        <Alert variant="light" title="Nothing to revisit yet">
          When students get questions wrong in exams and question sets, or rate a lesson 1 or 2, those questions come
          back in their daily review, and the topics they keep missing show here.
        </Alert>
      ) : (
        <>
          <Paper withBorder p="md">
            <MissRateChart topics={topics.data.topics} />
          </Paper>
          <TopicsTable topics={topics.data.topics} />
        </>
      )}
    </Stack>
  );
}

function TopicsTable({ topics }: { topics: ReviewTopic[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder captionSide="top" verticalSpacing="sm">
        <Table.Caption>Topics by miss rate in review, highest first</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Topic</Table.Th>
            <Table.Th scope="col">Miss rate</Table.Th>
            <Table.Th scope="col">Review questions</Table.Th>
            <Table.Th scope="col">Forgotten again</Table.Th>
            <Table.Th scope="col">Struggling most</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {topics.map((topic) => (
            <Table.Tr key={String(topic.section_id)}>
              <Table.Th scope="row" fw={500}>
                {topic.title}
              </Table.Th>
              <Table.Td>
                <Text span fw={600}>
                  {percentOf(topic.miss_rate)}
                </Text>
                <Text size="xs" c="dimmed">
                  {topic.reviews === 0
                    ? 'Not reviewed yet'
                    : `${topic.missed} wrong of ${topic.reviews} ${topic.reviews === 1 ? 'review' : 'reviews'}`}
                </Text>
              </Table.Td>
              <Table.Td>
                {topic.cards}
                <Text size="xs" c="dimmed">
                  for {topic.students} {topic.students === 1 ? 'student' : 'students'}
                </Text>
              </Table.Td>
              <Table.Td>{topic.lapses}</Table.Td>
              <Table.Td>
                {topic.struggling.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    Nobody yet
                  </Text>
                ) : (
                  <List size="sm" spacing={2} listStyleType="none">
                    {topic.struggling.map((student) => (
                      <List.Item key={student.profile_id}>
                        {student.display_name}{' '}
                        <Badge size="xs" variant="light" color="red">
                          {student.missed} wrong
                        </Badge>
                        {student.lapses > 0 && (
                          <Badge size="xs" variant="light" color="orange" ml={4}>
                            {student.lapses} forgotten
                          </Badge>
                        )}
                      </List.Item>
                    ))}
                  </List>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
