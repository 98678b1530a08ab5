import { Readable } from 'node:stream';
import { toCsv, type CsvCell } from '@banksia/contracts/rules/csv';
import { ZipFile } from 'yazl';
import { UTF8_BOM } from '../../platform/csv-download';
import type { Storage, WarningLog } from '../../platform/storage';

/** One table of the export, read. */
export interface ExportedTable {
  table: string;
  description: string;
  columns: string[];
  rows: Record<string, unknown>[];
}

/** An uploaded file of the student's, and where it goes in the zip. */
export interface ExportedFile {
  activityResponseId: number;
  blockId: string;
  storageKey: string;
  pathInZip: string;
}

/** A cell of the CSV: objects and lists (JSON columns) as their JSON text, dates as they came (ISO text). */
function cell(value: unknown): CsvCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

export function tableCsv(table: ExportedTable): string {
  return UTF8_BOM + toCsv([table.columns, ...table.rows.map((row) => table.columns.map((c) => cell(row[c])))]);
}

export function readme(options: {
  studentLabel: string;
  exportedAt: Date;
  tables: readonly ExportedTable[];
  files: readonly ExportedFile[];
}): string {
  const lines = [
    `Everything Banksia holds about ${options.studentLabel}`,
    `Exported ${options.exportedAt.toISOString()}`,
    '',
    'Each table of our database that holds something about the student is here twice:',
    '  <table>.json  the rows as JSON, every column as stored (times in UTC, ISO 8601)',
    '  <table>.csv   the same rows as CSV (UTF-8); a cell starting with = + - or @ has a',
    "                leading ' so a spreadsheet shows it as text instead of running it",
    'An empty table means we hold nothing of that kind about the student.',
    "Ids (class_id, lesson_id, exam_id, question_id...) refer to the school's classes and",
    'to course content, which are not personal data and are not included.',
    'Not included: the password (only a one-way hash is stored) and the keys of sessions and',
    'set-password links, which are secrets rather than information about the student.',
    '',
    'Files:',
    ...options.tables.map(
      (t) => `  ${t.table}.json / .csv (${t.rows.length} row${t.rows.length === 1 ? '' : 's'}): ${t.description}`,
    ),
    '',
    `files/ holds the ${options.files.length} file(s) the student uploaded in activities; files.json lists`,
    'which answer each belongs to. A file that could not be read from storage holds a note saying so.',
    '',
  ];
  return lines.join('\r\n');
}

/**
 * The export as a zip stream: README.txt, a JSON and a CSV per table, and the uploaded files, each read from storage
 * only when the zip reaches it (one file open at a time). A file storage cannot give is replaced by a note.
 */
export function exportZip(options: {
  readmeText: string;
  tables: readonly ExportedTable[];
  files: readonly ExportedFile[];
  storage: Storage;
  log: WarningLog;
  mtime: Date;
}): Readable {
  const zip = new ZipFile();
  const entry = { mtime: options.mtime };
  zip.addBuffer(Buffer.from(options.readmeText, 'utf8'), 'README.txt', entry);
  for (const table of options.tables) {
    zip.addBuffer(Buffer.from(JSON.stringify(table.rows, null, 2), 'utf8'), `${table.table}.json`, entry);
    zip.addBuffer(Buffer.from(tableCsv(table), 'utf8'), `${table.table}.csv`, entry);
  }
  for (const file of options.files) {
    zip.addReadStreamLazy(file.pathInZip, entry, (cb) => {
      options.storage.read(file.storageKey).then(
        (stream) => cb(null, stream),
        (err: unknown) => {
          options.log.warn({ err, storageKey: file.storageKey }, 'a file of a student data export could not be read');
          cb(
            null,
            Readable.from([Buffer.from('This file could not be read from storage when the export was made.\n')]),
          );
        },
      );
    });
  }
  zip.end();
  return zip.outputStream as Readable;
}
