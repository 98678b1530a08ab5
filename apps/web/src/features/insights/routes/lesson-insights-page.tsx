import type { InsightStudent, LessonInsights } from '@banksia/contracts/insights';
import { Anchor, Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { AnonymiserToggle } from '../../../components/anonymiser-toggle';
import { LoadingState } from '../../../components/loading-state';
import { useAnonymiser } from '../../../lib/anonymiser';
import { urlFor } from '../../../lib/named-routes';
import { useLessonInsights } from '../api/get-lesson-insights';
import { ChartWithTable } from '../../../components/chart-with-table';
import { ExamResults } from '../components/exam-results';
import { formatSeconds } from '../components/format';
import { StatGrid } from '../components/stat-grid';

export interface LessonInsightsPageProps {
  classId: number;
  topicId: number;
  lessonId: number;
}

/**
 * /class/{classId}/topic/{topicId}/dashboards/lesson/{lessonId}/: how the class engaged with a lesson. Visits and
 * watching per part, self-ratings, notes, who has not started, and the lesson's question set results.
 */
export function LessonInsightsPage({ classId, topicId, lessonId }: LessonInsightsPageProps) {
  const [anonymised, setAnonymised] = useAnonymiser();
  const insights = useLessonInsights({ classId, topicId, lessonId }, anonymised);
  useDocumentTitle(
    insights.data ? `Dashboard · ${insights.data.lesson.title} · Banksia` : 'Lesson dashboard · Banksia',
  );
  if (insights.isError) throw insights.error;
  const data = insights.data;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1}>{data ? `Dashboard: ${data.lesson.title}` : 'Lesson dashboard'}</Title>
          {data && (
            <Text c="dimmed" mt={4}>
              {data.topic.title} · {data.student_count} {data.student_count === 1 ? 'student' : 'students'}
              {!data.lesson.is_published && ' · not published'}
              {data.lesson.is_coming_soon && ' · coming soon'}
            </Text>
          )}
        </div>
        <AnonymiserToggle checked={anonymised} onChange={setAnonymised} />
      </Group>
      {data ? (
        <Dashboard data={data} classId={classId} topicId={topicId} />
      ) : (
        <LoadingState label="Loading the lesson's dashboard" />
      )}
    </Stack>
  );
}

function Dashboard({ data, classId, topicId }: { data: LessonInsights; classId: number; topicId: number }) {
  const ratings = data.self_ratings;
  return (
    <>
      <StatGrid
        stats={[
          { label: 'Started the lesson', value: `${data.students_started} of ${data.student_count}` },
          { label: 'Took notes', value: String(data.students_with_notes.length) },
          {
            label: 'Average self-rating',
            value: ratings.average === null ? '—' : `${ratings.average.toFixed(1)} / 5`,
            hint: `${data.student_count - ratings.not_rated} rated`,
          },
          { label: 'Not started yet', value: String(data.not_started.length) },
        ]}
      />

      <Stack gap="md" component="section" aria-labelledby="parts-heading">
        <Title order={2} size="h3" id="parts-heading">
          Parts of the lesson
        </Title>
        <ChartWithTable
          title="Visits per part"
          description="Students who opened each part, and every opening including repeats."
          categoryLabel="Part"
          data={data.chunks.map((c) => ({
            category: `${c.index}. ${c.title}`,
            students_visited: c.students_visited,
            total_visits: c.total_visits,
          }))}
          series={[
            { name: 'students_visited', label: 'Students', color: 'blue.6' },
            { name: 'total_visits', label: 'Total visits', color: 'cyan.4' },
          ]}
          emptyText="This lesson has no parts."
        />
        <ChartWithTable
          title="Watching per part"
          description="Share of the class who watched at least 90% of each part's video."
          categoryLabel="Part"
          data={data.chunks.map((c) => ({
            category: `${c.index}. ${c.title}`,
            watched: c.watched_share === null ? null : Math.round(c.watched_share * 100),
            students_watched: c.students_watched,
            average_seconds: c.average_seconds_watched,
            duration: c.duration_seconds,
          }))}
          series={[{ name: 'watched', label: 'Watched 90% or more', color: 'teal.6' }]}
          format={(value) => `${value}%`}
          max={100}
          tableOnly={[
            { name: 'students_watched', label: 'Students who watched 90%' },
            {
              name: 'average_seconds',
              label: 'Average time watched (of those who played it)',
              format: formatSeconds,
            },
            { name: 'duration', label: 'Video length', format: formatSeconds },
          ]}
          emptyText="This lesson has no parts."
        />
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="ratings-heading">
        <Title order={2} size="h3" id="ratings-heading">
          Self-ratings
        </Title>
        <ChartWithTable
          title="How students rated their understanding"
          description="1 is not confident at all, 5 is very confident."
          categoryLabel="Rating"
          data={[
            ...ratings.counts.map((r) => ({ category: String(r.rating), students: r.students })),
            { category: 'Not rated', students: ratings.not_rated },
          ]}
          series={[{ name: 'students', label: 'Students', color: 'grape.6' }]}
        />
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="notes-heading">
        <Title order={2} size="h3" id="notes-heading">
          Notes taken ({data.students_with_notes.length})
        </Title>
        {data.students_with_notes.length === 0 ? (
          <Text c="dimmed">No one has taken notes on this lesson yet.</Text>
        ) : (
          <List aria-labelledby="notes-heading" spacing={4}>
            {data.students_with_notes.map((s) => (
              <List.Item key={s.profile_id}>
                <Anchor
                  component={Link}
                  to={urlFor('class-lesson-notes', { classId, lessonId: data.lesson.id, profileId: s.profile_id })}
                >
                  {s.display_name}
                </Anchor>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="not-started-heading">
        <Title order={2} size="h3" id="not-started-heading">
          Not started yet ({data.not_started.length})
        </Title>
        <StudentNames
          students={data.not_started}
          empty="Everyone has opened this lesson."
          labelledBy="not-started-heading"
        />
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="question-set-heading">
        <Title order={2} size="h3" id="question-set-heading">
          Question set
          {data.question_set && (
            <Badge ml="xs" variant="light" style={{ verticalAlign: 'middle' }}>
              {data.question_set.title}
            </Badge>
          )}
        </Title>
        {data.question_set ? (
          <ExamResults classId={classId} topicId={topicId} results={data.question_set} order={3} />
        ) : (
          <Text c="dimmed">This lesson has no question set.</Text>
        )}
      </Stack>
    </>
  );
}

function StudentNames({
  students,
  empty,
  labelledBy,
}: {
  students: InsightStudent[];
  empty: string;
  labelledBy: string;
}) {
  if (students.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <List aria-labelledby={labelledBy} spacing={4}>
      {students.map((s) => (
        <List.Item key={s.profile_id}>{s.display_name}</List.Item>
      ))}
    </List>
  );
}
