import { describe, expect, it } from 'vitest';
import { csvCellText, csvFileName, toCsv } from './csv';

describe('csvCellText', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1', "'+1"],
    ['-1+2', "'-1+2"],
    ['@cmd', "'@cmd"],
    ['\tleading tab', "'\tleading tab"],
    ['\rleading CR', "'\rleading CR"],
    ['plain', 'plain'],
    ['a=b', 'a=b'],
    ['', ''],
    ["'already quoted", "'already quoted"],
  ])('%j → %j', (input, expected) => {
    expect(csvCellText(input)).toBe(expected);
  });

  it.each([
    [42, '42'],
    [-3, '-3'],
    [12.5, '12.5'],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
    [true, 'true'],
    [false, 'false'],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (input, expected) => {
    expect(csvCellText(input)).toBe(expected);
  });
});

describe('toCsv', () => {
  it.each([
    ['simple', [['a', 'b']], 'a,b\r\n'],
    ['comma', [['a,b', 'c']], '"a,b",c\r\n'],
    ['double quote', [['say "hi"']], '"say ""hi"""\r\n'],
    ['newline', [['line 1\nline 2']], '"line 1\nline 2"\r\n'],
    ['surrounding space', [[' x ']], '" x "\r\n'],
    ['formula with comma', [['=HYPERLINK("http://x",1)']], `"'=HYPERLINK(""http://x"",1)"\r\n`],
    ['tab start is quoted after neutralising', [['\tx']], "'\tx\r\n"],
    ['carriage return start', [['\rx']], `"'\rx"\r\n`],
    ['numbers and blanks', [[1, null, -2, undefined]], '1,,-2,\r\n'],
    [
      'several rows',
      [
        ['h1', 'h2'],
        ['v1', 'v2'],
      ],
      'h1,h2\r\nv1,v2\r\n',
    ],
    ['no rows', [], ''],
  ])('%s', (_name, rows, expected) => {
    expect(toCsv(rows)).toBe(expected);
  });
});

describe('csvFileName', () => {
  it.each([
    [['9MAT1', 'Exam: Algebra'], '9mat1-exam-algebra.csv'],
    [['class', 12, 'topic', 3], 'class-12-topic-3.csv'],
    [['"quoted"\r\n'], 'quoted.csv'],
    [[''], 'export.csv'],
  ])('%j → %s', (parts, expected) => {
    expect(csvFileName(...parts)).toBe(expected);
  });
});
