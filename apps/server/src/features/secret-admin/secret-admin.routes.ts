import { idParam } from '@banksia/contracts/ids';
import { secretListQuery } from '@banksia/contracts/secret-admin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { acceptHtmlForms, pageForError, renderPage } from '../../platform/views';
import type { AnySecretModel } from './secret-admin.model';
import { secretModels } from './secret-admin.models';
import {
  cell,
  errorSummary,
  fieldErrors,
  listHref,
  presentFields,
  presentHistory,
  submittedValues,
} from './secret-admin.presenter';
import { auditHistory } from './secret-admin.repository';

/** Records per list page, and audit entries shown on a detail page. */
export const SECRET_PAGE_SIZE = 25;
export const SECRET_HISTORY_LIMIT = 100;

const home: [string, string] = ['Secret admin', '/secret/'];

/**
 * /secret/: the server-rendered admin for content staff (docs/secret-admin.md). Plain HTML forms, POST then
 * redirect; no JavaScript. One index, then a list, a detail page (with the edit form and the audit history) and the
 * form's POST for every model in the registry.
 */
export function secretAdminRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await acceptHtmlForms(app);
    app.setErrorHandler(async (error, request, reply) => pageForError(deps, error, request, reply));
    const config = { access: access.role('content_admin') };

    app.get('/secret/', { config, schema: { hide: true } }, async (request, reply) =>
      renderPage(request, reply, deps, 'secret/index', {
        title: 'Secret admin',
        page: { sections: secretModels.map((m) => ({ href: `/secret/${m.slug}/`, ...m })) },
      }),
    );

    for (const model of secretModels) {
      const params = z.object({ [model.param]: idParam });
      const idOf = (request: FastifyRequest) => (request.params as Record<string, number>)[model.param]!;

      app.get(`/secret/${model.slug}/`, { config, schema: { hide: true } }, async (request, reply) =>
        listPage(deps, model, request, reply),
      );

      app.get(
        `/secret/${model.slug}/:${model.param}/`,
        { config, schema: { hide: true, params } },
        async (request, reply) => {
          const row = await findOr404(deps, model, idOf(request));
          const saved = (request.query as Record<string, unknown>).saved === '1';
          const edit = model.edit(row);
          return detailPage(deps, model, row, request, reply, {
            values: edit.fields ? edit.values : {},
            errors: {},
            notice: saved ? 'Saved.' : null,
          });
        },
      );

      app.post(
        `/secret/${model.slug}/:${model.param}/`,
        { config, schema: { hide: true, params } },
        async (request, reply) => {
          const actor = requireActor(request);
          const id = idOf(request);
          const row = await findOr404(deps, model, id);
          const edit = model.edit(row);
          if (!edit.fields) throw new AppError('bad_request', edit.note);
          const again = (status: number, errors: Record<string, string[]>, problem: string | null = null) =>
            detailPage(
              deps,
              model,
              row,
              request,
              reply,
              { values: submittedValues(edit.fields, request.body), errors, problem },
              status,
            );
          const parsed = edit.schema.safeParse(request.body);
          if (!parsed.success) return again(400, fieldErrors(parsed.error.issues));
          try {
            await edit.save(deps, actor, row, parsed.data, request.ip);
          } catch (error) {
            if (error instanceof AppError && error.code === 'validation_failed') {
              return again(400, error.errors ?? { non_field_errors: [error.message] });
            }
            if (error instanceof AppError && error.status === 409) {
              return again(409, {}, `${error.message} Your changes were not saved.`);
            }
            throw error;
          }
          return reply.redirect(`/secret/${model.slug}/${id}/?saved=1`, 303);
        },
      );
    }
  };
}

async function findOr404(deps: AppDeps, model: AnySecretModel, id: number) {
  const row = await model.find(deps, id);
  if (!row) throw new AppError('not_found', `No ${model.singular} has the id ${id}.`);
  return row;
}

async function listPage(deps: AppDeps, model: AnySecretModel, request: FastifyRequest, reply: FastifyReply) {
  const query = secretListQuery.parse(request.query);
  const filters: Record<string, string> = {};
  for (const f of model.filters) {
    const value = query[f.name];
    if (typeof value === 'string' && value !== '') filters[f.name] = value;
  }
  const pageNo = query.page ?? 1;
  const { rows, total } = await model.list(deps, {
    q: query.q || undefined,
    filters,
    limit: SECRET_PAGE_SIZE,
    offset: (pageNo - 1) * SECRET_PAGE_SIZE,
  });
  const pages = Math.max(1, Math.ceil(total / SECRET_PAGE_SIZE));
  const current = { q: query.q, ...filters };
  return renderPage(request, reply, deps, 'secret/list', {
    title: model.title,
    breadcrumbs: [home],
    page: {
      model,
      q: query.q ?? '',
      filters: await Promise.all(
        model.filters.map(async (f) => ({
          name: f.name,
          label: f.label,
          id: `filter-${f.name}`,
          options: (await f.options(deps)).map((o) => ({ ...o, selected: filters[f.name] === o.value })),
        })),
      ),
      columns: model.columns.map((c) => c.label),
      rows: rows.map((r) => model.columns.map((c) => cell(c.value(r)))),
      total,
      pageNo,
      pages,
      previous: pageNo > 1 ? listHref(model, { ...current, page: pageNo - 1 }) : null,
      next: pageNo < pages ? listHref(model, { ...current, page: pageNo + 1 }) : null,
      filtered: !!query.q || Object.keys(filters).length > 0,
      clearHref: listHref(model, {}),
    },
  });
}

async function detailPage(
  deps: AppDeps,
  model: AnySecretModel,
  row: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  form: {
    values: Record<string, unknown>;
    errors: Record<string, string[]>;
    notice?: string | null;
    problem?: string | null;
  },
  status = 200,
) {
  const edit = model.edit(row);
  const id = model.id(row);
  const history = presentHistory(await auditHistory(deps.db, model.auditOf(row), SECRET_HISTORY_LIMIT));
  const label = model.label(row);
  return renderPage(
    request,
    reply,
    deps,
    'secret/detail',
    {
      title: status >= 400 ? `Error: ${label}` : label,
      breadcrumbs: [home, [model.title, `/secret/${model.slug}/`]],
      page: {
        heading: label,
        singular: model.singular,
        details: model.details(row).map(([name, value]) => ({ name, ...cell(value) })),
        action: `/secret/${model.slug}/${id}/`,
        edit: edit.fields
          ? {
              fields: presentFields(edit.fields, form.values, form.errors),
              hidden: Object.entries(edit.hidden).map(([name, value]) => ({ name, value: String(value) })),
              summary: errorSummary(edit.fields, form.errors),
            }
          : null,
        noEdit: edit.fields ? null : { note: edit.note, link: edit.link ?? null },
        notice: form.notice ?? null,
        problem: form.problem ?? null,
        history,
      },
    },
    status,
  );
}
