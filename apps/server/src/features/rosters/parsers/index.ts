/**
 * The roster parsers by source. A source without an entry is not offered (GET /api/v1/rosters/sources/ lists the
 * registered ones, and the upload pages follow it); an upload naming it is refused with 400 on `source`.
 */
import { parseEdval } from './edval';
import { parseProduct } from './product';
import type { RosterParser, RosterSource } from './types';

export const rosterParsers: Partial<Record<RosterSource, RosterParser>> = {
  edval: parseEdval,
  product: parseProduct,
};
