import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/factories';
import { parseGriddle } from './griddle';

describe('Griddle (columns mapped by header)', () => {
  it('reads a Windows-1252 export with its columns in another order', async () => {
    const parsed = await parseGriddle([fixture('griddle', 'griddle-export.csv')]);
    expect(parsed.rows).toBe(5);
    expect(parsed.classes.map((c) => c.code)).toEqual(['11PHY1', '12CHE1']);
    expect(parsed.students).toHaveLength(4);
    expect(parsed.teachers).toEqual([
      { code: 'ABC', firstName: 'René', lastName: 'Côté', file: 'griddle-export.csv', line: 2 },
      { code: 'DEF', firstName: 'Olga', lastName: 'Novak', file: 'griddle-export.csv', line: 4 },
    ]);
    expect(parsed.enrolments).toHaveLength(4 + 2);
    expect(parsed.students[0]).toEqual({
      code: 'G100',
      firstName: 'Zoë',
      lastName: 'Brontë',
      email: 'zoe.bronte@example.edu.au',
      yearLevel: 11,
      file: 'griddle-export.csv',
      line: 2,
    });
  });

  it('keeps a student with a bad email (without it) and reports the row', async () => {
    const parsed = await parseGriddle([fixture('griddle', 'griddle-export.csv')]);
    expect(parsed.students.find((s) => s.code === 'G102')).not.toHaveProperty('email');
    expect(parsed.students.find((s) => s.code === 'G103')).not.toHaveProperty('email');
    expect(parsed.errors.map((e) => [e.line, e.field])).toEqual([
      [4, 'Email'],
      [6, 'Class'],
    ]);
  });

  it('maps each header, including the ones it does not read', async () => {
    const parsed = await parseGriddle([fixture('griddle', 'griddle-export.csv')]);
    expect(parsed.mapping?.[0]?.columns.map((c) => c.field)).toEqual([
      'email',
      'first_name',
      'last_name',
      'student_code',
      'year_level',
      'class_code',
      'subject',
      'teacher_code',
      'teacher_first_name',
      'teacher_last_name',
    ]);
  });

  it('refuses a file with no class column, naming the field', async () => {
    await expect(parseGriddle([fixture('griddle', 'no-class-column.csv')])).rejects.toMatchObject({
      name: 'RosterFileError',
      message: expect.stringContaining('class code'),
      file: 'no-class-column.csv',
      field: 'file',
    });
  });
});
