import { emailDomainValue } from '@banksia/contracts/staff-reports';
import { Badge, Button, Group, TagsInput, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { fieldErrorsOf, formErrorOf } from '../../../components/field-errors';
import { useSetEmailDomains } from '../api/set-email-domains';
import { notify } from '../../../lib/notify';

/**
 * A school's email domains, shown as badges, with an editor: domains are checked as typed (the same rule the server
 * applies) and saved together.
 */
export function EmailDomainsEditor({
  schoolId,
  schoolName,
  domains,
}: {
  schoolId: number;
  schoolName: string;
  domains: string[];
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(domains);
  const [error, setError] = useState<string | null>(null);
  const save = useSetEmailDomains();

  if (!editing) {
    return (
      <Group gap="xs">
        <Text size="sm" fw={600}>
          Email domains:
        </Text>
        {domains.length === 0 ? (
          <Text size="sm" fw={600}>
            None set: every address counts as another domain.
          </Text>
        ) : (
          domains.map((d) => (
            <Badge key={d} variant="light" tt="none">
              {d}
            </Badge>
          ))
        )}
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={() => {
            setDraft(domains);
            setError(null);
            setEditing(true);
          }}
          aria-label={`Edit the email domains of ${schoolName}`}
        >
          Edit
        </Button>
      </Group>
    );
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const bad = draft.find((d) => !emailDomainValue.safeParse(d).success);
    if (bad) {
      setError(`"${bad}" is not a domain, e.g. school.vic.edu.au.`);
      return;
    }
    save.mutate(
      { schoolId, domains: draft },
      {
        onSuccess: () => {
          setEditing(false);
          notify({ color: 'teal', message: `Email domains of ${schoolName} saved.` });
        },
        onError: (failure) => {
          // The server names the field, with the position of a bad domain (`email_domains.1`).
          const field = Object.entries(fieldErrorsOf(failure)).find(([name]) => name.startsWith('email_domains'));
          setError(field?.[1] ?? formErrorOf(failure));
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Group align="end" gap="sm">
        <TagsInput
          label={`Email domains of ${schoolName}`}
          description="Press Enter after each domain. Subdomains count too: school.vic.edu.au covers students.school.vic.edu.au."
          placeholder="school.vic.edu.au"
          value={draft}
          onChange={(values) => {
            setDraft(values.map((v) => v.trim().toLowerCase()).filter(Boolean));
            setError(null);
          }}
          error={error}
          maxTags={10}
          splitChars={[',', ' ']}
          style={{ flex: 1, minWidth: 280 }}
          data-autofocus
        />
        <Button type="submit" loading={save.isPending}>
          Save domains
        </Button>
        <Button variant="default" onClick={() => setEditing(false)} disabled={save.isPending}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}
