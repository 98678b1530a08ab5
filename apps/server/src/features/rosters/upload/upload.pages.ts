import { localYear } from '@banksia/contracts/rules/class-expiry';
import { idParam } from '@banksia/contracts/ids';
import { rosterStepValues, type RosterStep } from '@banksia/contracts/rosters';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../../platform/authz';
import type { AppDeps } from '../../../platform/deps';
import { pageForError, renderPage } from '../../../platform/views';
import { getStep } from '../reconcile/index';
import { rostersAccess } from '../rosters.access';
import { getDataset, listDatasets } from './upload.service';

/** The four reconciliation steps in the order they are walked, with the names the pages give them. */
export const STEP_TITLES: Record<RosterStep, string> = {
  school_class_reconciliation: 'Classes',
  teacher_reconciliation: 'Teachers',
  student_reconciliation: 'Students',
  role_reconciliation: 'Enrolments',
};

const ACTION_LABELS: Record<string, string> = {
  create: 'Create',
  update: 'Update',
  match: 'Matched',
  remove: 'Remove',
  leave: 'Leave as is',
};

const METHOD_LABELS: Record<string, string> = {
  external_id: 'School code',
  email: 'Email',
  title: 'Class code',
  name_year: 'Name and year (to confirm)',
  override: 'Chosen by a person',
  none: '',
};

const yearQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });
const home: [string, string] = ['Rosters', '/content/admin/enrolinator/'];

/**
 * /enrolinator/datasets/?year= and /enrolinator/datasets/{id}/?year=: the roster datasets of a calendar year and one
 * dataset's four reconciliation steps, rendered on the server for printing or reading without the web app
 * (docs/rosters.md). The same people as the roster API see them, with the same scoping: staff every school, a school
 * admin their own school's datasets (another school's is not found).
 */
export function rosterPages(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.setErrorHandler(async (error, request, reply) => pageForError(deps, error, request, reply));
    const config = rostersAccess;

    app.get(
      '/enrolinator/datasets/',
      { config, schema: { hide: true, querystring: yearQuery } },
      async (req, reply) => {
        const actor = requireActor(req);
        const year = req.query.year ?? localYear(deps.clock.now(), deps.config.schoolTimeZone);
        const { datasets } = await listDatasets(deps, actor, { calendar_year: year });
        return renderPage(req, reply, deps, 'enrolinator/list', {
          title: `Roster datasets of ${year}`,
          breadcrumbs: [home],
          page: {
            year,
            years: [year - 1, year, year + 1],
            datasets: datasets.map((d) => ({
              ...d,
              href: `/enrolinator/datasets/${d.id}/?year=${year}`,
              created: formatDate(d.created_at, deps.config.schoolTimeZone),
              applied: d.applied_at ? formatDate(d.applied_at, deps.config.schoolTimeZone) : '',
            })),
          },
        });
      },
    );

    app.get(
      '/enrolinator/datasets/:id/',
      { config, schema: { hide: true, params: z.object({ id: idParam }), querystring: yearQuery } },
      async (req, reply) => {
        const actor = requireActor(req);
        const dataset = await getDataset(deps, actor, req.params.id);
        const steps = [];
        for (const step of rosterStepValues) {
          const report = await getStep(deps, actor, dataset.id, step);
          steps.push({
            id: step,
            title: STEP_TITLES[step],
            counts: Object.entries(report.counts).map(([action, n]) => `${ACTION_LABELS[action] ?? action}: ${n}`),
            decisions: report.decisions.map((d) => ({
              action: ACTION_LABELS[d.action] ?? d.action,
              label: d.label,
              method: d.overridden ? METHOD_LABELS.override : (METHOD_LABELS[d.method] ?? d.method),
              suggestion: d.suggestion?.label ?? '',
              where: d.file ? `${d.file}${d.line ? `, line ${d.line}` : ''}` : '',
            })),
          });
        }
        const year = req.query.year ?? dataset.calendar_year;
        return renderPage(req, reply, deps, 'enrolinator/detail', {
          title: `Roster dataset ${dataset.id}: ${dataset.school_name}, ${dataset.calendar_year}`,
          breadcrumbs: [home, [`Datasets of ${year}`, `/enrolinator/datasets/?year=${year}`]],
          page: {
            dataset: {
              ...dataset,
              created: formatDate(dataset.created_at, deps.config.schoolTimeZone),
              applied: dataset.applied_at ? formatDate(dataset.applied_at, deps.config.schoolTimeZone) : '',
              rolledBack: dataset.rolled_back_at ? formatDate(dataset.rolled_back_at, deps.config.schoolTimeZone) : '',
            },
            steps,
          },
        });
      },
    );
  };
}

/** A date and time as Australian schools write them, in the configured SCHOOL_TIME_ZONE (ADR 048). */
function formatDate(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short', timeZone });
}
