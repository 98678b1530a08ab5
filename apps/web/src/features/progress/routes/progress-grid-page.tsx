import type { ProgressGrid } from '@banksia/contracts/progress-grids';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AnonymiserToggle } from '../../../components/anonymiser-toggle';
import { LoadingState } from '../../../components/loading-state';
import { useAnonymiser } from '../../../lib/anonymiser';
import { urlFor } from '../../../lib/named-routes';
import { gridApiUrl, useProgressGrid, type GridSpec } from '../api/get-progress-grid';
import { GridLegend } from '../components/grid-legend';
import { ProgressGridTable } from '../components/progress-grid-table';

const kindLabels: Record<ProgressGrid['kind'], string> = {
  exam: 'Exam progress',
  topic: 'Topic progress',
  topic_exam: 'Exam progress',
  lesson: 'Lesson progress',
  student: 'Student progress',
  question_set: 'Question set progress',
  reflective_question_set: 'Reflection',
  question: 'Answers to one question',
};

/** Links from a grid to the pages around it: the marking page of an exam, the set of a question, the topic. */
function RelatedLinks({ grid }: { grid: ProgressGrid }) {
  const classId = grid.class_id;
  const links: { label: string; href: string }[] = [];
  if (grid.exam && (grid.kind === 'exam' || grid.kind === 'topic_exam')) {
    links.push({ label: 'Mark this exam', href: urlFor('class-exam-mark', { classId, examId: grid.exam.id }) });
  }
  if (grid.kind === 'topic_exam' && grid.topic) {
    links.push({
      label: `Back to ${grid.topic.title}`,
      href: urlFor('class-progress-topic', { classId, topicId: grid.topic.id }),
    });
  }
  if (grid.kind === 'question' && grid.exam) {
    links.push({
      label: `All questions of ${grid.exam.title}`,
      href: urlFor('class-progress-question-set', { classId, examId: grid.exam.id }),
    });
  }
  if (!links.length) return null;
  return (
    <Group gap="md">
      {links.map((link) => (
        <Anchor key={link.href} component={Link} to={link.href}>
          {link.label}
        </Anchor>
      ))}
    </Group>
  );
}

/**
 * A class progress grid page (spec §2 "Class progress grids"): the grid as a table with its colour legend, the
 * anonymiser toggle, an "Export CSV" download of the same grid from the server, and links to the related pages.
 */
export function ProgressGridPage({ spec }: { spec: GridSpec }) {
  const [anonymised, setAnonymised] = useAnonymiser();
  const grid = useProgressGrid(spec, anonymised);
  useDocumentTitle(grid.data ? `${grid.data.title} · ${kindLabels[grid.data.kind]} · Banksia` : 'Progress · Banksia');
  if (grid.isError) throw grid.error;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Text c="dimmed" size="sm">
            {kindLabels[spec.kind]}
            {grid.data ? ` · ${grid.data.class_title}` : ''}
          </Text>
          <Title order={1}>{grid.data ? grid.data.title : kindLabels[spec.kind]}</Title>
        </div>
        <Group gap="md" align="center">
          <AnonymiserToggle checked={anonymised} onChange={setAnonymised} withDescription={false} />
          <Button
            component="a"
            href={gridApiUrl(spec, { anonymise: anonymised, csv: true })}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Export CSV
          </Button>
        </Group>
      </Group>
      {grid.data ? (
        <>
          <RelatedLinks grid={grid.data} />
          <GridLegend />
          {grid.data.rows.length === 0 ? (
            <Text>
              {grid.data.kind === 'student'
                ? 'No listed lessons or exams in this course yet.'
                : 'No students are on this class’s roster yet.'}
            </Text>
          ) : null}
          <ProgressGridTable grid={grid.data} />
        </>
      ) : (
        // No earlier grid is kept while another loads: real names must not show after "Hide student names".
        <LoadingState label="Loading the progress grid" />
      )}
    </Stack>
  );
}
