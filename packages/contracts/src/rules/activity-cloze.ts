import { RESPONSE_PLACEHOLDER } from '../activities';

/** How many `{{response}}` blanks a cloze text holds. */
export function countBlanks(text: string): number {
  return text.split(RESPONSE_PLACEHOLDER).length - 1;
}

/** The text between blanks: always one more segment than blanks, so segment i is followed by blank i. */
export function splitOnBlanks(text: string): string[] {
  return text.split(RESPONSE_PLACEHOLDER);
}

/**
 * A drag-and-drop cloze paragraph: one word or nothing per blank, and the words still in the bank. Together they
 * always hold each option exactly once, which is what "each option is consumed once" means for dragging; the
 * reducers keep that true by refusing any move whose word is not where the move says it comes from.
 */
export interface WordBankState {
  blanks: (string | null)[];
  bank: string[];
}

/** Removes one copy of a word, or returns null when there is none to remove. */
function takeOne(words: readonly string[], word: string): string[] | null {
  const index = words.indexOf(word);
  return index === -1 ? null : [...words.slice(0, index), ...words.slice(index + 1)];
}

const inRange = (list: readonly unknown[], index: number) =>
  Number.isInteger(index) && index >= 0 && index < list.length;

/**
 * The starting state of a drag-and-drop cloze: saved answers (from response_values) are placed back, each taking
 * its word from the bank. A saved word no longer among the options (the author changed them) is dropped rather
 * than placed, so the bank can never be short of a word another blank holds.
 */
export function initialWordBank(
  options: readonly string[],
  blankCount: number,
  saved: readonly string[] = [],
): WordBankState {
  let bank = [...options];
  const blanks: (string | null)[] = [];
  for (let i = 0; i < blankCount; i++) {
    const word = saved[i];
    const rest = word ? takeOne(bank, word) : null;
    if (word && rest) {
      bank = rest;
      blanks.push(word);
    } else {
      blanks.push(null);
    }
  }
  return { blanks, bank };
}

/** The answer to save: one value per blank, '' for an empty blank so positions are kept. */
export function wordBankResponseValues(state: WordBankState): string[] {
  return state.blanks.map((word) => word ?? '');
}

/**
 * Drops a word on a blank (spec §4). `fromBlank` is null when the word comes from the bank, else the blank it is
 * dragged from. A blank holds one word, so a word already on the target goes back to the bank; dragging between
 * blanks moves the word and empties its old blank. A drop onto its own blank, onto a blank that does not exist, or
 * of a word that is not at its stated source changes nothing.
 */
export function dropOnBlank(
  state: WordBankState,
  word: string,
  fromBlank: number | null,
  toBlank: number,
): WordBankState {
  if (!inRange(state.blanks, toBlank) || fromBlank === toBlank) return state;
  let bank: string[];
  const blanks = [...state.blanks];
  if (fromBlank === null) {
    const rest = takeOne(state.bank, word);
    if (!rest) return state;
    bank = rest;
  } else {
    if (!inRange(state.blanks, fromBlank) || state.blanks[fromBlank] !== word) return state;
    bank = [...state.bank];
    blanks[fromBlank] = null;
  }
  const replaced = state.blanks[toBlank];
  if (replaced !== null && replaced !== undefined) bank.push(replaced);
  blanks[toBlank] = word;
  return { blanks, bank };
}

/** Drags a placed word back to the word bank (spec §4): the blank empties and the word joins the end of the bank. */
export function dropOnBank(state: WordBankState, fromBlank: number): WordBankState {
  const word = state.blanks[fromBlank];
  if (!inRange(state.blanks, fromBlank) || word === null || word === undefined) return state;
  const blanks = [...state.blanks];
  blanks[fromBlank] = null;
  return { blanks, bank: [...state.bank, word] };
}

// Typed words are compared without case (spec §5); surrounding spaces are not part of the word a student meant.
const matchKey = (word: string) => word.trim().toLowerCase();

/**
 * Matches typed cloze answers against the word bank (spec §5): case-insensitively, each option used at most once,
 * earlier blanks first. Returns per blank the option as the author wrote it, or null when nothing is left to match.
 */
export function matchTypedWords(typed: readonly string[], options: readonly string[]): (string | null)[] {
  const unused = [...options];
  return typed.map((word) => {
    const key = matchKey(word);
    if (key === '') return null;
    const index = unused.findIndex((option) => matchKey(option) === key);
    if (index === -1) return null;
    const [option] = unused.splice(index, 1);
    return option ?? null;
  });
}

/**
 * A drag-and-drop cloze table: each cell blank holds a list of words (spec §4), with the bank as for paragraphs.
 * Cells are numbered as in response_values, one list per cell.
 */
export interface TableWordBankState {
  cells: string[][];
  bank: string[];
}

/** The starting state of a table cloze, with saved lists placed back; saved words not among the options are dropped. */
export function initialTableWordBank(
  options: readonly string[],
  cellCount: number,
  saved: readonly (readonly string[])[] = [],
): TableWordBankState {
  let bank = [...options];
  const cells: string[][] = [];
  for (let i = 0; i < cellCount; i++) {
    const placed: string[] = [];
    for (const word of saved[i] ?? []) {
      const rest = takeOne(bank, word);
      if (!rest) continue;
      bank = rest;
      placed.push(word);
    }
    cells.push(placed);
  }
  return { cells, bank };
}

/**
 * Drops a word on a table cell: it joins the end of the cell's list. `fromCell` is null when the word comes from
 * the bank, else the cell it is dragged out of (one copy leaves that cell). Nothing is replaced, since cells hold
 * lists; a drop onto its own cell, a missing cell, or of a word not at its stated source changes nothing.
 */
export function dropOnTableCell(
  state: TableWordBankState,
  word: string,
  fromCell: number | null,
  toCell: number,
): TableWordBankState {
  if (!inRange(state.cells, toCell) || fromCell === toCell) return state;
  const cells = state.cells.map((cell) => [...cell]);
  let bank = state.bank;
  if (fromCell === null) {
    const rest = takeOne(state.bank, word);
    if (!rest) return state;
    bank = rest;
  } else {
    const rest = inRange(state.cells, fromCell) ? takeOne(state.cells[fromCell] ?? [], word) : null;
    if (!rest) return state;
    cells[fromCell] = rest;
  }
  cells[toCell] = [...(cells[toCell] ?? []), word];
  return { cells, bank };
}

/** Drags one copy of a word out of a table cell back to the word bank; anything not there changes nothing. */
export function removeFromTableCell(state: TableWordBankState, cell: number, word: string): TableWordBankState {
  const rest = inRange(state.cells, cell) ? takeOne(state.cells[cell] ?? [], word) : null;
  if (!rest) return state;
  const cells = [...state.cells];
  cells[cell] = rest;
  return { cells, bank: [...state.bank, word] };
}

// Tags that separate words when rendered, so removing them must leave a space ("a<br>b" is two words).
const BREAKING_TAGS = new Set([
  'br',
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'tr',
  'td',
  'th',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
]);
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntity(entity: string, body: string): string {
  if (body.startsWith('#')) {
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    // Out-of-range or NUL code points are left as written rather than throwing.
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  }
  return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
}

/**
 * A table cell answer as saved (spec §5): markup stripped, entities decoded, runs of whitespace (non-breaking
 * spaces included) collapsed to one space, and trimmed. Plain string work, so it runs the same on server and web.
 * Tags are removed before entities are decoded, so an escaped "&lt;b&gt;" the student typed survives as text.
 */
export function normaliseTableCellAnswer(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<\/?([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g, (_tag, name: string) =>
      BREAKING_TAGS.has(name.toLowerCase()) ? ' ' : '',
    )
    .replace(/&(#[0-9]+|#[xX][0-9a-fA-F]+|[a-zA-Z]+);/g, decodeEntity)
    .replace(/\s+/g, ' ')
    .trim();
}
