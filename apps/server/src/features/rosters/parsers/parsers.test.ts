import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferFile } from './csv-reader';
import { edvalClassCode, parseEdval } from './edval';
import { parseProduct, productTemplateCsv } from './product';
import { RosterFileError } from './types';

const fixture = (name: string) => {
  const full = path.join(import.meta.dirname, '..', 'fixtures', name);
  return bufferFile(path.basename(name), readFileSync(full));
};

describe('Edval class list', () => {
  it('reads a UTF-8 export with a BOM, CRLF and quoted commas; bad rows are reported by line and field', async () => {
    const r = await parseEdval([fixture('edval-class-list.csv')]);
    expect(r.rows).toBe(7);
    expect(r.classes.map((c) => c.code).sort()).toEqual(['7ENG2', '9MAT1']);
    expect(r.students.find((s) => s.code === '1002')).toMatchObject({
      lastName: "O'Brien, Jr",
      firstName: 'Noah',
      line: 3,
    });
    expect(r.students.find((s) => s.code === '1003')?.yearLevel).toBe(9);
    expect(r.teachers.find((t) => t.code === 'JSM')).toMatchObject({ firstName: 'John', lastName: 'Smith' });
    expect(r.teachers.find((t) => t.code === 'KLE')).toMatchObject({ firstName: 'K', lastName: 'Lee' });
    expect(r.errors).toEqual([
      { file: 'edval-class-list.csv', line: 6, field: 'student_code', message: 'The student code is missing.' },
      { file: 'edval-class-list.csv', line: 8, field: 'year', message: '"ten" is not a year level.' },
    ]);
    // Ava is in two classes; each class has its teacher.
    expect(r.enrolments.filter((e) => e.personCode === '1001')).toHaveLength(2);
    expect(r.enrolments.filter((e) => e.role === 'teacher')).toHaveLength(2);
  });

  it('reads Windows-1252 with LF, columns in another order and blank lines', async () => {
    const r = await parseEdval([fixture('edval-class-list-1252.csv')]);
    expect(r.errors).toEqual([]);
    expect(r.students.map((s) => `${s.firstName} ${s.lastName}@${s.line}`)).toEqual(['Zoë Müller@2', 'Renée Côté@4']);
    expect(r.teachers[0]).toMatchObject({ firstName: 'Pat', lastName: 'Dupré' });
  });

  it('reads the TimeChart set of Students, Staff and Courses files together', async () => {
    const r = await parseEdval(
      ['Students.csv', 'Staff.csv', 'Courses.csv'].map((f) => fixture(`edval-timechart/${f}`)),
    );
    expect(r.students.map((s) => s.code)).toEqual(['3001', '3002']);
    expect(r.teachers).toMatchObject([{ code: 'ABR', firstName: 'Alice', lastName: 'Brown' }]);
    expect(r.classes).toMatchObject([{ code: '8HIS1', subject: 'History', yearLevel: 8 }]);
    expect(r.enrolments).toHaveLength(3);
    expect(r.errors).toMatchObject([{ file: 'Courses.csv', line: 5, field: 'student_code' }]);
  });

  it.each([
    [{ class_id: '9MAT1', course_code: 'MAT', class_year: '9' }, '9MAT1'],
    [{ class_id: '1', course_code: 'MAT', class_year: '9' }, '9MAT1'],
    [{ class_id: '7ENG.2', course_code: 'ENG', class_year: '7' }, '7ENG.2'],
  ])('builds the class code from %o', (values, code) => {
    expect(edvalClassCode(values)).toBe(code);
  });

  it.each([
    ['an empty file', '', 'edval.csv is empty.'],
    ['a header only', 'Student code,Surname,First name,Class id\r\n', null],
    [
      'another format',
      'name,score\nA,1\n',
      'edval.csv is not an Edval class list: its first row has no "Student code", "Surname", "First name", "Class id" column.',
    ],
    ['broken quoting', 'Student code,Surname,First name,Class id\n1,"Open,Ann,9MAT1\n', /could not be read as CSV/],
  ])('refuses %s', async (_name, content, message) => {
    const run = parseEdval([bufferFile('edval.csv', content)]);
    if (message === null) expect((await run).rows).toBe(0);
    else await expect(run).rejects.toThrow(message instanceof RegExp ? message : new RosterFileError(message).message);
  });
});

describe('Banksia roster template', () => {
  it('reads the template it offers', async () => {
    const r = await parseProduct([bufferFile('t.csv', productTemplateCsv())]);
    expect(r.errors).toEqual([]);
    expect(r.students).toHaveLength(2);
    expect(r.classes).toMatchObject([
      { code: '9MAT1', title: 'Year 9 Mathematics', subject: 'Mathematics', yearLevel: 9 },
    ]);
  });

  it('reads emails in lower case and reports a bad one by line and field', async () => {
    const r = await parseProduct([fixture('product.csv')]);
    expect(r.students.find((s) => s.code === 'S1')?.email).toBe('ava@example.edu.au');
    expect(r.teachers).toMatchObject([{ code: 'T1', email: 'sam.lee@example.edu.au' }]);
    expect(r.errors).toEqual([
      { file: 'product.csv', line: 4, field: 'student_email', message: '"not-an-email" is not an email address.' },
    ]);
  });
});
