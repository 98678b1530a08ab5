import { describe, expect, it } from 'vitest';
import { bytesFile, textFile } from '../../../../test/factories';
import { ReadBudget, parseYearLevel, readCsvRows, sniffText, splitFullName } from './csv-input';
import { ROSTER_MAX_UPLOAD_BYTES, RosterFileError } from './types';

async function rows(bytes: Buffer, chunkSize = 3) {
  const out: Array<[number, string[]]> = [];
  for await (const row of readCsvRows(bytesFile('f.csv', bytes, chunkSize), { budget: new ReadBudget(bytes.length) })) {
    out.push([row.line, row.cells]);
  }
  return out;
}

describe('reading delimited text', () => {
  it.each([
    ['UTF-8', Buffer.from('a,b\nZoë,1\n', 'utf8'), 'utf8'],
    ['UTF-8 with a BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a,b\nZoë,1\n')]), 'utf8'],
    ['Windows-1252', Buffer.from([0x61, 0x2c, 0x62, 0x0a, 0x5a, 0x6f, 0xeb, 0x2c, 0x31, 0x0a]), 'win1252'],
    [
      'UTF-16LE with a BOM (Excel "Unicode text")',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a\tb\r\nZoë\t1\r\n', 'utf16le')]),
      'utf16le',
    ],
  ])('decodes %s', async (_case, bytes, encoding) => {
    expect((await sniffText(bytesFile('f.csv', bytes))).encoding).toBe(encoding);
    expect(await rows(bytes)).toEqual([
      [1, ['a', 'b']],
      [2, ['Zoë', '1']],
    ]);
  });

  it.each([
    ['LF', 'h\n\n"a\nb",1\nc,2\n'],
    ['CRLF', 'h\r\n\r\n"a\r\nb",1\r\nc,2\r\n'],
    ['CR', 'h\r\r"a\rb",1\rc,2\r'],
  ])('counts physical lines with %s line ends, a blank line and a quoted line break', async (_case, text) => {
    expect((await rows(Buffer.from(text))).map(([line, cells]) => [line, cells[0]])).toEqual([
      [1, 'h'],
      [3, 'a\nb'],
      [5, 'c'],
    ]);
  });

  it('skips lines of empty cells and trims values', async () => {
    expect(await rows(Buffer.from('h,i\n , \n,,\n x , "y, z" \n'))).toEqual([
      [1, ['h', 'i']],
      [4, ['x', 'y, z']],
    ]);
  });

  it('refuses a file larger than the upload limit before reading it, and one that grows past it', async () => {
    const big = { name: 'big.csv', size: 200 * 1024 * 1024, read: () => textFile('x', 'a').read() };
    await expect(sniffText(big)).rejects.toThrow(/200 MB/);
    const liar = bytesFile('liar.csv', Buffer.alloc(ROSTER_MAX_UPLOAD_BYTES + 1, 0x61), 1024 * 1024);
    await expect(sniffText({ ...liar, size: 10 })).rejects.toThrow(RosterFileError);
  });
});

describe('values', () => {
  it.each([
    ['9', 9],
    ['09', 9],
    ['Year 10', 10],
    ['Yr 7', 7],
    ['Y12', 12],
    ['K', 0],
    ['Kindergarten', 0],
    ['KG', 0],
    ['Prep', 0],
    ['14', null],
    ['Nine', null],
    ['PK', null],
  ])('reads the year level %s as %s', (value, year) => {
    expect(parseYearLevel(value)).toBe(year);
  });

  it.each([
    ['Smith, Jane', 'Jane', 'Smith'],
    ['Ms Jane Smith', 'Jane', 'Smith'],
    ['Mr. J. P. Smith', 'J. P.', 'Smith'],
    ['Smith', '', 'Smith'],
  ])('splits the name %s', (value, firstName, lastName) => {
    expect(splitFullName(value)).toEqual({ firstName, lastName });
  });
});
