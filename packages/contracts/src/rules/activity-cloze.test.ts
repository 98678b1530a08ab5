import { describe, expect, it } from 'vitest';
import {
  countBlanks,
  dropOnBank,
  dropOnBlank,
  dropOnTableCell,
  initialTableWordBank,
  initialWordBank,
  matchTypedWords,
  normaliseTableCellAnswer,
  removeFromTableCell,
  splitOnBlanks,
  wordBankResponseValues,
  type TableWordBankState,
  type WordBankState,
} from './activity-cloze';

const sorted = (words: readonly string[]) => [...words].sort();
/** Every option is either in the bank or on a blank, exactly once (spec §5 "each option is consumed once"). */
function expectConserved(state: WordBankState, options: readonly string[]) {
  const placed = state.blanks.filter((word): word is string => word !== null);
  expect(sorted([...placed, ...state.bank])).toEqual(sorted(options));
}

describe('countBlanks and splitOnBlanks', () => {
  it.each<[string, number, string[]]>([
    ['no blanks here', 0, ['no blanks here']],
    ['The {{response}} sat.', 1, ['The ', ' sat.']],
    ['{{response}} and {{response}}', 2, ['', ' and ', '']],
    ['{{response}}{{response}}', 2, ['', '', '']],
    ['', 0, ['']],
    // Only the exact token is a blank.
    ['{{ response }} {response} {{Response}}', 0, ['{{ response }} {response} {{Response}}']],
  ])('%j → %i blanks', (text, blanks, segments) => {
    expect(countBlanks(text)).toBe(blanks);
    expect(splitOnBlanks(text)).toEqual(segments);
    expect(splitOnBlanks(text)).toHaveLength(blanks + 1);
  });
});

describe('initialWordBank and wordBankResponseValues', () => {
  it.each<[string, string[], number, string[] | undefined, WordBankState]>([
    ['fresh: all words in the bank', ['cat', 'mat'], 2, undefined, { blanks: [null, null], bank: ['cat', 'mat'] }],
    ['saved words are placed', ['cat', 'mat'], 2, ['mat', ''], { blanks: ['mat', null], bank: ['cat'] }],
    ['a duplicate option can fill two blanks', ['a', 'a'], 2, ['a', 'a'], { blanks: ['a', 'a'], bank: [] }],
    // Placing a third 'a' would leave the bank owing a word it never had.
    ['a word is not placed more often than offered', ['a'], 2, ['a', 'a'], { blanks: ['a', null], bank: [] }],
    ['a word no longer offered is dropped', ['cat'], 1, ['dog'], { blanks: [null], bank: ['cat'] }],
    ['saved values beyond the blanks are ignored', ['x', 'y'], 1, ['x', 'y'], { blanks: ['x'], bank: ['y'] }],
  ])('%s', (_name, options, blankCount, saved, expected) => {
    const state = initialWordBank(options, blankCount, saved);
    expect(state).toEqual(expected);
    expectConserved(state, options);
  });

  it("saves '' for empty blanks, keeping positions", () => {
    expect(wordBankResponseValues({ blanks: [null, 'cat', null], bank: [] })).toEqual(['', 'cat', '']);
  });
});

describe('dropOnBlank', () => {
  const options = ['cat', 'mat', 'hat', 'cat'];
  const start: WordBankState = { blanks: ['cat', null, 'hat'], bank: ['mat', 'cat'] };

  it.each<[string, string, number | null, number, WordBankState]>([
    ['bank → empty blank', 'mat', null, 1, { blanks: ['cat', 'mat', 'hat'], bank: ['cat'] }],
    // One word per blank: the word that was there goes back to the bank.
    ['bank → occupied blank replaces it', 'mat', null, 0, { blanks: ['mat', null, 'hat'], bank: ['cat', 'cat'] }],
    ['blank → empty blank moves it', 'cat', 0, 1, { blanks: [null, 'cat', 'hat'], bank: ['mat', 'cat'] }],
    [
      'blank → occupied blank moves it and banks the replaced word',
      'cat',
      0,
      2,
      { blanks: [null, null, 'cat'], bank: ['mat', 'cat', 'hat'] },
    ],
    ['second copy of a duplicate option', 'cat', null, 1, { blanks: ['cat', 'cat', 'hat'], bank: ['mat'] }],
  ])('%s', (_name, word, from, to, expected) => {
    const next = dropOnBlank(start, word, from, to);
    expect(next).toEqual(expected);
    expectConserved(next, options);
  });

  it.each<[string, string, number | null, number]>([
    ['a word not in the bank', 'dog', null, 1],
    ['a word already used up', 'hat', null, 1],
    ['a word that is not on its stated source blank', 'mat', 0, 1],
    ['from an empty blank', 'cat', 1, 0],
    ['onto its own blank', 'cat', 0, 0],
    ['onto a blank that does not exist', 'mat', null, 3],
    ['onto a negative blank', 'mat', null, -1],
    ['from a blank that does not exist', 'cat', 7, 1],
  ])('ignores a drop of %s', (_name, word, from, to) => {
    expect(dropOnBlank(start, word, from, to)).toBe(start);
  });

  it('does not change the state it was given', () => {
    const frozen: WordBankState = { blanks: ['cat', null], bank: ['mat'] };
    dropOnBlank(frozen, 'mat', null, 0);
    expect(frozen).toEqual({ blanks: ['cat', null], bank: ['mat'] });
  });
});

describe('dropOnBank (drop zone wordBankDropzone)', () => {
  const start: WordBankState = { blanks: ['cat', null], bank: ['mat'] };

  it.each<[string, number, WordBankState]>([
    ['empties the blank and returns the word', 0, { blanks: [null, null], bank: ['mat', 'cat'] }],
    ['an empty blank changes nothing', 1, start],
    ['a missing blank changes nothing', 2, start],
  ])('%s', (_name, from, expected) => {
    expect(dropOnBank(start, from)).toEqual(expected);
  });
});

describe('word bank over a sequence of drags', () => {
  it('never holds a word more often than it was offered', () => {
    const options = ['red', 'blue', 'red'];
    let state = initialWordBank(options, 3);
    const steps: ((s: WordBankState) => WordBankState)[] = [
      (s) => dropOnBlank(s, 'red', null, 0),
      (s) => dropOnBlank(s, 'red', null, 1),
      (s) => dropOnBlank(s, 'red', null, 2), // no third red: ignored
      (s) => dropOnBlank(s, 'blue', null, 0), // replaces a red
      (s) => dropOnBlank(s, 'red', 1, 0), // moves red onto blue, blue banked
      (s) => dropOnBank(s, 0),
      (s) => dropOnBank(s, 0), // already empty
      (s) => dropOnBlank(s, 'blue', null, 2),
    ];
    for (const step of steps) {
      state = step(state);
      expectConserved(state, options);
    }
    expect(state).toEqual({ blanks: [null, null, 'blue'], bank: ['red', 'red'] });
  });
});

describe('matchTypedWords', () => {
  it.each<[string, string[], string[], (string | null)[]]>([
    ['exact words', ['cat', 'mat'], ['cat', 'mat'], ['cat', 'mat']],
    ['case-insensitive, returning the option as written', ['CAT', 'Mat'], ['cat', 'mAt'], ['cat', 'mAt']],
    ['surrounding spaces ignored', ['  cat '], ['cat'], ['cat']],
    ['unmatched → null', ['dog'], ['cat'], [null]],
    ['empty → null', ['', '   '], ['cat'], [null, null]],
    // Each option is consumed once: the second 'cat' has nothing left to match.
    ['option consumed once', ['cat', 'cat'], ['cat'], ['cat', null]],
    ['first come first served', ['Cat', 'cat'], ['cat'], ['cat', null]],
    ['duplicate options match twice', ['the', 'THE'], ['the', 'the'], ['the', 'the']],
    ['consumption skips to the next match', ['a', 'b', 'a'], ['b', 'a', 'A'], ['a', 'b', 'A']],
    ['no typed words', [], ['cat'], []],
    ['no options', ['cat'], [], [null]],
    ['inner spaces must match', ['ice cream'], ['ice  cream', 'ice cream'], ['ice cream']],
  ])('%s', (_name, typed, options, expected) => {
    expect(matchTypedWords(typed, options)).toEqual(expected);
  });
});

describe('table drag and drop: cells hold lists', () => {
  const start: TableWordBankState = { cells: [['ant'], [], ['bee', 'ant']], bank: ['cow', 'ant'] };

  it.each<[string, string, number | null, number, TableWordBankState]>([
    ['bank → empty cell', 'cow', null, 1, { cells: [['ant'], ['cow'], ['bee', 'ant']], bank: ['ant'] }],
    // Cells hold lists, so nothing is replaced.
    ['bank → filled cell appends', 'cow', null, 0, { cells: [['ant', 'cow'], [], ['bee', 'ant']], bank: ['ant'] }],
    ['cell → cell moves one copy', 'ant', 2, 0, { cells: [['ant', 'ant'], [], ['bee']], bank: ['cow', 'ant'] }],
    ['cell → empty cell', 'bee', 2, 1, { cells: [['ant'], ['bee'], ['ant']], bank: ['cow', 'ant'] }],
  ])('%s', (_name, word, from, to, expected) => {
    expect(dropOnTableCell(start, word, from, to)).toEqual(expected);
  });

  it.each<[string, string, number | null, number]>([
    ['a word not in the bank', 'bee', null, 1],
    ['a word not in the source cell', 'cow', 0, 1],
    ['onto its own cell', 'ant', 0, 0],
    ['onto a missing cell', 'cow', null, 3],
    ['from a missing cell', 'ant', 5, 1],
  ])('ignores a drop of %s', (_name, word, from, to) => {
    expect(dropOnTableCell(start, word, from, to)).toBe(start);
  });

  it.each<[string, number, string, TableWordBankState]>([
    ['removes one copy back to the bank', 2, 'ant', { cells: [['ant'], [], ['bee']], bank: ['cow', 'ant', 'ant'] }],
    ['empties a one-word cell', 0, 'ant', { cells: [[], [], ['bee', 'ant']], bank: ['cow', 'ant', 'ant'] }],
    ['a word not in the cell changes nothing', 1, 'ant', start],
    ['a missing cell changes nothing', 9, 'ant', start],
  ])('removeFromTableCell: %s', (_name, cell, word, expected) => {
    expect(removeFromTableCell(start, cell, word)).toEqual(expected);
  });

  it.each<[string, string[], number, string[][] | undefined, TableWordBankState]>([
    ['fresh', ['a', 'b'], 2, undefined, { cells: [[], []], bank: ['a', 'b'] }],
    ['saved lists placed', ['a', 'b', 'c'], 2, [['a', 'c'], []], { cells: [['a', 'c'], []], bank: ['b'] }],
    ['words beyond the options dropped', ['a'], 2, [['a'], ['a', 'z']], { cells: [['a'], []], bank: [] }],
  ])('initialTableWordBank: %s', (_name, options, cellCount, saved, expected) => {
    expect(initialTableWordBank(options, cellCount, saved)).toEqual(expected);
  });
});

describe('normaliseTableCellAnswer', () => {
  it.each<[string, string]>([
    ['  cat  ', 'cat'],
    ['<b>cat</b>', 'cat'],
    ['<span style="color: red">c</span>at', 'cat'],
    ['cat<br>mat', 'cat mat'],
    ['cat<br/>mat', 'cat mat'],
    ['<p>one</p><p>two</p>', 'one two'],
    ['<div>\n  a  \n</div>', 'a'],
    ['a&nbsp;&nbsp;b', 'a b'],
    ['a\u00a0b', 'a b'],
    ['fish &amp; chips', 'fish & chips'],
    ['&lt;b&gt;not bold&lt;/b&gt;', '<b>not bold</b>'],
    ['&quot;hi&quot; &#39;there&#39;', '"hi" \'there\''],
    ['&#x41;&#66;', 'AB'],
    // Decoded once: an escaped entity stays an entity.
    ['&amp;lt;', '&lt;'],
    ['&unknown; &#0;', '&unknown; &#0;'],
    ['3 < 4 and 5 > 2', '3 < 4 and 5 > 2'],
    ['<!-- note -->x', 'x'],
    ['<script>alert(1)</script>safe', 'safe'],
    ['', ''],
    ['<br>', ''],
  ])('%j → %j', (html, expected) => {
    expect(normaliseTableCellAnswer(html)).toBe(expected);
  });
});
