import { Button, Group, Select, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { fieldErrorsOf, formErrorOf } from '../../../components/field-errors';
import { notify } from '../../../lib/notify';
import { timeZoneOptions } from '../../../lib/time-zones';
import { useSetSchoolTimeZone } from '../api/set-school-time-zone';

/** "Mon 5 Oct, 9:14 pm": the school's own wall clock, so staff can see the zone is the right one. */
function nowIn(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-AU', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date());
  } catch {
    return '';
  }
}

/**
 * A school's IANA time zone (ADR 048): every day of the school (class expiry, the daily review, due dates, payment
 * locks) is a day there. Shown with the school's time now, and editable from the zones the browser knows.
 */
export function SchoolTimeZoneEditor({
  schoolId,
  schoolName,
  timeZone,
}: {
  schoolId: number;
  schoolName: string;
  timeZone: string;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<string | null>(timeZone);
  const [error, setError] = useState<string | null>(null);
  const save = useSetSchoolTimeZone();
  const options = useMemo(() => timeZoneOptions(timeZone), [timeZone]);

  if (!editing) {
    const clock = nowIn(timeZone);
    return (
      <Group gap="xs">
        <Text size="sm" fw={600}>
          Time zone:
        </Text>
        <Text size="sm">{timeZone}</Text>
        {clock && (
          <Text size="sm" c="dimmed">
            (now {clock})
          </Text>
        )}
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={() => {
            setDraft(timeZone);
            setError(null);
            setEditing(true);
          }}
          aria-label={`Edit the time zone of ${schoolName}`}
        >
          Edit
        </Button>
      </Group>
    );
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!draft) {
      setError('Choose a time zone from the list.');
      return;
    }
    save.mutate(
      { schoolId, timeZone: draft },
      {
        onSuccess: () => {
          setEditing(false);
          notify({ color: 'teal', message: `Time zone of ${schoolName} saved: ${draft}.` });
        },
        onError: (failure) => setError(fieldErrorsOf(failure).time_zone ?? formErrorOf(failure)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Group align="end" gap="sm">
        <Select
          label={`Time zone of ${schoolName}`}
          description="Classes expire, reviews and fees fall due, at midnight in this zone."
          placeholder="Search, e.g. Perth"
          data={options}
          value={draft}
          onChange={(value) => {
            setDraft(value);
            setError(null);
          }}
          searchable
          nothingFoundMessage="No such time zone"
          limit={50}
          error={error}
          style={{ flex: 1, minWidth: 260 }}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        <Button type="submit" loading={save.isPending}>
          Save time zone
        </Button>
        <Button variant="default" onClick={() => setEditing(false)} disabled={save.isPending}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}
