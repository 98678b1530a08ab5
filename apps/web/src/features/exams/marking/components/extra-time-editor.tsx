import { MAX_EXTRA_TIME_MINUTES } from '@banksia/contracts/exam-api';
import { Alert, Box, Button, Group, NumberInput, Popover, Stack, Text } from '@mantine/core';
import { IconClockPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { fieldErrorsOf, formErrorOf } from '../../../../components/field-errors';
import type { ClassExamParams } from '../api/get-class-sittings';
import { useSetExtraTime } from '../api/set-extra-time';

export interface ExtraTimeEditorProps {
  params: ClassExamParams;
  profileId: number;
  /** As shown (a pseudonym while names are hidden). */
  studentName: string;
  minutes: number;
}

/** "10 min", or "None". */
export function extraTimeLabel(minutes: number): string {
  return minutes === 0 ? 'None' : `${minutes} min`;
}

/**
 * A student's extra time in the class, in minutes (PUT api:class-student-extra-time): added to the time limit of
 * every timed exam they sit in the class, including one under way. Edited in a small popover so the students table
 * stays readable.
 */
export function ExtraTimeEditor({ params, profileId, studentName, minutes }: ExtraTimeEditorProps) {
  const mutation = useSetExtraTime(params, profileId);
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState<number | string>(minutes);
  const [problem, setProblem] = useState<string | null>(null);

  const open = () => {
    setValue(minutes);
    setProblem(null);
    mutation.reset();
    setOpened(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = typeof value === 'number' ? value : Number.NaN;
    if (!Number.isInteger(typed) || typed < 0 || typed > MAX_EXTRA_TIME_MINUTES) {
      setProblem(`Give whole minutes from 0 to ${MAX_EXTRA_TIME_MINUTES}.`);
      return;
    }
    mutation.mutate(typed, { onSuccess: () => setOpened(false) });
  };

  const error = problem ?? (mutation.isError ? (fieldErrorsOf(mutation.error).minutes ?? null) : null);

  return (
    <Popover opened={opened} onChange={setOpened} trapFocus returnFocus position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconClockPlus size={16} aria-hidden />}
          onClick={() => (opened ? setOpened(false) : open())}
          aria-label={`Extra time for ${studentName}: ${extraTimeLabel(minutes)}. Change`}
        >
          {extraTimeLabel(minutes)}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Box component="form" onSubmit={submit} noValidate w={260}>
          <Stack gap="sm">
            <NumberInput
              label={`Extra time for ${studentName}`}
              description="Minutes added to every timed exam in this class."
              suffix=" min"
              value={value}
              onChange={(next) => {
                setValue(next);
                setProblem(null);
              }}
              min={0}
              max={MAX_EXTRA_TIME_MINUTES}
              step={5}
              allowNegative={false}
              allowDecimal={false}
              clampBehavior="none"
              error={error}
              data-autofocus
            />
            {mutation.isError && !fieldErrorsOf(mutation.error).minutes && (
              <Alert color="red" p="xs">
                <Text size="sm">{formErrorOf(mutation.error)}</Text>
              </Alert>
            )}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" size="xs" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button type="submit" size="xs" loading={mutation.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}
