/**
 * What every roster file format reduces to. A parser reads one export (one or several files of one system) and
 * yields normalised records and per-row errors; it never throws for a bad row, only for a file that cannot be
 * read at all (wrong format, empty, too big, a zip bomb), with a RosterFileError naming the file.
 *
 * Every format carries, per school: student code, names, optional email, year level, class code, subject,
 * teacher code/name. Codes are the school's own ids ("external ids"); emails are often missing.
 */
import type { Readable } from 'node:stream';

export const rosterSources = [
  'edval',
  'product',
  'timetabler-post-9',
  'timetabler-pre-9',
  'firstclass-csv',
  'griddle',
  'timechart',
  'oneroster',
] as const;
export type RosterSource = (typeof rosterSources)[number];

/** A file of the upload; `read()` opens a fresh stream of its raw bytes (formats may need two passes). */
export interface RosterInputFile {
  name: string;
  size: number;
  read(): Readable;
}

export interface RosterClass {
  /** The school's class code, e.g. 9MAT1 or 7ENG.2; unique within a dataset. */
  code: string;
  title?: string;
  subject?: string;
  yearLevel?: number;
  file: string;
  line: number;
}

export interface RosterPerson {
  /** The school's code for the person (student code, teacher code, OneRoster sourcedId). */
  code: string;
  firstName: string;
  lastName: string;
  email?: string;
  /** Students only. */
  yearLevel?: number;
  file: string;
  line: number;
}

export interface RosterEnrolment {
  classCode: string;
  personCode: string;
  role: 'student' | 'teacher';
  file: string;
  line: number;
}

export interface RosterRowError {
  file: string;
  /** 1-based physical line of the file (a quoted field spanning lines counts its first line). */
  line: number;
  field: string;
  message: string;
}

/** For formats without a public specification: which header fed which field, shown to the uploader to confirm. */
export interface RosterColumnMapping {
  file: string;
  columns: Array<{ header: string; field: string | null }>;
}

export interface ParsedRoster {
  source: RosterSource;
  /** Data rows read (header rows and blank lines not counted). */
  rows: number;
  classes: RosterClass[];
  teachers: RosterPerson[];
  students: RosterPerson[];
  enrolments: RosterEnrolment[];
  errors: RosterRowError[];
  mapping?: RosterColumnMapping[];
}

export interface ParseOptions {
  /** Called as bytes are consumed, for a progress bar. */
  onProgress?: (bytesRead: number, totalBytes: number) => void;
}

export type RosterParser = (files: RosterInputFile[], options?: ParseOptions) => Promise<ParsedRoster>;

/** A file that cannot be read at all; the upload is refused with 400 naming `field` (usually `file`). */
export class RosterFileError extends Error {
  constructor(
    message: string,
    readonly field = 'file',
    readonly file?: string,
  ) {
    super(message);
    this.name = 'RosterFileError';
  }
}

/** Limits for one upload (bytes after decompression included). */
export const ROSTER_MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const ROSTER_MAX_ZIP_ENTRIES = 50;
export const ROSTER_MAX_ROWS = 100_000;
