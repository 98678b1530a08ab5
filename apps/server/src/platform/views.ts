import fastifyFormbody from '@fastify/formbody';
import fastifyView from '@fastify/view';
import { Eta } from 'eta';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { currentOrNewCsrfToken, setCsrfCookie } from './csrf';
import { AppError, isDatabaseUnavailable } from './errors';
import { VIEWS_DIR } from './paths';

/** The field an HTML form sends its CSRF token in (the JSON API uses the X-CSRFToken header instead). */
export const CSRF_FIELD = '_csrf';

/** What every page template receives besides its own data (`it.page`). */
export interface PageContext {
  /** The page's title: the <title> and, unless a template says otherwise, its <h1>. */
  title: string;
  /** The CSRF token for the forms on the page (csrfField() in a template writes the hidden field). */
  csrfToken: string;
  /** Who is signed in, for the page header; null on pages a signed-out visitor may see. */
  signedInAs: string | null;
  /** Links above the heading, from the outermost page in: [label, href]. */
  breadcrumbs: Array<[string, string]>;
}

/**
 * Registers @fastify/view with eta for the server-rendered pages (ADR 033). Templates are under src/views/, every
 * `<%= %>` is HTML-escaped (autoEscape), `<%~ %>` writes raw HTML and is only for output of another template
 * (the layout's body). Cached in production, re-read on each render in development.
 */
export async function registerViews(app: FastifyInstance, config: Pick<Config, 'env'>): Promise<void> {
  const eta = new Eta({ views: VIEWS_DIR, autoEscape: true, cache: config.env === 'production' });
  await app.register(fastifyView, {
    engine: { eta },
    root: VIEWS_DIR,
    viewExt: 'eta',
    production: config.env === 'production',
  });
}

/**
 * Makes a plugin's routes accept HTML form posts (application/x-www-form-urlencoded). Call it inside the plugin of
 * the pages, not at the root: the JSON API keeps refusing form bodies, and each form route stays CSRF-checked
 * (the token comes in the `_csrf` field; see platform/csrf.ts).
 */
export async function acceptHtmlForms(app: FastifyInstance): Promise<void> {
  await app.register(fastifyFormbody, { bodyLimit: 65_536 });
}

/**
 * Renders a page template with the layout's context: a CSRF token bound to the session (set as the csrftoken
 * cookie when new, so the form's hidden field and the cookie agree), the signed-in person and no caching.
 */
export async function renderPage(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { config: Config; secret: string },
  template: string,
  context: Omit<PageContext, 'csrfToken' | 'signedInAs' | 'breadcrumbs'> & {
    breadcrumbs?: PageContext['breadcrumbs'];
    page?: unknown;
  },
  status = 200,
): Promise<FastifyReply> {
  const { token, isNew } = currentOrNewCsrfToken(deps.secret, deps.config, request);
  if (isNew) setCsrfCookie(reply, deps.config, token);
  const actor = request.actor;
  const data: PageContext & { page?: unknown } = {
    breadcrumbs: [],
    ...context,
    csrfToken: token,
    signedInAs: actor ? `${actor.firstName} ${actor.lastName}`.trim() || actor.email : null,
  };
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('content-type', 'text/html; charset=utf-8')
    .view(template, data);
}

/**
 * The pages' own error answers (the JSON API keeps its error handler): signed out → the sign-in page, returning
 * here; the rest as pages with the spec's failure wording (§2 "Failure pages").
 */
export async function pageForError(
  deps: { config: Config; secret: string },
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const render = (status: number, title: string, message: string) =>
    renderPage(request, reply, deps, 'error', { title, page: { message } }, status);
  if (error instanceof AppError) {
    switch (error.code) {
      case 'not_authenticated':
        return reply.redirect(`/account/?${new URLSearchParams({ next: request.url })}`, 303);
      case 'forbidden':
        return render(403, 'What are you doing here?', 'These pages are not meant for you.');
      case 'csrf_failed':
        return render(403, 'This form has expired', `${error.message} Go back, reload the page and try again.`);
      case 'not_found':
        return render(404, "We can't find the resources you're looking for", error.message);
      default:
        if (error.status < 500) return render(error.status, 'That did not work', error.message);
    }
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return render(404, "We can't find the resources you're looking for", 'That address does not name a record.');
  }
  const statusCode = (error as { statusCode?: number }).statusCode;
  if (statusCode && statusCode < 500) {
    return render(statusCode, 'That did not work', 'The request could not be understood.');
  }
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    void reply.header('retry-after', '5');
    return render(503, 'Oh fiddlesticks! Something has gone horribly wrong', 'The service is unavailable. Try again.');
  }
  request.log.error({ err: error }, 'unhandled error on a page');
  return render(500, 'Oh fiddlesticks! Something has gone horribly wrong', 'A server error occurred.');
}
