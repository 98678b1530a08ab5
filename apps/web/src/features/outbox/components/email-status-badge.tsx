import type { EmailStatus } from '@banksia/contracts/mail';
import { Badge } from '@mantine/core';

const looks: Record<EmailStatus, { color: string; label: string }> = {
  queued: { color: 'blue', label: 'Queued' },
  sent: { color: 'teal', label: 'Sent' },
  failed: { color: 'red', label: 'Failed' },
};

export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  const look = looks[status];
  return (
    <Badge variant="light" color={look.color}>
      {look.label}
    </Badge>
  );
}
