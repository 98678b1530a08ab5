import type { RosterDataset } from '@banksia/contracts/rosters';
import type { RosterSource } from '../parsers/index';

/** The uploaders' names and page slugs (/school-uploader/{page}/). */
export const SOURCE_PAGES: Record<RosterSource, { name: string; page: string }> = {
  edval: { name: 'Edval', page: 'edval-upload' },
  product: { name: 'Banksia roster template', page: 'banksia-upload' },
  'timetabler-post-9': { name: 'Timetabler 9 and later', page: 'timetabler-post-9-upload' },
  'timetabler-pre-9': { name: 'Timetabler before 9', page: 'timetabler-pre-9-upload' },
  'firstclass-csv': { name: 'FirstClass CSV', page: 'firstclass-csv-upload' },
  griddle: { name: 'Griddle', page: 'griddle-upload' },
  timechart: { name: 'TimeChart', page: 'timechart-upload' },
  oneroster: { name: 'OneRoster 1.1', page: 'oneroster-upload' },
};

/** The sources offered for upload, with the template's address. */
export function presentSources(sources: RosterSource[], templateUrl: string) {
  return { sources: sources.map((s) => ({ source: s, ...SOURCE_PAGES[s] })), template_url: templateUrl };
}

/** A dataset in a list: its row errors are left to its own page. */
export function presentListedDataset(dataset: RosterDataset): Omit<RosterDataset, 'errors'> {
  const { errors: _errors, ...rest } = dataset;
  return rest;
}
