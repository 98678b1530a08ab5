import type { Sitting } from '@banksia/contracts/exam-api';
import { Alert, Anchor, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { plural } from '../../marking/index';
import { formatMarks } from '../../questions/index';

/** The student's paper is in: what it scored so far, and the way on to marking. */
export function SubmittedNotice({
  sitting,
  studentName,
  markHref,
  focus,
}: {
  sitting: Sitting;
  studentName: string;
  markHref: string;
  /** Just submitted here: the confirm dialog and its button are gone, so the notice takes the focus. */
  focus: boolean;
}) {
  const result = sitting.result;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <Alert ref={ref} tabIndex={-1} color="teal" title={`${studentName}'s exam is submitted`}>
      <Stack gap={6}>
        {result?.scored && (
          <Text size="sm">
            {formatMarks(result.marks_awarded)} of {formatMarks(result.marks_total)} marks so far
            {result.needs_marking > 0 ? `; ${plural(result.needs_marking, 'answer')} to mark by hand.` : '.'}
          </Text>
        )}
        {!sitting.transcribed && <Text size="sm">They sat it on screen, so there is no paper to enter.</Text>}
        <Anchor component={Link} to={markHref} size="sm" c="var(--mantine-color-text)" underline="always">
          Go to marking<VisuallyHidden> for this exam</VisuallyHidden>
        </Anchor>
      </Stack>
    </Alert>
  );
}
