import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ExamSaveProblem } from '../hooks/use-exam-autosave';

/** Why the editor's changes are not saved (and how to recover), and the notice that students have sat the exam. */
export function ExamEditorProblems({
  problem,
  errors,
  locked,
  sittingCount,
  onReload,
}: {
  problem: ExamSaveProblem | null;
  errors: Record<string, string>;
  locked: boolean;
  sittingCount: number;
  onReload: () => void;
}) {
  return (
    <>
      {problem?.kind === 'conflict' && (
        <Alert color="red" title="Someone else changed this exam">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{problem.detail} Your changes since then are not saved.</Text>
            <Button size="xs" onClick={onReload}>
              Load their version
            </Button>
          </Stack>
        </Alert>
      )}
      {problem?.kind === 'refused' && (
        <Alert color="red" title="These changes were not saved">
          {problem.detail ?? 'The server refused some fields; they are marked below.'}
          {errors.sections && <Text size="sm">{errors.sections}</Text>}
          {locked && (
            <Button mt="xs" size="xs" variant="default" onClick={onReload}>
              Undo my changes
            </Button>
          )}
        </Alert>
      )}
      {problem?.kind === 'failed' && (
        <Alert color="yellow" title="Not saved yet">
          Banksia could not be reached; your changes stay here and are sent again shortly.
        </Alert>
      )}
      {locked && (
        <Alert color="blue" icon={<IconLock size={18} aria-hidden />} title="Students have sat this exam">
          {sittingCount} {sittingCount === 1 ? 'sitting has' : 'sittings have'} been started. So that no one&apos;s
          marks change without notice, questions cannot be added or removed, and a question&apos;s type, marks and
          answers (right options, accepted answers, values and units) cannot change. You can still fix wording: prompts,
          option texts, worked solutions, marking guides and section titles, and reorder questions. To change more, make
          a new exam. A teacher can still accept another answer while marking.
        </Alert>
      )}
    </>
  );
}
