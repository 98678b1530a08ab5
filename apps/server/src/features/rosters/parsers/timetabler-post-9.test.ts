import { describe, expect, it } from 'vitest';
import { fixture, fixtureBytes, textFile, zipFile } from '../../../../test/factories';
import { parseTimetablerPost9 } from './timetabler-post-9';
import { RosterFileError } from './types';

const tfx = () => fixture('timetabler-post-9/v10', 'timetable.tfx');
const options = () => fixture('timetabler-post-9/v10', 'student-options.json');

describe('Timetabler 10 (.tfx JSON with the student options file)', () => {
  it('reads classes, teachers, students and enrolments from the two files', async () => {
    const parsed = await parseTimetablerPost9([tfx(), options()]);
    expect(parsed.source).toBe('timetabler-post-9');
    expect(parsed.rows).toBe(2 + 3 + 4 + 5 + 3 + 4);
    expect(parsed.classes.map((c) => [c.code, c.subject])).toEqual([
      ['9MAT1', 'Mathematics'],
      ['9ENG2', 'English'],
      ['9SCI1', undefined],
    ]);
    expect(parsed.teachers.map((t) => [t.code, t.firstName, t.lastName])).toEqual([
      ['SMI', 'Jane', 'Smith'],
      ['LEF', 'Hélène', 'Lefèvre'],
      ['OKO', 'Chidi', 'Okonkwo'],
    ]);
    expect(parsed.students.map((s) => [s.code, s.firstName, s.lastName, s.yearLevel])).toEqual([
      ['5001', 'Zoë', 'Brontë', 9],
      ['5002', 'Mateo', 'García', 9],
      ['5003', 'Aroha', 'Ngata', undefined],
    ]);
    // Lessons from the timetable, not the options file's preferences; a teacher once per class.
    expect(parsed.enrolments.map((e) => [e.role, e.classCode, e.personCode])).toEqual([
      ['teacher', '9MAT1', 'SMI'],
      ['teacher', '9ENG2', 'LEF'],
      ['teacher', '9ENG2', 'OKO'],
      ['student', '9MAT1', '5001'],
      ['student', '9ENG2', '5001'],
      ['student', '9MAT1', '5002'],
      ['student', '9ENG2', '5003'],
    ]);
  });

  it('reports bad records at the line where they start in the JSON', async () => {
    const parsed = await parseTimetablerPost9([tfx(), options()]);
    expect(parsed.errors.map((e) => [e.file, e.line, e.field])).toEqual([
      ['student-options.json', 28, 'YearLevel'],
      ['timetable.tfx', 14, 'Code'],
      ['timetable.tfx', 48, 'ClassNameID'],
      ['timetable.tfx', 55, 'TeacherID'],
      ['timetable.tfx', 96, 'ClassCode'],
      ['timetable.tfx', 117, 'Code'],
    ]);
    expect(parsed.teachers[0]).toMatchObject({ file: 'timetable.tfx', line: 64 });
  });

  it('uses the preferences of the options file when there is no timetable file', async () => {
    const parsed = await parseTimetablerPost9([options()]);
    expect(parsed.enrolments.map((e) => [e.classCode, e.personCode])).toEqual([
      ['9MAT1', '5001'],
      ['9ENG2', '5001'],
      ['9MAT1', '5002'],
      ['9ENG2', '5003'],
    ]);
    expect(parsed.errors.map((e) => [e.line, e.field])).toEqual([
      [28, 'YearLevel'],
      [28, 'ClassID'],
    ]);
  });

  it('reads the two files from a zip', async () => {
    const zip = await zipFile('timetabler.zip', [
      ['Timetable 2027.tfx', fixtureBytes('timetabler-post-9/v10', 'timetable.tfx')],
      ['Options.json', fixtureBytes('timetabler-post-9/v10', 'student-options.json')],
    ]);
    const parsed = await parseTimetablerPost9([zip]);
    expect(parsed.enrolments).toHaveLength(7);
    expect(parsed.students[0]?.file).toBe('timetabler.zip/Options.json');
  });

  it('refuses a timetable file without student names when the options file is missing', async () => {
    await expect(parseTimetablerPost9([tfx()])).rejects.toThrow(/add the student options file/);
  });
});

describe('Timetabler 9 (.tdf9 XML)', () => {
  it('reads elements and attributes alike, in Windows-1252', async () => {
    const parsed = await parseTimetablerPost9([fixture('timetabler-post-9/v9', 'timetable.tdf9')]);
    expect(parsed.classes.map((c) => [c.code, c.subject, c.line])).toEqual([
      ['10MAT1', 'Mathematics', 4],
      ['10FRE1', 'French & Culture', 5],
    ]);
    expect(parsed.teachers[1]).toEqual({
      code: 'DUP',
      firstName: 'Noël',
      lastName: 'Dupré',
      email: 'noel.dupre@school.example',
      file: 'timetable.tdf9',
      line: 17,
    });
    expect(parsed.students.map((s) => [s.code, s.firstName, s.lastName, s.yearLevel, s.line])).toEqual([
      ['6001', 'Zoë', 'Müller', 10, 20],
      ['6002', 'Sione', 'Taufa', 10, 31],
    ]);
    expect(parsed.enrolments).toHaveLength(2 + 3);
    expect(parsed.errors).toEqual([
      { file: 'timetable.tdf9', line: 40, field: 'Code', message: 'The student code is missing.' },
    ]);
  });

  it.each([
    ['broken XML', 'a.tdf9', '<TimetablerData><Students></TimetablerData>', /not valid XML/],
    ['broken JSON', 'a.tfx', '{"ClassNames": [', /not valid JSON/],
    ['another kind of file', 'a.csv', 'Student code,Class\n1,2\n', /not a Timetabler 9/],
    ['JSON of something else', 'a.json', '{"hello": [1]}', /not a Timetabler timetable/],
    ['an empty file', 'a.tfx', '  \n', /empty/],
  ])('refuses %s', async (_case, name, content, message) => {
    const attempt = parseTimetablerPost9([textFile(name, content)]);
    await expect(attempt).rejects.toThrow(RosterFileError);
    await expect(attempt).rejects.toThrow(message);
  });
});
