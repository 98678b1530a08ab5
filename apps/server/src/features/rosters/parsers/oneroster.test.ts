import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bytesFile, fixture, fixtureBytes, textFile, zipFile } from '../../../../test/factories';
import { parseOneRoster } from './oneroster';
import { ROSTER_MAX_UPLOAD_BYTES, ROSTER_MAX_ZIP_ENTRIES, RosterFileError } from './types';

const names = [
  'manifest.csv',
  'orgs.csv',
  'academicSessions.csv',
  'courses.csv',
  'classes.csv',
  'users.csv',
  'enrollments.csv',
];

/** The bulk fixture as a zip, with some files replaced or left out. */
function bulkZip(replace: Record<string, string | null> = {}) {
  const entries: Array<[string, Buffer | string]> = [];
  for (const name of names) {
    const content = name in replace ? replace[name] : fixtureBytes('oneroster/bulk', name);
    if (content !== null && content !== undefined) entries.push([name, content]);
  }
  return zipFile('oneroster.zip', entries);
}

describe('OneRoster 1.1 CSV', () => {
  it('reads a bulk zip: students, teachers, classes and enrolments', async () => {
    const parsed = await parseOneRoster([await bulkZip()]);
    expect(parsed.source).toBe('oneroster');
    expect(parsed.rows).toBe(1 + 2 + 2 + 3 + 7 + 10);
    expect(parsed.students.map((s) => s.code)).toEqual(['u-s1', 'u-s2', 'u-s4']);
    expect(parsed.teachers.map((t) => t.code)).toEqual(['u-t1']);
    expect(parsed.classes).toEqual([
      {
        code: 'class-9mat1',
        title: '9MAT1 Mathematics',
        subject: 'Mathematics Year 9',
        yearLevel: 9,
        file: 'oneroster.zip/classes.csv',
        line: 2,
      },
      {
        code: 'class-9eng2',
        title: 'English, Year 9 (group 2)',
        subject: 'English',
        yearLevel: 9,
        file: 'oneroster.zip/classes.csv',
        line: 3,
      },
      {
        code: 'class-hr9',
        title: 'Homeroom 9',
        subject: 'English Year 9',
        yearLevel: 9,
        file: 'oneroster.zip/classes.csv',
        line: 4,
      },
    ]);
    expect(parsed.enrolments.map((e) => [e.classCode, e.personCode, e.role])).toEqual([
      ['class-9mat1', 'u-s1', 'student'],
      ['class-9mat1', 'u-s2', 'student'],
      ['class-9mat1', 'u-t1', 'teacher'],
      ['class-9eng2', 'u-s1', 'student'],
      ['class-hr9', 'u-s4', 'student'],
    ]);
  });

  it('decodes names, lower-cases emails, leaves email optional and reads grades as year levels', async () => {
    const parsed = await parseOneRoster([await bulkZip()]);
    expect(parsed.students[0]).toEqual({
      code: 'u-s1',
      firstName: 'Zoë',
      lastName: 'Brontë',
      email: 'zoe.b@students.example',
      yearLevel: 9,
      file: 'oneroster.zip/users.csv',
      line: 2,
    });
    expect(parsed.students[1]).not.toHaveProperty('email');
    expect(parsed.students[2]).toMatchObject({ code: 'u-s4', yearLevel: 0 });
    expect(parsed.teachers[0]).toMatchObject({ email: 'jane.smith@school.example' });
  });

  it('reports bad rows with their file, line and column, and skips disabled users and other roles quietly', async () => {
    const parsed = await parseOneRoster([await bulkZip()]);
    expect(parsed.errors.map((e) => [e.file.replace('oneroster.zip/', ''), e.line, e.field])).toEqual([
      ['academicSessions.csv', 3, 'endDate'],
      ['users.csv', 5, 'email'],
      ['users.csv', 8, 'givenName'],
      ['enrollments.csv', 8, 'userSourcedId'],
      ['enrollments.csv', 9, 'classSourcedId'],
      ['enrollments.csv', 10, 'role'],
    ]);
    expect(parsed.enrolments.some((e) => e.personCode === 'u-s3' || e.personCode === 'u-p1')).toBe(false);
  });

  it('reads the files dropped together as well as zipped', async () => {
    const parsed = await parseOneRoster(names.map((n) => fixture('oneroster/bulk', n)));
    expect(parsed.enrolments).toHaveLength(5);
    expect(parsed.errors[0]?.file).toBe('academicSessions.csv');
  });

  it('does not count delta rows marked tobedeleted as records', async () => {
    const manifest = fixtureBytes('oneroster/bulk', 'manifest.csv')
      .toString('utf8')
      .replace('file.enrollments,bulk', 'file.enrollments,delta')
      .replace('file.users,bulk', 'file.users,delta');
    const enrollments = [
      'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role',
      'e1,active,2027-02-01T00:00:00Z,class-9mat1,org-1,u-s1,student',
      'e2,tobedeleted,2027-02-01T00:00:00Z,class-9mat1,org-1,u-s2,student',
      'e3,active,2027-02-01T00:00:00Z,class-9mat1,org-1,u-t1,teacher',
    ].join('\r\n');
    const users = fixtureBytes('oneroster/bulk', 'users.csv')
      .toString('utf8')
      .replace('u-s4,,,true', 'u-s4,tobedeleted,2027-02-01T00:00:00Z,true');
    const parsed = await parseOneRoster([
      await bulkZip({ 'manifest.csv': manifest, 'enrollments.csv': enrollments, 'users.csv': users }),
    ]);
    expect(parsed.enrolments.map((e) => e.personCode)).toEqual(['u-s1', 'u-t1']);
    expect(parsed.students.map((s) => s.code)).toEqual(['u-s1', 'u-s2']);
  });

  it.each([
    ['no manifest', { 'manifest.csv': null }, /no manifest\.csv/],
    ['OneRoster 1.2', { 'manifest.csv': 'propertyName,value\noneroster.version,1.2\n' }, /only OneRoster 1\.1/],
    ['users.csv missing', { 'users.csv': null }, /users\.csv \(bulk\)/],
    [
      'a required column missing',
      { 'enrollments.csv': 'sourcedId,classSourcedId,userSourcedId\ne1,c,u\n' },
      /schoolSourcedId, role/,
    ],
    ['an empty users.csv', { 'users.csv': '' }, /users\.csv is empty/],
  ])('refuses an upload with %s', async (_case, replace, message) => {
    const attempt = parseOneRoster([await bulkZip(replace)]);
    await expect(attempt).rejects.toThrow(RosterFileError);
    await expect(attempt).rejects.toThrow(message);
  });

  it('refuses a file that is not a zip, and an empty file', async () => {
    await expect(parseOneRoster([textFile('roster.zip', 'hello')])).rejects.toThrow(/not a readable zip/);
    await expect(parseOneRoster([bytesFile('roster.zip', Buffer.alloc(0))])).rejects.toThrow(RosterFileError);
  });

  it('refuses a zip bomb before inflating it', async () => {
    // 64 MB of zeros deflates to about 64 KB.
    const bomb = await zipFile('bomb.zip', [
      ['manifest.csv', fixtureBytes('oneroster/bulk', 'manifest.csv')],
      ['users.csv', Buffer.alloc(64 * 1024 * 1024)],
    ]);
    expect(bomb.size).toBeLessThan(ROSTER_MAX_UPLOAD_BYTES / 100);
    const started = Date.now();
    await expect(parseOneRoster([bomb])).rejects.toThrow(/larger than 20 MB once unzipped/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a zip bomb whose directory lies about its size, while inflating', async () => {
    const zip = liarZip('users.csv', Buffer.alloc(64 * 1024 * 1024, 0x41), 100);
    await expect(parseOneRoster([bytesFile('liar.zip', zip, 64 * 1024)])).rejects.toThrow(RosterFileError);
    await expect(parseOneRoster([bytesFile('liar.zip', zip, 64 * 1024)])).rejects.toThrow(
      /cannot be read \(too many bytes/,
    );
  });

  it('refuses a zip with too many files, or a path out of the zip', async () => {
    const many = await zipFile(
      'many.zip',
      Array.from({ length: ROSTER_MAX_ZIP_ENTRIES + 1 }, (_, i): [string, string] => [`f${i}.csv`, 'a\n']),
    );
    await expect(parseOneRoster([many])).rejects.toThrow(/at most 50/);
    const good = await zipFile('evil.zip', [['aa/manifest.csv', 'propertyName,value\n']]);
    const bytes = await readAll(good);
    const evil = Buffer.from(bytes.toString('latin1').replaceAll('aa/manifest.csv', '../manifest.csv'), 'latin1');
    await expect(parseOneRoster([bytesFile('evil.zip', evil, 1024)])).rejects.toThrow(
      /invalid relative path|outside the zip/,
    );
  });
});

async function readAll(file: { read(): NodeJS.ReadableStream }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file.read()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A one-entry zip whose headers claim `claimed` bytes uncompressed while the data inflates to all of `content`. */
function liarZip(name: string, content: Buffer, claimed: number): Buffer {
  const data = deflateRawSync(content);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0, 6);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(0, 14); // crc (not checked before the size)
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(claimed, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(claimed, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(0, 42);
  const centralStart = local.length + nameBytes.length + data.length;
  const centralSize = central.length + nameBytes.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(centralStart, 16);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
}
