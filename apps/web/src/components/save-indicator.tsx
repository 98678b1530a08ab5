import { Group, Text } from '@mantine/core';
import { IconFileAlert, IconFileCheck, IconFileUpload } from '@tabler/icons-react';
import { SAVED_DISPLAY_DELAY_MS, type SaveStatus } from '@banksia/contracts/activities';
import { useEffect, useState } from 'react';

// 'Saved' waits SAVED_DISPLAY_DELAY_MS (spec §9) before it shows, so a quick save does not flicker between the two.
export { SAVED_DISPLAY_DELAY_MS, type SaveStatus };

export interface SaveIndicatorProps {
  status: SaveStatus;
  /** Replaces "Couldn't save" with a more specific message. */
  errorText?: string;
}

/**
 * Says whether the user's work is saved (spec §4 "Save indicator"): 'Saving...' at once, "Couldn't save" at once,
 * and 'Saved' only once the status has stayed saved for 500 ms; until then the previous message stays up. It is a
 * polite live region, so screen readers hear the change without losing their place.
 */
export function SaveIndicator({ status, errorText }: SaveIndicatorProps) {
  const [previousStatus, setPreviousStatus] = useState(status);
  // What was shown before the status became 'saved': it stays up until 'Saved' is due.
  const [lastBusy, setLastBusy] = useState<SaveStatus | null>(status === 'saved' ? null : status);
  const [savedDue, setSavedDue] = useState(false);
  if (status !== previousStatus) {
    // Adjusted while rendering rather than in an effect, so a new status never first renders a stale message.
    setPreviousStatus(status);
    setSavedDue(false);
    if (status !== 'saved') setLastBusy(status);
  }

  useEffect(() => {
    if (status !== 'saved') return;
    const timer = setTimeout(() => setSavedDue(true), SAVED_DISPLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const shown = status === 'saved' ? (savedDue ? 'saved' : lastBusy) : status;

  return (
    <Group gap={6} role="status" aria-live="polite" mih={24} wrap="nowrap" data-status={shown ?? 'none'}>
      {shown === 'saving' && (
        <>
          <IconFileUpload size={18} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            Saving...
          </Text>
        </>
      )}
      {shown === 'saved' && (
        <>
          <IconFileCheck size={18} aria-hidden color="var(--mantine-color-teal-8)" />
          <Text size="sm" c="dimmed">
            Saved
          </Text>
        </>
      )}
      {shown === 'error' && (
        <>
          <IconFileAlert size={18} aria-hidden color="var(--mantine-color-error)" />
          <Text size="sm" c="var(--mantine-color-error)">
            {errorText ?? "Couldn't save"}
          </Text>
        </>
      )}
    </Group>
  );
}
