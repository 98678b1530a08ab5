import { describe, expect, it } from 'vitest';
import { fixture, textFile } from '../../../../test/factories';
import { parseFirstClassCsv } from './firstclass-csv';
import { RosterFileError } from './types';

describe('FirstClass CSV (columns mapped by header)', () => {
  it('reads the class list and counts what it holds', async () => {
    const parsed = await parseFirstClassCsv([fixture('firstclass-csv', 'class-list.csv')]);
    expect(parsed.source).toBe('firstclass-csv');
    expect(parsed.rows).toBe(6);
    expect(parsed.classes.map((c) => [c.code, c.subject])).toEqual([
      ['7ENG.2', 'English'],
      ['7MAT1', 'Mathematics'],
      ['7SCI3', 'Science'],
    ]);
    expect(parsed.students.map((s) => s.code)).toEqual(['S001', 'S002', 'S003', 'S004']);
    expect(parsed.teachers.map((t) => [t.code, t.firstName, t.lastName])).toEqual([
      ['BRO', 'Alice', 'Brown'],
      ['KIM', 'Min-ji', 'Kim'],
    ]);
    expect(parsed.enrolments.filter((e) => e.role === 'student')).toHaveLength(5);
    expect(parsed.enrolments.filter((e) => e.role === 'teacher')).toHaveLength(2);
  });

  it('keeps accents, quoted commas and the line a multi-line row starts on', async () => {
    const parsed = await parseFirstClassCsv([fixture('firstclass-csv', 'class-list.csv')]);
    expect(parsed.students.find((s) => s.code === 'S002')).toMatchObject({ firstName: 'Jürgen', lastName: 'Müller' });
    expect(parsed.students.find((s) => s.code === 'S003')).toMatchObject({
      firstName: 'Anaïs',
      lastName: "D'Souza, Jr",
      yearLevel: 7,
      line: 5,
    });
    // The row after the quoted line break is on line 7, the blank line is skipped, the last row is line 9.
    expect(parsed.errors).toEqual([
      { file: 'class-list.csv', line: 7, field: 'Student ID', message: 'The student code is missing.' },
      {
        file: 'class-list.csv',
        line: 9,
        field: 'Year',
        message: '"Seven" is not a year level (use 0–12, K or Kindergarten).',
      },
    ]);
  });

  it('returns the mapping of every header for the uploader to confirm', async () => {
    const parsed = await parseFirstClassCsv([fixture('firstclass-csv', 'class-list.csv')]);
    expect(parsed.mapping).toEqual([
      {
        file: 'class-list.csv',
        columns: [
          { header: 'Class Code', field: 'class_code' },
          { header: 'Subject', field: 'subject' },
          { header: 'Student ID', field: 'student_code' },
          { header: 'Surname', field: 'last_name' },
          { header: 'Given Name', field: 'first_name' },
          { header: 'Year', field: 'year_level' },
          { header: 'Teacher Code', field: 'teacher_code' },
          { header: 'Teacher Name', field: 'teacher_name' },
          { header: 'Room', field: null },
        ],
      },
    ]);
  });

  it.each([
    ['no student code', 'Class,First name,Last name\n7A,Jo,Bloggs\n', /student code/],
    ['no class code', 'Student ID,First name,Last name\n1,Jo,Bloggs\n', /class code/],
    ['no last name', 'Student ID,First name,Class\n1,Jo,7A\n', /last name/],
    ['a header only', 'Student ID,First name,Last name,Class\n', /no data rows/],
    ['an empty file', '', /empty/],
    ['an unclosed quote', 'Student ID,First name,Last name,Class\n1,"Jo,Bloggs,7A\n2,Al,B,7A\n', /line 2/],
  ])('refuses a file with %s', async (_case, text, message) => {
    const attempt = parseFirstClassCsv([textFile('list.csv', text)]);
    await expect(attempt).rejects.toThrow(RosterFileError);
    await expect(attempt).rejects.toThrow(message);
  });

  it('skips a title line and Excel\'s "sep=" line above the header', async () => {
    const parsed = await parseFirstClassCsv([
      textFile(
        'list.csv',
        'Class list export, Term 1 2027\r\nsep=,\r\n\r\nStudent ID,First name,Last name,Class\r\n1,Jo,Bloggs,7A\r\n',
      ),
    ]);
    expect(parsed.rows).toBe(1);
    expect(parsed.students).toEqual([{ code: '1', firstName: 'Jo', lastName: 'Bloggs', file: 'list.csv', line: 5 }]);
    expect(parsed.mapping?.[0]?.columns.map((c) => c.header)).toEqual([
      'Student ID',
      'First name',
      'Last name',
      'Class',
    ]);
  });

  it('reads tab-separated files and full names in one column', async () => {
    const parsed = await parseFirstClassCsv([
      textFile('list.txt', 'Student number\tName\tClass\tEmail\n77\tSmith, Jo\t8HIS\tJo.Smith@School.example\n'),
    ]);
    expect(parsed.students).toEqual([
      { code: '77', firstName: 'Jo', lastName: 'Smith', email: 'jo.smith@school.example', file: 'list.txt', line: 2 },
    ]);
  });
});
