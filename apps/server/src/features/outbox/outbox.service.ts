import { OUTBOX_PAGE_SIZE, type OutboxList, type OutboxMessageDetail, type OutboxQuery } from '@banksia/contracts/mail';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { presentDetail, presentSummary } from './outbox.presenter';
import * as repo from './outbox.repository';

/** A page of the outbox, newest first, filtered by school and by part of the recipient's address. */
export async function listOutbox(deps: AppDeps, query: OutboxQuery): Promise<OutboxList> {
  const { rows, count } = await repo.listMessages(
    deps.db,
    { schoolId: query.school_id, to: query.to || undefined },
    { limit: OUTBOX_PAGE_SIZE, offset: (query.page - 1) * OUTBOX_PAGE_SIZE },
  );
  return {
    count,
    page: query.page,
    page_size: OUTBOX_PAGE_SIZE,
    smtp_configured: !!deps.config.smtpUrl,
    results: rows.map(presentSummary),
  };
}

export async function getOutboxMessage(deps: AppDeps, id: number): Promise<OutboxMessageDetail> {
  const row = await repo.findMessage(deps.db, id);
  if (!row) throw new AppError('not_found', 'No such message.');
  return presentDetail(row);
}
