import { describe, expect, it } from 'vitest';
import { fixture, textFile } from '../../../../test/factories';
import { parseTimetablerPre9 } from './timetabler-pre-9';
import { RosterFileError } from './types';

const v8 = () => ['STUDENTS.TXT', 'STAFF.TXT', 'CLASSES.TXT'].map((n) => fixture('timetabler-pre-9/v8', n));

describe('Timetabler before 9 (text exports)', () => {
  it('reads a version 8 export of three tab-separated files with bare Code columns', async () => {
    const parsed = await parseTimetablerPre9(v8());
    expect(parsed.rows).toBe(4 + 2 + 6);
    expect(parsed.students.map((s) => s.code)).toEqual(['20001', '20002', '20003']);
    expect(parsed.teachers).toEqual([
      {
        code: 'PEA',
        firstName: 'David',
        lastName: 'Pearce',
        email: 'david.pearce@school.example',
        file: 'STAFF.TXT',
        line: 2,
      },
      {
        code: 'GAR',
        firstName: 'Léa',
        lastName: 'Garçon',
        email: 'lea.garcon@school.example',
        file: 'STAFF.TXT',
        line: 3,
      },
    ]);
    expect(parsed.classes.map((c) => [c.code, c.subject])).toEqual([
      ['8FRE1', 'French'],
      ['8MAT2', 'Mathematics'],
      ['9MAT1', 'Mathematics'],
    ]);
    expect(parsed.enrolments.filter((e) => e.role === 'student')).toHaveLength(4);
    expect(parsed.enrolments.filter((e) => e.role === 'teacher')).toHaveLength(3);
    expect(parsed.students.find((s) => s.code === '20003')).toMatchObject({
      firstName: 'Chloë',
      lastName: 'Beaumont',
      yearLevel: 9,
    });
  });

  it('reports bad rows with file, line and field', async () => {
    const parsed = await parseTimetablerPre9(v8());
    expect(parsed.errors.map((e) => [e.file, e.line, e.field])).toEqual([
      ['STUDENTS.TXT', 5, 'Surname'],
      ['CLASSES.TXT', 6, 'Student Code'],
      ['CLASSES.TXT', 7, 'Student Code'],
    ]);
  });

  it('shows which header fed which field, including the bare Code columns', async () => {
    const parsed = await parseTimetablerPre9(v8());
    const staff = parsed.mapping?.find((m) => m.file === 'STAFF.TXT');
    expect(staff?.columns).toEqual([
      { header: 'Code', field: 'teacher_code' },
      { header: 'Name', field: 'teacher_name' },
      { header: 'Email', field: 'teacher_email' },
    ]);
    const students = parsed.mapping?.find((m) => m.file === 'STUDENTS.TXT');
    expect(students?.columns.map((c) => c.field)).toEqual([
      'student_code',
      'last_name',
      'first_name',
      'year_level',
      null,
      null,
    ]);
  });

  it('reads a version 7 class list with other headers and fewer columns', async () => {
    const parsed = await parseTimetablerPre9([fixture('timetabler-pre-9/v7', 'classlist.csv')]);
    expect(parsed.errors).toEqual([
      {
        file: 'classlist.csv',
        line: 2,
        field: 'Tch',
        message: "The teacher ABB has no name in this file; the teacher's classes are read without them.",
      },
    ]);
    expect(parsed.students).toEqual([
      { code: '30001', firstName: 'Ömer', lastName: 'Hughes', yearLevel: 10, file: 'classlist.csv', line: 2 },
      { code: '30002', firstName: 'Mei', lastName: 'Li, Jr', yearLevel: 10, file: 'classlist.csv', line: 3 },
    ]);
    expect(parsed.classes.map((c) => c.code)).toEqual(['10HIS1', '10GEO2']);
    expect(parsed.enrolments).toHaveLength(3);
  });

  it('refuses an upload with no class list', async () => {
    await expect(parseTimetablerPre9([fixture('timetabler-pre-9/v8', 'STUDENTS.TXT')])).rejects.toThrow(/class list/);
  });

  it('refuses more rows than the limit', async () => {
    const { ROSTER_MAX_ROWS } = await import('./types');
    const body = Array.from({ length: ROSTER_MAX_ROWS + 1 }, (_, i) => `${i},A,B,7A`).join('\n');
    const attempt = parseTimetablerPre9([textFile('big.csv', `Student code,First name,Last name,Class\n${body}\n`)]);
    await expect(attempt).rejects.toThrow(RosterFileError);
    await expect(attempt).rejects.toThrow(/100,000 rows/);
  });
});
