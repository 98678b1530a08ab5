import type { ActivityBlock, BlockResponse } from '@banksia/contracts/activities';
import { applyBlockResponse, type ViewerMode } from '@banksia/contracts/rules/activity-viewer';
import { Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { memo, useState } from 'react';
import { ActivityViewer } from '../components/activity-viewer';

export const previewModes: { value: ViewerMode; label: string; help: string }[] = [
  {
    value: 'normal',
    label: 'Student',
    help: 'As a student answers it. Answers here are for trying out only and are not saved.',
  },
  {
    value: 'review',
    label: 'Review',
    help: "As a teacher reviews a student's work: the answer blocks, with the answers you tried.",
  },
  { value: 'read-only', label: 'Read-only', help: 'The activity as written, with no answers.' },
  { value: 'example', label: 'Example', help: 'With the example answers you wrote.' },
];

/**
 * The activity as students and teachers will see it, in each of the viewer's four modes, drawn by the real
 * viewer and block components. Answers tried in student mode stay on this page (review mode shows them). Memoised:
 * drawn again only when its blocks change.
 */
export const ActivityPreview = memo(function ActivityPreview({ blocks }: { blocks: readonly ActivityBlock[] }) {
  const [mode, setMode] = useState<ViewerMode>('normal');
  const [responses, setResponses] = useState<Readonly<Record<string, BlockResponse>>>({});
  const current = previewModes.find((m) => m.value === mode)!;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <SegmentedControl
          aria-label="Preview mode"
          value={mode}
          onChange={(value) => setMode(value as ViewerMode)}
          data={previewModes.map(({ value, label }) => ({ value, label }))}
        />
        {Object.keys(responses).length > 0 && (
          <Button size="xs" variant="subtle" onClick={() => setResponses({})}>
            Clear tried answers
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {current.help}
      </Text>
      <Paper withBorder p="md" data-testid="activity-preview" data-mode={mode}>
        {blocks.length === 0 ? (
          <Text c="dimmed">This activity has no blocks yet.</Text>
        ) : (
          <ActivityViewer
            key={mode}
            blocks={blocks}
            mode={mode}
            responses={responses}
            onBlockChange={(blockId, response) =>
              setResponses((all) => applyBlockResponse(mode, all, blockId, response))
            }
          />
        )}
      </Paper>
    </Stack>
  );
});
