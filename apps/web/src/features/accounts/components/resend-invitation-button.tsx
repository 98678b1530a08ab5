import { Button, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { formErrorOf } from '../../../components/field-errors';
import { useResendInvitation } from '../api/resend-invitation';
import { notify } from '../../../lib/notify';

/** Sends a user who has no password yet a new set-password link (for an account made by a class-list upload). */
export function ResendInvitationButton({ userId, name }: { userId: number; name: string }) {
  const resend = useResendInvitation(userId);
  const onClick = () =>
    resend.mutate(undefined, {
      onSuccess: (detail) => notify({ color: 'teal', title: 'Invitation sent', message: detail }),
      onError: (error) => notify({ color: 'red', title: 'No invitation was sent', message: formErrorOf(error) }),
    });
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm" c="dimmed">
        For an account that has no password yet: emails a new link to choose one, valid for 7 days. Earlier links stop
        working.
      </Text>
      <Button
        variant="light"
        leftSection={<IconMailForward size={16} aria-hidden />}
        loading={resend.isPending}
        onClick={onClick}
        aria-label={`Send ${name} a new invitation`}
      >
        Send a new invitation
      </Button>
    </Stack>
  );
}
