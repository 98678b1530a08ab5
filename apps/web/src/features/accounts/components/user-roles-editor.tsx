import { roleLabels, roles, type Role } from '@banksia/contracts/accounts';
import { Checkbox, Fieldset, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { formErrorOf } from '../../../components/field-errors';
import { useSaveUserRole } from '../api/save-user-role';
import { notify } from '../../../lib/notify';

const roleDescriptions: Record<Role, string> = {
  student: 'Studies in the classes they are enrolled in.',
  teacher: 'Teaches classes and sees their students’ progress.',
  school_admin: 'Manages the classes and teachers of the schools where they teach.',
  content_admin: 'Authors courses and manages users and support requests.',
  roster_admin: 'Runs school roster imports and reconciliation.',
  payments_admin: 'Runs payment and refund reports.',
};

interface UserRolesEditorProps {
  userId: number;
  userRoles: readonly Role[];
  /** Staff may not take the content-admin role from themselves. */
  isSelf: boolean;
}

/** One checkbox per role; each change is saved at once. */
export function UserRolesEditor({ userId, userRoles, isSelf }: UserRolesEditorProps) {
  const save = useSaveUserRole(userId);
  const [saving, setSaving] = useState<ReadonlySet<Role>>(new Set());

  const setSavingRole = (role: Role, on: boolean) =>
    setSaving((current) => {
      const next = new Set(current);
      if (on) next.add(role);
      else next.delete(role);
      return next;
    });

  const onChange = (role: Role, granted: boolean) => {
    setSavingRole(role, true);
    save.mutate(
      { role, granted },
      {
        onSuccess: () =>
          notify({
            color: 'teal',
            message: `${roleLabels[role]} role ${granted ? 'granted' : 'removed'}.`,
          }),
        onError: (error) =>
          notify({
            color: 'red',
            title: `The ${roleLabels[role]} role was not ${granted ? 'granted' : 'removed'}`,
            message: formErrorOf(error),
          }),
        onSettled: () => setSavingRole(role, false),
      },
    );
  };

  return (
    <Fieldset
      legend={
        <Title order={2} size="h3">
          Roles
        </Title>
      }
      variant="unstyled"
    >
      <Stack gap="md" mt="xs">
        {roles.map((role) => {
          const locked = isSelf && role === 'content_admin';
          return (
            <Checkbox
              key={role}
              label={roleLabels[role]}
              description={locked ? 'You cannot remove your own content admin role.' : roleDescriptions[role]}
              checked={userRoles.includes(role)}
              disabled={locked || saving.has(role)}
              onChange={(event) => onChange(role, event.currentTarget.checked)}
            />
          );
        })}
      </Stack>
    </Fieldset>
  );
}
