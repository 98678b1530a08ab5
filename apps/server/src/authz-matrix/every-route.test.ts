import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { accountsRows } from './accounts.rows';
import { learningRows } from './learning.rows';
import { activitiesRows } from './activities.rows';
import { examsRows } from './exams.rows';
import { progressGridsRows } from './progress-grids.rows';
import { classManagementRows } from './class-management.rows';
import { tasksRows } from './tasks.rows';
import { authoringRows } from './authoring.rows';
import { rostersRows } from './rosters.rows';
import { paymentsRows } from './payments.rows';
import { secretAdminRows } from './secret-admin.rows';
import { ssoRows } from './sso.rows';
import { rowKey, type Row } from './matrix';

/**
 * Every route the app registers has a row in one of the matrix's tables, and every row is a route: a route missing
 * from the matrix fails the suite.
 */
const ctx = useTestApp();

const tables: Record<string, Row>[] = [
  accountsRows,
  learningRows,
  activitiesRows,
  examsRows,
  progressGridsRows,
  classManagementRows,
  tasksRows,
  authoringRows,
  rostersRows,
  paymentsRows,
  secretAdminRows,
  ssoRows,
];

describe('authorization matrix', () => {
  it('has a row for every registered route, and no row for a route that does not exist', () => {
    const keys = tables.flatMap((table) => Object.keys(table));
    expect(
      keys.filter((k, i) => keys.indexOf(k) !== i),
      'routes with rows in two tables',
    ).toEqual([]);
    const matrix: Record<string, Row> = Object.assign({}, ...tables);
    const registered = new Set(ctx.app.routeTable.map((r) => rowKey(r.method, r.url)).filter((k): k is string => !!k));
    const missing = [...registered].filter((k) => !(k in matrix));
    expect(missing, 'routes without a row in the authorization matrix').toEqual([]);
    expect(
      Object.keys(matrix).filter((k) => !registered.has(k)),
      'rows for routes that do not exist',
    ).toEqual([]);
  });
});
