import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { scoreBandLabels, type SchoolExam } from '@banksia/contracts/schools';
import { Box, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';

const COLORS = [
  'indigo.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.6',
  'lime.7',
  'pink.6',
  'yellow.7',
  'blue.4',
  'red.5',
];

/** How many students of each class scored in each band, as a stacked bar chart or (for everyone) a table. */
export function ScoreDistributionChart({ data }: { data: SchoolExam }) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const classes = data.classes;
  const series = classes.map((c, i) => ({ name: `c${c.class_id}`, label: c.title, color: COLORS[i % COLORS.length]! }));
  const rows = scoreBandLabels.map((band, i) => ({
    band,
    ...Object.fromEntries(classes.map((c) => [`c${c.class_id}`, c.distribution[i] ?? 0])),
  }));
  const summary = scoreBandLabels.map((band, i) => `${band}: ${data.overall.distribution[i] ?? 0}`).join('; ');
  return (
    <Stack gap="sm" component="section" aria-labelledby="score-distribution">
      <Group justify="space-between" align="flex-end">
        <Title order={2} id="score-distribution">
          Score distribution
        </Title>
        <SegmentedControl
          size="xs"
          aria-label="Show the score distribution as"
          value={view}
          onChange={(value) => setView(value === 'table' ? 'table' : 'chart')}
          data={[
            { value: 'chart', label: 'Chart' },
            { value: 'table', label: 'Show as table' },
          ]}
        />
      </Group>
      {data.overall.submitted === 0 ? (
        <Text c="dimmed">No student has submitted this exam yet.</Text>
      ) : view === 'chart' ? (
        <Box role="img" aria-label={`Students per score band, all classes. ${summary}`}>
          <BarChart
            h={300}
            data={rows}
            dataKey="band"
            type="stacked"
            series={series}
            withLegend={series.length > 1}
            xAxisLabel="Score"
            yAxisLabel="Students"
            yAxisProps={{ allowDecimals: false }}
          />
        </Box>
      ) : (
        <Table.ScrollContainer minWidth={400}>
          <Table striped>
            <Table.Caption>Students per score band, by class</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Score</Table.Th>
                {classes.map((c) => (
                  <Table.Th key={c.class_id} scope="col" ta="right">
                    {c.title}
                  </Table.Th>
                ))}
                <Table.Th scope="col" ta="right">
                  All classes
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {scoreBandLabels.map((band, i) => (
                <Table.Tr key={band}>
                  <Table.Th scope="row">{band}</Table.Th>
                  {classes.map((c) => (
                    <Table.Td key={c.class_id} ta="right">
                      {c.distribution[i] ?? 0}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right">{data.overall.distribution[i] ?? 0}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
