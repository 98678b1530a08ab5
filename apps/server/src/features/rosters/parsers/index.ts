/**
 * The roster parsers by source. A source without an entry is not offered (GET /api/v1/rosters/sources/ lists the
 * registered ones, and the upload pages follow it); an upload naming it is refused with 400 on `source`.
 */
import { parseEdval } from './edval';
import { parseFirstClassCsv } from './firstclass-csv';
import { parseGriddle } from './griddle';
import { parseOneRoster } from './oneroster';
import { parseProduct } from './product';
import { parseTimechart } from './timechart';
import { parseTimetablerPost9 } from './timetabler-post-9';
import { parseTimetablerPre9 } from './timetabler-pre-9';
import type { RosterParser, RosterSource } from './types';

export const rosterParsers: Partial<Record<RosterSource, RosterParser>> = {
  edval: parseEdval,
  product: parseProduct,
  'timetabler-post-9': parseTimetablerPost9,
  'timetabler-pre-9': parseTimetablerPre9,
  'firstclass-csv': parseFirstClassCsv,
  griddle: parseGriddle,
  timechart: parseTimechart,
  oneroster: parseOneRoster,
};

export { bufferFile } from './csv-reader';
export { productTemplateCsv } from './product';
export {
  ROSTER_MAX_UPLOAD_BYTES,
  ROSTER_MAX_ZIP_ENTRIES,
  RosterFileError,
  type ParsedRoster,
  type RosterInputFile,
  type RosterSource,
} from './types';
