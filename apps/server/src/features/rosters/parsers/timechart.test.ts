import { describe, expect, it } from 'vitest';
import { bytesFile, fixture, textFile, zipFile, fixtureBytes } from '../../../../test/factories';
import { parseTimechart } from './timechart';
import { RosterFileError } from './types';

const files = () => ['Students.csv', 'Staff.csv', 'Courses.csv'].map((n) => fixture('timechart', n));

describe('TimeChart (Students.csv, Staff.csv, Courses.csv)', () => {
  it('reads the three files into classes, teachers, students and enrolments', async () => {
    const parsed = await parseTimechart(files());
    expect(parsed.source).toBe('timechart');
    expect(parsed.rows).toBe(7 + 2 + 8);
    expect(parsed.students.map((s) => s.code)).toEqual(['1001', '1002', '1003', '1006', '1007']);
    expect(parsed.teachers.map((t) => t.code)).toEqual(['SMI', 'DUB']);
    expect(parsed.classes.map((c) => c.code)).toEqual(['9MAT1', '9ENG2', '10SCI1']);
    expect(parsed.enrolments).toHaveLength(4 + 4);
    expect(parsed.mapping).toBeUndefined();
  });

  it('decodes Windows-1252 names, BOMs and quoted commas', async () => {
    const parsed = await parseTimechart(files());
    expect(parsed.students.find((s) => s.code === '1002')).toMatchObject({
      firstName: 'Zoë',
      lastName: 'Brontë',
      yearLevel: 9,
      file: 'Students.csv',
      line: 3,
    });
    expect(parsed.students.find((s) => s.code === '1003')).toMatchObject({ lastName: "O'Brien, Jr", yearLevel: 10 });
    expect(parsed.students.find((s) => s.code === '1007')).toMatchObject({ firstName: 'Mia', yearLevel: 0 });
    expect(parsed.teachers.find((t) => t.code === 'DUB')).toMatchObject({ firstName: 'Renée', lastName: 'Dubois' });
    expect(parsed.classes.find((c) => c.code === '9ENG2')).toMatchObject({
      subject: 'English, Advanced',
      yearLevel: 9,
      line: 4,
    });
  });

  it('skips students who are not current, and their Courses rows, without an error', async () => {
    const parsed = await parseTimechart(files());
    expect(parsed.students.some((s) => s.code === '1004')).toBe(false);
    expect(parsed.enrolments.some((e) => e.personCode === '1004')).toBe(false);
    expect(parsed.errors.some((e) => e.message.includes('1004'))).toBe(false);
  });

  it('reports each bad row with its file, line and field, and keeps the others', async () => {
    const parsed = await parseTimechart(files());
    expect(parsed.errors.map((e) => [e.file, e.line, e.field])).toEqual([
      ['Students.csv', 6, 'First name'],
      ['Students.csv', 7, 'Year Level'],
      ['Courses.csv', 7, 'Student Code'],
      ['Courses.csv', 8, 'Class code'],
      ['Courses.csv', 9, 'Teacher Code'],
    ]);
    // The row with a bad year keeps the student, without a year.
    expect(parsed.students.find((s) => s.code === '1006')?.yearLevel).toBeUndefined();
    // The row with an unknown teacher keeps the student's enrolment.
    expect(parsed.enrolments).toContainEqual(
      expect.objectContaining({ classCode: '10SCI1', personCode: '1006', role: 'student' }),
    );
  });

  it('takes each file’s role from its name in any case, or from a zip', async () => {
    const zip = await zipFile('timechart-export.zip', [
      ['export/STUDENTS.CSV', fixtureBytes('timechart', 'Students.csv')],
      ['export/staff.csv', fixtureBytes('timechart', 'Staff.csv')],
      ['export/courses.csv', fixtureBytes('timechart', 'Courses.csv')],
    ]);
    const parsed = await parseTimechart([zip]);
    expect(parsed.students).toHaveLength(5);
    expect(parsed.errors.map((e) => [e.file, e.line])).toContainEqual(['timechart-export.zip/export/courses.csv', 7]);
  });

  it('reads files written without a header row in the documented column order', async () => {
    const students = 'S1,Ngata,Aroha,F,8,8A,Y\r\nS2,Lee,Sam,M,8,8A,N\r\n';
    const courses = 'S1,8MAT1,Mathematics,SMI,8\r\nS2,8MAT1,Mathematics,SMI,8\r\n';
    const parsed = await parseTimechart([
      textFile('Students.csv', students),
      fixture('timechart', 'Staff.csv'),
      textFile('Courses.csv', courses),
    ]);
    expect(parsed.rows).toBe(2 + 2 + 2);
    expect(parsed.students).toEqual([
      { code: 'S1', firstName: 'Aroha', lastName: 'Ngata', yearLevel: 8, file: 'Students.csv', line: 1 },
    ]);
    expect(parsed.classes).toEqual([
      { code: '8MAT1', subject: 'Mathematics', yearLevel: 8, file: 'Courses.csv', line: 1 },
    ]);
    expect(parsed.enrolments.map((e) => [e.role, e.personCode])).toEqual([
      ['student', 'S1'],
      ['teacher', 'SMI'],
    ]);
    expect(parsed.errors).toEqual([]);
  });

  it('refuses an upload without Staff.csv, naming the file', async () => {
    const [students, , courses] = files();
    await expect(parseTimechart([students!, courses!])).rejects.toThrow(/Staff\.csv/);
  });

  it('refuses an empty file', async () => {
    const [students, staff] = files();
    await expect(parseTimechart([students!, staff!, bytesFile('Courses.csv', Buffer.alloc(0))])).rejects.toThrow(
      RosterFileError,
    );
    await expect(parseTimechart([students!, staff!, textFile('Courses.csv', '\r\n \r\n')])).rejects.toThrow(/empty/);
  });

  it('reports progress up to the total size', async () => {
    const seen: Array<[number, number]> = [];
    await parseTimechart(files(), { onProgress: (read, total) => seen.push([read, total]) });
    const last = seen[seen.length - 1]!;
    expect(last[0]).toBe(last[1]);
    expect(seen.length).toBeGreaterThan(3);
  });
});
