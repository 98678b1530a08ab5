import { Button, Group, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';

/** What the editor's input gets: the draft, a way to change it (clearing the error), and the error to show. */
export interface SettingInput<T> {
  draft: T;
  change: (next: T) => void;
  error: string | null;
}

interface SettingEditorProps<T> {
  /** "Time zone:", shown before the value. */
  label: string;
  value: T;
  /** The value as read (badges, a clock…). */
  shown: ReactNode;
  editLabel: string;
  saveLabel: string;
  /** The reason the draft cannot be saved, checked before sending; null when it can. */
  check: (draft: T) => string | null;
  saving: boolean;
  /** Sends the draft; `saved` closes the editor, `failed` shows the reason under the input. */
  save: (draft: T, saved: () => void, failed: (reason: string) => void) => void;
  input: (props: SettingInput<T>) => ReactNode;
}

/** One setting of a school on a staff report: shown with an Edit button, edited in place, saved or cancelled. */
export function SettingEditor<T>({
  label,
  value,
  shown,
  editLabel,
  saveLabel,
  check,
  saving,
  save,
  input,
}: SettingEditorProps<T>) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);

  if (!editing) {
    return (
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        {shown}
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={() => {
            setDraft(value);
            setError(null);
            setEditing(true);
          }}
          aria-label={editLabel}
        >
          Edit
        </Button>
      </Group>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = check(draft);
    if (problem) {
      setError(problem);
      return;
    }
    save(draft, () => setEditing(false), setError);
  };

  const change = (next: T) => {
    setDraft(next);
    setError(null);
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Group align="end" gap="sm">
        {input({ draft, change, error })}
        <Button type="submit" loading={saving}>
          {saveLabel}
        </Button>
        <Button variant="default" onClick={() => setEditing(false)} disabled={saving}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}
