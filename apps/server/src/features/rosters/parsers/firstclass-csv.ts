/**
 * FirstClass CSV: no public column specification. One or more class lists (a row per student per class) with a
 * header row; columns are matched by header name (see `commonAliases`) and the mapping is returned so the uploader
 * can confirm it before importing. Student code, first name, last name and class code are required columns.
 */
import { commonAliases, parseHeaderMapped } from './header-mapped';
import type { RosterParser } from './types';

export const parseFirstClassCsv: RosterParser = (files, options) =>
  parseHeaderMapped(
    {
      source: 'firstclass-csv',
      aliases: {
        ...commonAliases,
        student_code: [...(commonAliases.student_code ?? []), 'FirstClass ID', 'User ID', 'Username'],
      },
      fixedKind: 'enrolments',
      requiredKinds: ['enrolments'],
      showMapping: true,
      kindLabel: { enrolments: 'class list' },
    },
    files,
    options,
  );
