import {
  WELCOME_CATCH_UP_DAYS,
  WELCOME_LOG_PAGE_SIZE,
  type WelcomeLog,
  type WelcomePreview,
  type WelcomePreviewBody,
  type WelcomeStep,
  type WelcomeStepBody,
  type WelcomeStepList,
} from '@banksia/contracts/welcome-emails';
import { audit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { queueEmail } from '../../platform/mail';
import type { Actor } from '../../platform/session';
import { renderWelcomeEmail, type WelcomeValues } from './welcome-emails.render';
import * as repo from './welcome-emails.repository';

function present(step: repo.StepRow, sentCount: number): WelcomeStep {
  return {
    id: step.id,
    role: step.role,
    class_type: step.classType,
    days_after: step.daysAfter,
    subject: step.subject,
    body: step.body,
    stop_when: step.stopWhen,
    is_active: step.isActive,
    sent_count: sentCount,
    updated_at: new Date(step.updatedAt).toISOString(),
  };
}

function columns(body: WelcomeStepBody) {
  return {
    role: body.role,
    classType: body.class_type,
    daysAfter: body.days_after,
    subject: body.subject,
    body: body.body,
    stopWhen: body.stop_when,
    isActive: body.is_active,
  };
}

export async function listSteps(deps: AppDeps): Promise<WelcomeStepList> {
  const rows = await repo.listSteps(deps.db);
  return { results: rows.map((r) => present(r.step, r.sentCount)) };
}

export async function createStep(deps: AppDeps, actorId: number, body: WelcomeStepBody, ip: string) {
  const now = deps.clock.now();
  const step = await deps.db.transaction(async (tx) => {
    const row = await repo.insertStep(tx, { ...columns(body), createdAt: now, updatedAt: now });
    await audit(tx, {
      actorUserId: actorId,
      action: 'create_welcome_email',
      entityType: 'welcome_email_step',
      entityId: row.id,
      after: body,
      ip,
    });
    return row;
  });
  return present(step, 0);
}

export async function updateStep(deps: AppDeps, actorId: number, id: number, body: WelcomeStepBody, ip: string) {
  const step = await deps.db.transaction(async (tx) => {
    const before = await repo.findStep(tx, id);
    if (!before) throw new AppError('not_found', 'No such welcome email.');
    const row = await repo.updateStep(tx, id, { ...columns(body), updatedAt: deps.clock.now() });
    await audit(tx, {
      actorUserId: actorId,
      action: 'update_welcome_email',
      entityType: 'welcome_email_step',
      entityId: id,
      before: present(before, 0),
      after: body,
      ip,
    });
    return row!;
  });
  const listed = (await listSteps(deps)).results.find((s) => s.id === step.id);
  return listed ?? present(step, 0);
}

/** Deletes a step and its send log (the outbox keeps the messages themselves until its retention ends). */
export async function deleteStep(deps: AppDeps, actorId: number, id: number, ip: string) {
  await deps.db.transaction(async (tx) => {
    const before = await repo.findStep(tx, id);
    if (!before) throw new AppError('not_found', 'No such welcome email.');
    await repo.deleteStep(tx, id);
    await audit(tx, {
      actorUserId: actorId,
      action: 'delete_welcome_email',
      entityType: 'welcome_email_step',
      entityId: id,
      before: present(before, 0),
      ip,
    });
  });
}

function sampleValues(deps: AppDeps, firstName: string): WelcomeValues {
  return {
    first_name: firstName,
    class_title: '9MAT (trial)',
    course_title: 'Year 9 Mathematics',
    school_name: 'Example High School',
    sign_in_link: `${deps.config.publicUrl}/account/`,
  };
}

/** The email as a person would get it, with sample values for the placeholders. */
export function preview(deps: AppDeps, body: WelcomePreviewBody): WelcomePreview {
  return renderWelcomeEmail(
    { subject: body.subject!, body: body.body! },
    sampleValues(deps, 'Alex'),
    'Example High School',
  );
}

/** Sends a step, with sample values, to the staff member's own address (through the outbox). */
export async function testSend(deps: AppDeps, actor: Actor, id: number, ip: string) {
  const step = await repo.findStep(deps.db, id);
  if (!step) throw new AppError('not_found', 'No such welcome email.');
  const email = renderWelcomeEmail(step, sampleValues(deps, actor.firstName), 'Example High School');
  const outboxId = await deps.db.transaction(async (tx) => {
    const queued = await queueEmail(deps, tx, {
      ...email,
      subject: `[Test] ${email.subject}`,
      schoolId: null,
      to: actor.email,
      template: 'welcome-test',
    });
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'test_send_welcome_email',
      entityType: 'welcome_email_step',
      entityId: id,
      after: { outbox_id: queued },
      ip,
    });
    return queued;
  });
  return { detail: `A test email is on its way to ${actor.email}.`, outbox_id: outboxId };
}

export async function sendLog(deps: AppDeps, stepId: number | undefined, page: number): Promise<WelcomeLog> {
  const { rows, count } = await repo.sendLog(deps.db, stepId, {
    limit: WELCOME_LOG_PAGE_SIZE,
    offset: (page - 1) * WELCOME_LOG_PAGE_SIZE,
  });
  return {
    count,
    page,
    page_size: WELCOME_LOG_PAGE_SIZE,
    results: rows.map((r) => ({
      id: r.id,
      step_id: r.stepId,
      step_subject: r.stepSubject,
      user_id: r.userId,
      to: r.to,
      name: `${r.firstName} ${r.lastName}`.trim(),
      class_id: r.classId,
      class_title: r.classTitle,
      sent_at: new Date(r.sentAt).toISOString(),
      outbox_id: r.outboxId,
      status: r.status,
    })),
  };
}

/**
 * One run of the welcome journey: for each active step, the people it is due for get it through the outbox. Each
 * send first claims the (step, person) key, in the transaction that queues the email, so running twice (or two
 * workers at once) sends each email once. Returns how many were queued.
 */
export async function runWelcomeJourney(deps: Pick<AppDeps, 'db' | 'clock' | 'jobs' | 'config'>): Promise<number> {
  const now = deps.clock.now();
  let sent = 0;
  for (const step of await repo.activeSteps(deps.db)) {
    const window = { now, daysAfter: step.daysAfter, catchUpDays: WELCOME_CATCH_UP_DAYS };
    for (const person of await repo.dueCandidates(deps.db, step, window)) {
      const queued = await deps.db.transaction(async (tx) => {
        const sendId = await repo.claimSend(tx, {
          stepId: step.id,
          userId: person.user_id,
          classId: person.class_id,
          sentAt: now,
        });
        if (sendId === null) return false;
        const email = renderWelcomeEmail(
          step,
          {
            first_name: person.first_name,
            class_title: person.class_title,
            course_title: person.course_title,
            school_name: person.school_name,
            sign_in_link: `${deps.config.publicUrl}/account/`,
          },
          person.school_name,
        );
        const outboxId = await queueEmail(deps, tx, {
          ...email,
          schoolId: person.school_id,
          to: person.email,
          template: `welcome-${step.id}`,
        });
        await repo.setSendOutbox(tx, sendId, outboxId);
        return true;
      });
      if (queued) sent += 1;
    }
  }
  return sent;
}
