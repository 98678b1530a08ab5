import type { OutboxMessageDetail, OutboxMessageSummary } from '@banksia/contracts/mail';
import type { OutboxDetailRow, OutboxSummaryRow } from './outbox.repository';

export function presentSummary(row: OutboxSummaryRow): OutboxMessageSummary {
  return {
    id: row.id,
    school_id: row.schoolId,
    school_name: row.schoolName,
    to: row.to,
    subject: row.subject,
    template: row.template,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: new Date(row.createdAt).toISOString(),
    sent_at: row.sentAt ? new Date(row.sentAt).toISOString() : null,
  };
}

export function presentDetail(row: OutboxDetailRow): OutboxMessageDetail {
  return { ...presentSummary(row), html: row.html, text: row.text, message_id: row.messageId };
}
