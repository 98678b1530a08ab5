import { emailDomainValue } from '@banksia/contracts/staff-reports';
import { Badge, TagsInput, Text } from '@mantine/core';
import { fieldErrorsOf, formErrorOf } from '../../../components/field-errors';
import { notify } from '../../../lib/notify';
import { useSetEmailDomains } from '../api/set-email-domains';
import { SettingEditor } from './setting-editor';

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
  const save = useSetEmailDomains();
  return (
    <SettingEditor<string[]>
      label="Email domains:"
      value={domains}
      shown={
        domains.length === 0 ? (
          <Text size="sm" fw={600}>
            None set: every address counts as another domain.
          </Text>
        ) : (
          domains.map((d) => (
            <Badge key={d} variant="light" tt="none">
              {d}
            </Badge>
          ))
        )
      }
      editLabel={`Edit the email domains of ${schoolName}`}
      saveLabel="Save domains"
      check={(draft) => {
        const bad = draft.find((d) => !emailDomainValue.safeParse(d).success);
        return bad ? `"${bad}" is not a domain, e.g. school.vic.edu.au.` : null;
      }}
      saving={save.isPending}
      save={(draft, saved, failed) =>
        save.mutate(
          { schoolId, domains: draft },
          {
            onSuccess: () => {
              saved();
              notify({ color: 'teal', message: `Email domains of ${schoolName} saved.` });
            },
            onError: (failure) => {
              // The server names the field, with the position of a bad domain (`email_domains.1`).
              const field = Object.entries(fieldErrorsOf(failure)).find(([name]) => name.startsWith('email_domains'));
              failed(field?.[1] ?? formErrorOf(failure));
            },
          },
        )
      }
      input={({ draft, change, error }) => (
        <TagsInput
          label={`Email domains of ${schoolName}`}
          description="Press Enter after each domain. Subdomains count too: school.vic.edu.au covers students.school.vic.edu.au."
          placeholder="school.vic.edu.au"
          value={draft}
          onChange={(values) => change(values.map((v) => v.trim().toLowerCase()).filter(Boolean))}
          error={error}
          maxTags={10}
          splitChars={[',', ' ']}
          style={{ flex: 1, minWidth: 280 }}
          data-autofocus
        />
      )}
    />
  );
}
