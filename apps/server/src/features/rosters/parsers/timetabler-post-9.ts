/**
 * Timetabler 9 and later: the `.tdf9` XML file (version 9) and the `.tfx` JSON file (version 10), optionally with
 * the student options file, dropped together or zipped.
 *
 * Documented (version 10): the timetable file holds ClassNames[Code, ClassNameID], Timetable[ClassNameID,
 * TeacherID], Teachers[TeacherID, Code, …] and Students[Code, BOSCode, StudentLessons[ClassCode]]; the student
 * options file holds Students[StudentCode, FirstName, LastName, YearLevel, StudentPreferences[ClassID]] and
 * Classes[ClassID, ClassCode, SubjectCode, SubjectName].
 *
 * Inferred (no public schema): the version 9 XML uses the same names as elements or attributes, each list an
 * element holding one child element per record (`<Students><Student>…`); the lists may sit under a root
 * element or object; names are matched case-insensitively; teachers' and timetable students' names, when present,
 * are FirstName/LastName (or Name); a Timetable entry may name several teachers (TeacherID as a list).
 * Enrolments come from StudentLessons when the timetable file has them, otherwise from StudentPreferences.
 */
import { XMLParser } from 'fast-xml-parser';
import {
  baseName,
  budgetFor,
  decodeBuffer,
  looksLikeEmail,
  parseYearLevel,
  readBytes,
  splitFullName,
  type ReadBudget,
} from './csv-input';
import { RosterBuilder } from './roster-builder';
import { expandZips } from './zip-input';
import {
  RosterFileError,
  type ParseOptions,
  type ParsedRoster,
  type RosterInputFile,
  type RosterParser,
} from './types';

type Node = Record<string, unknown>;

interface Document {
  file: string;
  root: unknown;
  /** The physical line where a record of list `key` (its index-th element) starts. */
  lineOf(key: string, index: number, node: unknown): number;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value of a key, matched case-insensitively (XML attributes and elements alike). */
function get(node: unknown, ...names: string[]): unknown {
  if (!isNode(node)) return undefined;
  for (const name of names) {
    const lower = name.toLowerCase();
    for (const key of Object.keys(node)) if (key.toLowerCase() === lower) return node[key];
  }
  return undefined;
}

/** A scalar as trimmed text ('' for missing, objects and lists; an XML text node's `#text`). */
function text(node: unknown, ...names: string[]): string {
  const value = names.length ? get(node, ...names) : node;
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isNode(value) && '#text' in value) return text(value['#text']);
  return '';
}

/**
 * A list: a JSON array, or an XML container whose one kind of child repeats (`<Students><Student/>…`).
 * A single XML child comes back as a one-element list.
 */
function asList(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value;
  if (isNode(value)) {
    const keys = Object.keys(value).filter((k) => k !== '#text');
    const only = keys.length === 1 ? value[keys[0]!] : undefined;
    if (Array.isArray(only)) return only;
    if (isNode(only)) return [only];
  }
  return [value];
}

/** The first list named `key` at the shallowest depth (a root element or object may wrap the lists). */
function findList(root: unknown, key: string): unknown[] | null {
  let level: unknown[] = [root];
  for (let depth = 0; depth < 4 && level.length; depth++) {
    for (const node of level) {
      const value = get(node, key);
      if (value !== undefined) return asList(value);
    }
    level = level.flatMap((n) => (isNode(n) ? Object.values(n).filter(isNode) : []));
  }
  return null;
}

/**
 * Line numbers for JSON: for each key whose value is an array, the lines where its elements start (the occurrence
 * at the shallowest depth, first in the document). JSON.parse gives no positions, so this walks the text once,
 * tracking strings and brackets only.
 */
function jsonElementLines(source: string): Map<string, number[]> {
  const found = new Map<string, { depth: number; lines: number[] }>();
  const stack: Array<{ array: boolean; lines?: number[]; expecting: boolean }> = [];
  let line = 1;
  let lastString = '';
  let pendingKey: string | null = null;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\n') {
      line++;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r') continue;
    const top = stack[stack.length - 1];
    if (top?.array && top.expecting && ch !== ']' && ch !== ',') {
      top.lines?.push(line);
      top.expecting = false;
    }
    if (ch === '"') {
      let j = i + 1;
      let value = '';
      while (j < source.length && source[j] !== '"') {
        if (source[j] === '\\') {
          value += source[j + 1] ?? '';
          j += 2;
          continue;
        }
        if (source[j] === '\n') line++;
        value += source[j];
        j++;
      }
      lastString = value;
      i = j;
    } else if (ch === ':') {
      pendingKey = lastString.toLowerCase();
    } else if (ch === '[') {
      let lines: number[] | undefined;
      if (pendingKey !== null) {
        const known = found.get(pendingKey);
        if (!known || known.depth > stack.length) {
          lines = [];
          found.set(pendingKey, { depth: stack.length, lines });
        }
      }
      stack.push({ array: true, expecting: true, ...(lines ? { lines } : {}) });
      pendingKey = null;
    } else if (ch === '{') {
      stack.push({ array: false, expecting: false });
      pendingKey = null;
    } else if (ch === ']' || ch === '}') {
      stack.pop();
    } else if (ch === ',') {
      if (top?.array) top.expecting = true;
      pendingKey = null;
    }
  }
  return new Map([...found].map(([k, v]) => [k, v.lines]));
}

function lineStarts(source: string): number[] {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

function lineAt(starts: number[], index: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= index) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

function readDocument(file: RosterInputFile, source: string): Document {
  const trimmed = source.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    let root: unknown;
    try {
      root = JSON.parse(source);
    } catch (error) {
      throw new RosterFileError(
        `${file.name} is not valid JSON (${(error as Error).message}); export the .tfx file again.`,
        'file',
        file.name,
      );
    }
    const lines = jsonElementLines(source);
    return {
      file: file.name,
      root,
      lineOf: (key, index) => lines.get(key.toLowerCase())?.[index] ?? 1,
    };
  }
  if (trimmed.startsWith('<')) {
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      parseTagValue: false,
      parseAttributeValue: false,
      trimValues: true,
      captureMetaData: true,
      processEntities: true,
    });
    let root: unknown;
    try {
      root = parser.parse(source, true);
    } catch (error) {
      throw new RosterFileError(
        `${file.name} is not valid XML (${(error as Error).message}); export the .tdf9 file again.`,
        'file',
        file.name,
      );
    }
    const starts = lineStarts(source);
    const meta = XMLParser.getMetaDataSymbol() as unknown as string;
    return {
      file: file.name,
      root,
      lineOf: (_key, _index, node) => {
        const start = isNode(node) ? (node[meta] as { startIndex?: number } | undefined)?.startIndex : undefined;
        return start === undefined ? 1 : lineAt(starts, start);
      },
    };
  }
  throw new RosterFileError(
    `${file.name} is not a Timetabler 9 (.tdf9, XML) or 10 (.tfx, JSON) file.`,
    'file',
    file.name,
  );
}

interface Record_ {
  doc: Document;
  node: unknown;
  line: number;
}

function records(doc: Document, key: string, budget: ReadBudget, builder: RosterBuilder): Record_[] | null {
  const list = findList(doc.root, key);
  if (!list) return null;
  return list.map((node, index) => {
    budget.addRow(doc.file);
    builder.rows += 1;
    return { doc, node, line: doc.lineOf(key, index, node) };
  });
}

const isTimetable = (doc: Document) =>
  ['ClassNames', 'Timetable', 'Teachers'].some((key) => findList(doc.root, key) !== null);
/** Students of the options file carry StudentCode and StudentPreferences; the timetable's carry Code and lessons. */
const studentsAreOptions = (doc: Document) =>
  (findList(doc.root, 'Students') ?? []).some((s) => get(s, 'StudentCode', 'StudentPreferences') !== undefined);
const isOptions = (doc: Document) => findList(doc.root, 'Classes') !== null || studentsAreOptions(doc);

function personName(node: unknown): { firstName: string; lastName: string } {
  const firstName = text(node, 'FirstName', 'GivenName', 'PreferredName', 'Given');
  const lastName = text(node, 'LastName', 'Surname', 'FamilyName');
  if (firstName || lastName) return { firstName, lastName };
  const full = text(node, 'Name', 'FullName');
  return full ? splitFullName(full) : { firstName: '', lastName: '' };
}

export const parseTimetablerPost9: RosterParser = async (input, options?: ParseOptions): Promise<ParsedRoster> => {
  if (input.length === 0) throw new RosterFileError('Choose the Timetabler file (.tfx or .tdf9).', 'file');
  const files = await expandZips(input);
  const budget = budgetFor(files, options);
  const builder = new RosterBuilder('timetabler-post-9');

  const timetables: Document[] = [];
  const optionFiles: Document[] = [];
  for (const file of files) {
    const bytes = await readBytes(file);
    budget.addBytes(bytes.length, file.name);
    if (bytes.toString('utf8').trim() === '') throw new RosterFileError(`${file.name} is empty.`, 'file', file.name);
    const doc = readDocument(file, decodeBuffer(bytes));
    const timetable = isTimetable(doc);
    const optionsFile = isOptions(doc);
    if (timetable) timetables.push(doc);
    if (optionsFile) optionFiles.push(doc);
    if (!timetable && !optionsFile) {
      throw new RosterFileError(
        `${file.name} holds no ClassNames, Timetable, Teachers or student options: it is not a Timetabler timetable or student options file.`,
        'file',
        file.name,
      );
    }
  }

  const error = (r: Record_, field: string, message: string) => builder.error(r.doc.file, r.line, field, message);
  const yearOf = (r: Record_): number | undefined => {
    const value = text(r.node, 'YearLevel', 'Year');
    if (!value) return undefined;
    const year = parseYearLevel(value);
    if (year === null) {
      error(r, 'YearLevel', `"${value}" is not a year level; read without a year.`);
      return undefined;
    }
    return year;
  };
  const emailOf = (r: Record_): string | undefined => {
    const value = text(r.node, 'Email', 'EmailAddress');
    if (!value) return undefined;
    if (!looksLikeEmail(value)) {
      error(r, 'Email', `"${value}" is not an email address; read without it.`);
      return undefined;
    }
    return value.toLowerCase();
  };

  // Student options: classes by ID, students with names, and their preferences.
  const optionClassById = new Map<string, string>();
  const preferences: Array<{ r: Record_; studentCode: string; classId: string }> = [];
  for (const doc of optionFiles) {
    for (const r of records(doc, 'Classes', budget, builder) ?? []) {
      const id = text(r.node, 'ClassID');
      const code = text(r.node, 'ClassCode', 'Code');
      if (!code) {
        error(r, 'ClassCode', 'The class code is missing.');
        continue;
      }
      if (id) optionClassById.set(id, code);
      const subject = text(r.node, 'SubjectName') || text(r.node, 'SubjectCode');
      const yearLevel = yearOf(r);
      builder.addClass({
        code,
        ...(subject ? { subject } : {}),
        ...(yearLevel !== undefined ? { yearLevel } : {}),
        file: doc.file,
        line: r.line,
      });
    }
    const students = studentsAreOptions(doc) ? (records(doc, 'Students', budget, builder) ?? []) : [];
    for (const r of students) {
      const code = text(r.node, 'StudentCode', 'Code');
      if (!code) {
        error(r, 'StudentCode', 'The student code is missing.');
        continue;
      }
      const { firstName, lastName } = personName(r.node);
      if (!lastName || !firstName) {
        error(r, lastName ? 'FirstName' : 'LastName', `The ${lastName ? 'first' : 'last'} name is missing.`);
        continue;
      }
      const yearLevel = yearOf(r);
      const email = emailOf(r);
      builder.addStudent({
        code,
        firstName,
        lastName,
        ...(email ? { email } : {}),
        ...(yearLevel !== undefined ? { yearLevel } : {}),
        file: doc.file,
        line: r.line,
      });
      for (const pref of asList(get(r.node, 'StudentPreferences'))) {
        const classId = isNode(pref) ? text(pref, 'ClassID') : text(pref);
        if (classId) preferences.push({ r, studentCode: code, classId });
      }
    }
  }

  // Timetable files: classes, teachers, who teaches what, and each student's lessons.
  const classById = new Map<string, string>();
  const teacherById = new Map<string, string>();
  const lessons: Array<{ r: Record_; studentCode: string; classCode: string }> = [];
  for (const doc of timetables) {
    for (const r of records(doc, 'ClassNames', budget, builder) ?? []) {
      const code = text(r.node, 'Code', 'ClassCode');
      if (!code) {
        error(r, 'Code', 'The class code is missing.');
        continue;
      }
      const id = text(r.node, 'ClassNameID', 'ID');
      if (id) classById.set(id, code);
      const subject = text(r.node, 'SubjectName', 'Subject');
      const title = text(r.node, 'Name', 'Description');
      const yearLevel = yearOf(r);
      builder.addClass({
        code,
        ...(title ? { title } : {}),
        ...(subject ? { subject } : {}),
        ...(yearLevel !== undefined ? { yearLevel } : {}),
        file: doc.file,
        line: r.line,
      });
    }
    for (const r of records(doc, 'Teachers', budget, builder) ?? []) {
      const code = text(r.node, 'Code', 'TeacherCode');
      if (!code) {
        error(r, 'Code', 'The teacher code is missing.');
        continue;
      }
      const id = text(r.node, 'TeacherID', 'ID');
      if (id) teacherById.set(id, code);
      const { firstName, lastName } = personName(r.node);
      if (!lastName) {
        error(r, 'LastName', `The teacher ${code} has no name in the file; their classes are read without them.`);
        continue;
      }
      const email = emailOf(r);
      builder.addTeacher({ code, firstName, lastName, ...(email ? { email } : {}), file: doc.file, line: r.line });
    }
    for (const r of records(doc, 'Timetable', budget, builder) ?? []) {
      const classId = text(r.node, 'ClassNameID');
      const classCode = classById.get(classId);
      if (!classCode) {
        error(r, 'ClassNameID', `No class has ClassNameID ${classId || '(blank)'}.`);
        continue;
      }
      const teacherIds = asList(get(r.node, 'TeacherID', 'TeacherIDs')).map((t) =>
        isNode(t) ? text(t, 'TeacherID') : text(t),
      );
      for (const teacherId of teacherIds.filter(Boolean)) {
        const teacherCode = teacherById.get(teacherId);
        if (!teacherCode) {
          error(r, 'TeacherID', `No teacher has TeacherID ${teacherId}.`);
          continue;
        }
        if (!builder.teacher(teacherCode)) continue;
        builder.addEnrolment({ classCode, personCode: teacherCode, role: 'teacher', file: doc.file, line: r.line });
      }
    }
    if (!studentsAreOptions(doc)) {
      const students = records(doc, 'Students', budget, builder) ?? [];
      const unnamed = students.filter((r) => !personName(r.node).lastName);
      if (unnamed.length && optionFiles.length === 0) {
        throw new RosterFileError(
          `${baseName(doc.file)} has no student names: add the student options file to the upload.`,
          'file',
          doc.file,
        );
      }
      for (const r of students) {
        const code = text(r.node, 'Code', 'StudentCode');
        if (!code) {
          error(r, 'Code', 'The student code is missing.');
          continue;
        }
        const { firstName, lastName } = personName(r.node);
        if (lastName) {
          const yearLevel = yearOf(r);
          const email = emailOf(r);
          builder.addStudent({
            code,
            firstName,
            lastName,
            ...(email ? { email } : {}),
            ...(yearLevel !== undefined ? { yearLevel } : {}),
            file: doc.file,
            line: r.line,
          });
        } else if (!builder.student(code)) {
          error(r, 'Code', `The student ${code} is not in the student options file, which has the names; skipped.`);
          continue;
        }
        for (const lesson of asList(get(r.node, 'StudentLessons'))) {
          const classCode = isNode(lesson)
            ? text(lesson, 'ClassCode') || (classById.get(text(lesson, 'ClassNameID')) ?? '')
            : text(lesson);
          if (classCode) lessons.push({ r, studentCode: code, classCode });
        }
      }
    }
  }

  const known = (r: Record_, classCode: string, field: string) => {
    if (builder.hasClass(classCode)) return true;
    error(r, field, `The class ${classCode} is not in the file's class list; this enrolment is skipped.`);
    return false;
  };
  if (lessons.length) {
    for (const { r, studentCode, classCode } of lessons) {
      if (!known(r, classCode, 'ClassCode')) continue;
      builder.addEnrolment({ classCode, personCode: studentCode, role: 'student', file: r.doc.file, line: r.line });
    }
  } else {
    for (const { r, studentCode, classId } of preferences) {
      const classCode = optionClassById.get(classId);
      if (!classCode) {
        error(r, 'ClassID', `No class has ClassID ${classId}; this preference is skipped.`);
        continue;
      }
      if (!known(r, classCode, 'ClassID')) continue;
      builder.addEnrolment({ classCode, personCode: studentCode, role: 'student', file: r.doc.file, line: r.line });
    }
  }
  if (builder.rows === 0) throw new RosterFileError('The upload holds no classes, teachers or students.', 'file');
  return builder.result();
};
