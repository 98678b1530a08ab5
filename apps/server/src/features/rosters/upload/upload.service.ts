import { createHash } from 'node:crypto';
import type { RosterDataset } from '@banksia/contracts/rosters';
import { audit } from '../../../platform/audit';
import { hasRole } from '../../../platform/authz';
import type { Executor } from '../../../platform/db';
import type { AppDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import type { Actor } from '../../../platform/session';
import { applyView } from '../apply/index';
import {
  rosterParsers,
  RosterFileError,
  type ParsedRoster,
  type RosterInputFile,
  type RosterSource,
} from '../parsers/index';
import { planFor, writeDecisions, type Records } from '../reconcile/index';
import { isRosterStaff } from '../rosters.policy';
import { presentDataset } from '../rosters.presenter';
import { findDataset, teacherSchoolIds } from '../rosters.repository';
import { authorizeSchool, invalid, loadDataset } from '../rosters.service';
import { presentListedDataset, SOURCE_PAGES } from './upload.presenter';
import * as repo from './upload.repository';
import { expandUploads, uploadFolder, type SavedUpload } from './upload-files';

/** Row errors kept with a dataset (the count is always exact). */
export const ROSTER_MAX_STORED_ERRORS = 1000;

/** The sources whose files can be read (a source without a parser is not offered). */
export function registeredSources(): RosterSource[] {
  return (Object.keys(SOURCE_PAGES) as RosterSource[]).filter((s) => rosterParsers[s]);
}

export interface UploadInput {
  source: string | undefined;
  schoolId: string | undefined;
  calendarYear: string | undefined;
  files: RosterInputFile[];
  /** The raw bytes of each file, for the upload's sha256. */
  hashes: Array<{ name: string; sha256: string }>;
}

function toRecords(parsed: ParsedRoster): Records {
  return {
    classes: parsed.classes.map((c) => ({
      code: c.code,
      title: c.title ?? c.code,
      subject: c.subject ?? null,
      yearLevel: c.yearLevel ?? null,
    })),
    teachers: parsed.teachers.map((p) => ({
      code: p.code,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email ?? null,
      yearLevel: null,
    })),
    students: parsed.students.map((p) => ({
      code: p.code,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email ?? null,
      yearLevel: p.yearLevel ?? null,
    })),
    enrolments: parsed.enrolments.map((e) => ({ role: e.role, classCode: e.classCode, personCode: e.personCode })),
  };
}

/** The form's source, school and year, checked; refuses a school the actor may not work on. */
async function checkUploadFields(deps: AppDeps, actor: Actor, input: UploadInput) {
  const source = input.source as RosterSource;
  if (!input.source || !(input.source in SOURCE_PAGES))
    throw invalid('source', 'Choose the system the file comes from.');
  const parser = rosterParsers[source];
  if (!parser) throw invalid('source', `Files from ${SOURCE_PAGES[source].name} cannot be read yet.`);
  const schoolId = Number(input.schoolId);
  if (!Number.isInteger(schoolId) || schoolId < 1) throw invalid('school_id', 'Choose a school.');
  const year = Number(input.calendarYear);
  if (!Number.isInteger(year) || year < 2000 || year > 2100)
    throw invalid('calendar_year', 'Enter a calendar year such as 2026.');
  await authorizeSchool(deps, actor, schoolId);
  if (input.files.length === 0) throw invalid('file', 'Choose a file to upload.');
  return { source, parser, schoolId, year };
}

/** One sha256 of the upload's files, whatever order they came in. */
function uploadSha(hashes: UploadInput['hashes']): string {
  const sha = createHash('sha256');
  for (const h of [...hashes].sort((a, b) => (a.name < b.name ? -1 : 1))) sha.update(`${h.name}\u0000${h.sha256}\n`);
  return sha.digest('hex');
}

/** The files parsed; a file that cannot be read, or one without a readable row, is a 400 on it. */
async function parseUpload(
  parser: NonNullable<(typeof rosterParsers)[RosterSource]>,
  files: RosterInputFile[],
  onProgress?: (read: number, total: number) => void,
): Promise<ParsedRoster> {
  let parsed: ParsedRoster;
  try {
    parsed = await parser(files, { onProgress });
  } catch (error) {
    if (error instanceof RosterFileError) throw invalid(error.field, error.message);
    throw error;
  }
  if (parsed.classes.length + parsed.students.length + parsed.teachers.length === 0) {
    const rowErrors = parsed.errors.slice(0, 20).map((e) => `${e.file} line ${e.line}, ${e.field}: ${e.message}`);
    throw new AppError(
      'validation_failed',
      parsed.rows === 0 ? 'The file has no rows.' : 'No row of the file could be read, so nothing was uploaded.',
      { errors: { file: rowErrors.length ? rowErrors : ['The file has no rows.'] } },
    );
  }
  return parsed;
}

/** The records of the file as stored, each with the file and line it came from. */
function recordRows(parsed: ParsedRoster, records: Records): repo.RecordRow[] {
  const line = new Map<string, { file: string; line: number }>();
  for (const c of parsed.classes) line.set(`class:${c.code}`, c);
  for (const p of parsed.teachers) line.set(`teacher:${p.code}`, p);
  for (const p of parsed.students) line.set(`student:${p.code}`, p);
  return [
    ...records.classes.map((c) => ({ kind: 'class', key: c.code, data: c, ...line.get(`class:${c.code}`)! })),
    ...records.teachers.map((p) => ({ kind: 'teacher', key: p.code, data: p, ...line.get(`teacher:${p.code}`)! })),
    ...records.students.map((p) => ({ kind: 'student', key: p.code, data: p, ...line.get(`student:${p.code}`)! })),
    ...parsed.enrolments.map((e) => ({
      kind: 'enrolment',
      key: `${e.role}:${e.classCode}:${e.personCode}`,
      data: { role: e.role, classCode: e.classCode, personCode: e.personCode },
      file: e.file,
      line: e.line,
    })),
  ];
}

interface NewDataset {
  schoolId: number;
  year: number;
  source: RosterSource;
  fileSha: string;
  fileNames: string[];
  parsed: ParsedRoster;
  records: Records;
}

/** Stores the dataset, its records and its plan in one transaction; null when the same files were stored meanwhile. */
async function storeDataset(deps: AppDeps, actor: Actor, d: NewDataset, ip: string): Promise<number | null> {
  const now = deps.clock.now();
  const { parsed, records, schoolId, year, source } = d;
  const counts = {
    rows: parsed.rows,
    errors: parsed.errors.length,
    classes: records.classes.length,
    teachers: records.teachers.length,
    students: records.students.length,
    enrolments: records.enrolments.length,
  };
  return deps.db.transaction(async (tx: Executor) => {
    const datasetId = await repo.insertDataset(tx, {
      schoolId,
      year,
      source,
      fileSha: d.fileSha,
      fileNames: d.fileNames,
      counts,
      errors: parsed.errors.slice(0, ROSTER_MAX_STORED_ERRORS),
      mapping: parsed.mapping?.length ? parsed.mapping : null,
      userId: actor.userId,
      now,
    });
    if (datasetId === null) return null;
    await repo.insertRecords(tx, datasetId, recordRows(parsed, records));
    const { plan } = await planFor(tx, { id: datasetId, school_id: schoolId, calendar_year: year }, records);
    await writeDecisions(tx, datasetId, plan, now);
    await repo.markReviewing(tx, datasetId);
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId,
      action: 'upload_roster_dataset',
      entityType: 'roster_dataset',
      entityId: datasetId,
      after: { source, calendar_year: year, counts, summary: plan.summary, holds: plan.holds },
      ip,
    });
    return datasetId;
  });
}

/** Parses an upload into a dataset and reconciles it. The same files again answer the existing dataset. */
export async function uploadDataset(
  deps: AppDeps,
  actor: Actor,
  input: UploadInput,
  ip: string,
  onProgress?: (read: number, total: number) => void,
): Promise<{ created: boolean; dataset: RosterDataset }> {
  const { source, parser, schoolId, year } = await checkUploadFields(deps, actor, input);
  const fileSha = uploadSha(input.hashes);
  const same = { schoolId, year, source, fileSha };
  const existing = await repo.findSameUpload(deps.db, same);
  if (existing !== null)
    return { created: false, dataset: presentDataset((await findDataset(deps.db, existing))!, true) };

  const parsed = await parseUpload(parser, input.files, onProgress);
  const records = toRecords(parsed);
  const foreign = await repo.otherSchoolOfCodes(deps.db, schoolId, parsed.students);
  if (foreign) {
    throw invalid(
      'school_id',
      `These student codes belong to ${foreign.name}'s roster, not this school's. Check the school chosen.`,
    );
  }
  const fileNames = input.files.map((f) => f.name);
  const id = await storeDataset(deps, actor, { ...same, fileNames, parsed, records }, ip);
  // The same files uploaded at the same moment by someone else: theirs is the dataset.
  if (id === null) {
    const theirs = await repo.findSameUpload(deps.db, same);
    return { created: false, dataset: presentDataset((await findDataset(deps.db, theirs!))!, true) };
  }
  return { created: true, dataset: presentDataset((await findDataset(deps.db, id))!) };
}

export async function listDatasets(deps: AppDeps, actor: Actor, q: { school_id?: number; calendar_year?: number }) {
  let schoolIds: number[] | null = null;
  if (!isRosterStaff(actor)) {
    const teaching = await teacherSchoolIds(deps.db, actor.userId);
    schoolIds = hasRole(actor, 'school_admin') ? teaching : [];
  }
  const rows = await repo.listDatasetRows(deps.db, {
    schoolId: q.school_id ?? null,
    calendarYear: q.calendar_year ?? null,
    schoolIds,
  });
  const datasets = [];
  for (const r of rows) datasets.push(presentListedDataset(presentDataset(r, false, await applyView(deps, r))));
  return { datasets };
}

export async function getDataset(deps: AppDeps, actor: Actor, id: number) {
  const row = await loadDataset(deps, actor, id);
  return presentDataset(row, false, await applyView(deps, row));
}

/**
 * Receives an upload: `read` saves the form's files into a temporary folder, zips are opened, and the files become a
 * dataset (uploadDataset). The folder is removed before the answer goes out.
 */
export async function receiveUpload(
  deps: AppDeps,
  actor: Actor,
  read: (dir: string) => Promise<{ fields: Record<string, string>; uploads: SavedUpload[] }>,
  ip: string,
) {
  const folder = await uploadFolder();
  try {
    const { fields, uploads } = await read(folder.dir);
    let files;
    try {
      files = await expandUploads(uploads, folder.dir);
    } catch (error) {
      if (error instanceof RosterFileError) throw invalid(error.field, error.message);
      throw error;
    }
    return await uploadDataset(
      deps,
      actor,
      {
        source: fields.source,
        schoolId: fields.school_id,
        calendarYear: fields.calendar_year,
        files,
        hashes: uploads.map((u) => ({ name: u.name, sha256: u.sha256 })),
      },
      ip,
    );
  } finally {
    // Removed before the answer goes out, so a client never sees the upload's files still on disk.
    await folder.remove();
  }
}
