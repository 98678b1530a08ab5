/**
 * Griddle: no public column specification. One or more class lists (a row per student per class) with a header
 * row; columns are matched by header name (see `commonAliases`) and the mapping is returned so the uploader can
 * confirm it before importing. Student code, first name, last name and class code are required columns.
 */
import { commonAliases, parseHeaderMapped } from './header-mapped';
import type { RosterParser } from './types';

export const parseGriddle: RosterParser = (files, options) =>
  parseHeaderMapped(
    {
      source: 'griddle',
      aliases: {
        ...commonAliases,
        class_code: [...(commonAliases.class_code ?? []), 'Griddle class', 'Line class'],
      },
      fixedKind: 'enrolments',
      requiredKinds: ['enrolments'],
      showMapping: true,
      kindLabel: { enrolments: 'class list' },
    },
    files,
    options,
  );
