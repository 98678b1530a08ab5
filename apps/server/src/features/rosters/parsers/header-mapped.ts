/**
 * The engine behind the delimited-text formats (Timetabler before 9, TimeChart, FirstClass, Griddle): each file has
 * a header row; each header is matched to a roster field through a table of aliases, so column order and extra
 * columns do not matter. A file is one of four kinds, decided by its columns (or fixed by the format):
 *
 * - enrolments: a row per student per class (student code + class code), optionally with the student's names,
 *   year and email, the class's subject and the class's teacher;
 * - students: a row per student; teachers: a row per teacher; classes: a row per class (and its teacher).
 *
 * Files are read students → teachers → classes → enrolments, so enrolment rows can be checked against the lists.
 */
import { budgetFor } from './csv-input';
import type { FileKind, HeaderMappedFormat, RosterField } from './header-fields';
import { planFile, requireColumns, shownField, type PlannedFile } from './header-plan';
import { readPlannedFile } from './header-rows';
import { RosterBuilder } from './roster-builder';
import { expandZips } from './zip-input';
import { RosterFileError, type ParseOptions, type ParsedRoster, type RosterInputFile } from './types';

export {
  commonAliases,
  rosterFields,
  type AliasTable,
  type FileKind,
  type HeaderMappedFormat,
  type RosterField,
} from './header-fields';

const KIND_ORDER: FileKind[] = ['students', 'teachers', 'classes', 'enrolments'];

/** Parses an upload of one header-mapped format. */
export async function parseHeaderMapped(
  format: HeaderMappedFormat,
  input: RosterInputFile[],
  options?: ParseOptions,
): Promise<ParsedRoster> {
  if (input.length === 0) throw new RosterFileError('Choose at least one file.', 'file');
  const files = await expandZips(input);
  const plans: PlannedFile[] = [];
  for (const file of files) plans.push(await planFile(file, format));
  for (const kind of format.requiredKinds) {
    if (!plans.some((p) => p.kind === kind)) {
      const label = format.kindLabel?.[kind] ?? `a file of ${kind}`;
      throw new RosterFileError(`The upload has no ${label}.`, 'file');
    }
  }
  const studentsListed = plans.some((p) => p.kind === 'students');
  const teachersListed = plans.some((p) => p.kind === 'teachers');
  for (const plan of plans) requireColumns(plan, studentsListed);
  plans.sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));

  const builder = new RosterBuilder(format.source);
  const budget = budgetFor(files, options);
  const inactive = new Set<string>();
  for (const plan of plans) {
    if (format.showMapping) {
      builder.addMapping({
        file: plan.file.name,
        columns: plan.headers.map((header, i) => {
          const field = (Object.entries(plan.columns) as Array<[RosterField, number]>).find(([, col]) => col === i);
          return { header, field: field ? shownField(field[0], plan.kind) : null };
        }),
      });
    }
    await readPlannedFile(plan, format, builder, budget, {
      studentsListed,
      teachersListed,
      inactive,
      unknownTeachers: new Set(),
    });
  }
  if (builder.rows === 0) {
    throw new RosterFileError('The upload has header rows but no data rows.', 'file');
  }
  return builder.result();
}
