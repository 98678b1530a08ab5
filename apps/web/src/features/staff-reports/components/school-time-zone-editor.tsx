import { Select, Text } from '@mantine/core';
import { useMemo } from 'react';
import { fieldErrorsOf, formErrorOf } from '../../../components/field-errors';
import { notify } from '../../../lib/notify';
import { timeZoneOptions } from '../../../lib/time-zones';
import { useSetSchoolTimeZone } from '../api/set-school-time-zone';
import { SettingEditor } from './setting-editor';

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
  const save = useSetSchoolTimeZone();
  const options = useMemo(() => timeZoneOptions(timeZone), [timeZone]);
  const clock = nowIn(timeZone);
  return (
    <SettingEditor<string | null>
      label="Time zone:"
      value={timeZone}
      shown={
        <>
          <Text size="sm">{timeZone}</Text>
          {clock && (
            <Text size="sm" c="dimmed">
              (now {clock})
            </Text>
          )}
        </>
      }
      editLabel={`Edit the time zone of ${schoolName}`}
      saveLabel="Save time zone"
      check={(draft) => (draft ? null : 'Choose a time zone from the list.')}
      saving={save.isPending}
      save={(draft, saved, failed) =>
        save.mutate(
          { schoolId, timeZone: draft ?? '' },
          {
            onSuccess: () => {
              saved();
              notify({ color: 'teal', message: `Time zone of ${schoolName} saved: ${draft}.` });
            },
            onError: (failure) => failed(fieldErrorsOf(failure).time_zone ?? formErrorOf(failure)),
          },
        )
      }
      input={({ draft, change, error }) => (
        <Select
          label={`Time zone of ${schoolName}`}
          description="Classes expire, reviews and fees fall due, at midnight in this zone."
          placeholder="Search, e.g. Perth"
          data={options}
          value={draft}
          onChange={change}
          searchable
          nothingFoundMessage="No such time zone"
          limit={50}
          error={error}
          style={{ flex: 1, minWidth: 260 }}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
      )}
    />
  );
}
