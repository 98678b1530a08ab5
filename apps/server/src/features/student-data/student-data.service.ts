import { can } from '../../platform/authorize';
import type { Readable } from 'node:stream';
import {
  ERASED_EMAIL_DOMAIN,
  ERASED_FIRST_NAME,
  ERASED_LAST_NAME,
  isErasedEmail,
  normaliseConfirmName,
  type EraseStudentResponse,
} from '@banksia/contracts/student-data';
import { audit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { privateStorageFor, type WarningLog } from '../../platform/storage';
import './student-data.policy';
import * as repo from './student-data.repository';
import { databaseReplacements, ownRowReplacements, scrubValue, type ErasedPerson } from './student-data.scrub';
import { EXPORT_SECTIONS, type StudentIds } from './student-data.sections';
import { exportZip, readme, type ExportedFile, type ExportedTable } from './student-data.zip';

/**
 * The student the actor may manage: unknown users and students the actor may not manage are 404 (a school admin
 * learns nothing about other schools' users); an account that is not a student's is 409.
 */
async function managedStudent(db: Executor, actor: Actor, userId: number, forUpdate = false) {
  const account = await repo.findAccount(db, userId, forUpdate);
  const schoolIds = [...new Set(account?.profiles.map((p) => p.school_id) ?? [])];
  const scope = { studentSchoolIds: schoolIds, actorTeachingSchoolIds: await repo.teachingSchoolIds(db, actor.userId) };
  if (!account || !can(actor, 'student-data.manage', scope)) {
    throw new AppError('not_found', 'No such student.');
  }
  const isStudent =
    account.profiles.length > 0 &&
    account.profiles.every((p) => p.kind === 'student') &&
    account.roles.every((r) => r === 'student');
  if (!isStudent) {
    throw new AppError(
      'conflict',
      "Only a student's data can be exported or erased here; this account is not a student's.",
    );
  }
  const ids: StudentIds = { userId, email: account.email, profileIds: account.profiles.map((p) => p.id) };
  return { account, ids, schoolId: schoolIds.length === 1 ? schoolIds[0]! : null };
}

/** A name safe as part of a path in a zip: letters, digits, dots, dashes and underscores. */
function safePart(text: string): string {
  return (
    text
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+/, '')
      .slice(-100) || 'file'
  );
}

/** The uploaded files held in the student's activity answers, and where each goes in the zip. */
function uploadedFiles(responses: readonly Record<string, unknown>[]): ExportedFile[] {
  const files: ExportedFile[] = [];
  for (const response of responses) {
    const blocks = response.block_responses;
    if (!blocks || typeof blocks !== 'object') continue;
    for (const [blockId, block] of Object.entries(blocks as Record<string, unknown>)) {
      const { file_key: key, fileName } = (block ?? {}) as { file_key?: unknown; fileName?: unknown };
      if (typeof key !== 'string' || !key) continue;
      const name = typeof fileName === 'string' && fileName ? fileName : key.split('/').pop()!;
      files.push({
        activityResponseId: Number(response.id),
        blockId,
        storageKey: key,
        pathInZip: `files/${String(response.id)}-${safePart(blockId)}-${safePart(name)}`,
      });
    }
  }
  return files;
}

/**
 * Everything held about one student as a zip stream (README.txt, a JSON and a CSV per table, their uploaded files).
 * The rows are read in one read-only snapshot; the export is audited (who, which student) before it is sent.
 */
export async function exportStudentData(
  deps: AppDeps,
  actor: Actor,
  userId: number,
  ip: string,
  log: WarningLog,
): Promise<{ fileName: string; stream: Readable }> {
  const { ids, schoolId } = await managedStudent(deps.db, actor, userId);
  const tables = await deps.db.transaction(
    async (tx) => {
      const read: ExportedTable[] = [];
      for (const section of EXPORT_SECTIONS) {
        read.push({
          table: section.table,
          description: section.description,
          columns: await repo.columnsOf(tx, section.table, section.omit),
          rows: await repo.readSection(tx, section, ids),
        });
      }
      return read;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const files = uploadedFiles(tables.find((t) => t.table === 'activity_responses')?.rows ?? []);
  const manifest: ExportedTable = {
    table: 'files',
    description: 'The uploaded files in files/: which activity answer and block each belongs to.',
    columns: ['activity_response_id', 'block_id', 'storage_key', 'path_in_zip'],
    rows: files.map((f) => ({
      activity_response_id: f.activityResponseId,
      block_id: f.blockId,
      storage_key: f.storageKey,
      path_in_zip: f.pathInZip,
    })),
  };
  const now = deps.clock.now();
  await audit(deps.db, {
    actorUserId: actor.userId,
    schoolId,
    action: 'export_student_data',
    entityType: 'user',
    entityId: userId,
    after: { rows: Object.fromEntries(tables.map((t) => [t.table, t.rows.length])), files: files.length },
    ip,
  });
  const all = [...tables, manifest];
  return {
    fileName: `student-data-${userId}-${now.toISOString().slice(0, 10)}.zip`,
    stream: exportZip({
      readmeText: readme({ studentLabel: `student ${userId} (user id)`, exportedAt: now, tables: all, files }),
      tables: all,
      files,
      storage: privateStorageFor(deps.config),
      log,
      mtime: now,
    }),
  };
}

/**
 * Erases a student in one transaction, after the actor typed their full name: who they are is removed or replaced
 * (names, email, password, codes, sessions, links, notes, support messages, emails to them, and their name and email
 * wherever else the database holds them), while their work stays on the same profiles so class figures stay true.
 * Audited without the name.
 */
export async function eraseStudent(
  deps: AppDeps,
  actor: Actor,
  userId: number,
  confirmName: string,
  ip: string,
): Promise<EraseStudentResponse> {
  return deps.db.transaction(async (tx) => {
    const { account, ids, schoolId } = await managedStudent(tx, actor, userId, true);
    if (isErasedEmail(account.email)) throw new AppError('conflict', 'This student has already been erased.');
    if (normaliseConfirmName(confirmName) !== normaliseConfirmName(`${account.first_name} ${account.last_name}`)) {
      throw new AppError('validation_failed', undefined, {
        errors: { confirm_name: ["The name does not match. Type the student's first and last name as shown."] },
      });
    }
    const person: ErasedPerson = {
      firstName: account.first_name,
      lastName: account.last_name,
      email: account.email,
      placeholderEmail: `erased-student-${userId}@${ERASED_EMAIL_DOMAIN}`,
    };

    const removed = await repo.removePersonalText(tx, ids);

    // Their own rows may name them anywhere in free text: each string is rewritten, file keys left alone.
    const rules = ownRowReplacements(person);
    const own = await repo.rowsToScrub(tx, ids);
    let ownRows = 0;
    for (const r of own.responses) {
      const scrubbed = scrubValue(r.block_responses, rules);
      if (scrubbed.changed) {
        await repo.updateResponse(tx, r.id, scrubbed.value);
        ownRows++;
      }
    }
    for (const a of own.answers) {
      const answer = scrubValue(a.answer, rules);
      const feedback = scrubValue(a.feedback, rules);
      if (answer.changed || feedback.changed) {
        await repo.updateAnswer(tx, a.id, answer.value, feedback.value as string);
        ownRows++;
      }
    }
    for (const entry of own.audits) {
      const before = scrubValue(entry.before, rules);
      const after = scrubValue(entry.after, rules);
      if (before.changed || after.changed) {
        await repo.updateAudit(tx, entry.id, before.value, after.value);
        ownRows++;
      }
    }

    await repo.anonymiseAccount(tx, userId, person.placeholderEmail, [ERASED_FIRST_NAME, ERASED_LAST_NAME]);

    // Anywhere else (other people's notes and messages, events, job payloads…): the full name and the address.
    const replacements = databaseReplacements(person);
    let otherRows = 0;
    for (const table of await repo.textColumns(tx)) otherRows += await repo.scrubTable(tx, table, replacements);

    await audit(tx, {
      actorUserId: actor.userId,
      schoolId,
      action: 'erase_student',
      entityType: 'user',
      entityId: userId,
      after: { profile_ids: ids.profileIds, ...removed, own_rows_rewritten: ownRows, other_rows_rewritten: otherRows },
      ip,
    });
    return {
      user_id: userId,
      detail: `The student has been erased. Their work is kept under the name "${ERASED_FIRST_NAME} ${ERASED_LAST_NAME}".`,
    };
  });
}
