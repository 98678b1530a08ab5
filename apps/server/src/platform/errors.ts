import { errorStatus, type ErrorBody, type ErrorCode } from '@banksia/contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

const defaultDetail: Record<ErrorCode, string> = {
  bad_request: 'The request could not be understood.',
  validation_failed: 'Some fields are not valid.',
  invalid_credentials: 'Incorrect email or password.',
  not_authenticated: 'Authentication credentials were not provided.',
  forbidden: 'You do not have permission to perform this action.',
  feature_unavailable: "Your class's plan does not include this.",
  class_expired: 'This class has ended.',
  class_read_only: 'This trial has ended: its work can be read but no longer changed.',
  csrf_failed: 'CSRF Failed.',
  payment_required: 'This class is locked until its fees are paid.',
  not_found: 'Not found.',
  conflict: 'The request conflicts with the current state.',
  exam_locked: 'Your teacher has locked this exam.',
  sitting_submitted: 'This exam has been submitted, so its answers can no longer change.',
  time_up: 'Time is up for this exam, so its answers can no longer change.',
  request_in_progress: 'This request is still being processed. Try again in a moment.',
  idempotency_key_reused: 'This Idempotency-Key was already used for a different request.',
  gone: 'This link no longer works.',
  precondition_failed: 'A precondition failed.',
  payload_too_large: 'The request is too large.',
  too_many_requests: 'Too many requests. Try again later.',
  internal: 'A server error occurred.',
  service_unavailable: 'The service is unavailable. Try again later.',
};

/** An expected failure with a code from the contracts' table; the error handler turns it into an HTTP answer. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: Record<string, string[]> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    detail?: string,
    options: { errors?: Record<string, string[]>; headers?: Record<string, string> } = {},
  ) {
    super(detail ?? defaultDetail[code]);
    this.name = 'AppError';
    this.code = code;
    this.errors = options.errors;
    this.headers = options.headers;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

/** Builds the JSON error body for a code. */
export function errorBody(code: ErrorCode, detail?: string, errors?: Record<string, string[]>): ErrorBody {
  return { detail: detail ?? defaultDetail[code], code, ...(errors ? { errors } : {}) };
}

function fieldName(instancePath: string, context: string | undefined, missing: unknown): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (typeof missing === 'string') parts.push(missing);
  if (parts.length) return parts.join('.');
  return context === 'body' || !context ? 'non_field_errors' : context;
}

/**
 * PostgreSQL's data exceptions (class 22: numeric value out of range, invalid text representation, NUL in text,
 * string too long, bad dates), straight from `pg` or wrapped by Drizzle: input the schemas did not stop.
 */
function isBadDataError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect', // pg-pool: no free connection in time
  'Connection terminated due to connection timeout',
  'Connection terminated unexpectedly',
  'Query read timeout', // pg: the server did not answer within query_timeout
  'Client has encountered a connection error and is not queryable',
];

/**
 * Whether an error means the database cannot be reached or did not answer in time (a 503, not a bug): refused or
 * timed-out connections, a statement cancelled by its timeout (57014), the server shutting down or starting (57P0x),
 * connection exceptions (08xxx) and too many connections (53300). Drizzle wraps pg's error as `cause`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57014', '53300'].includes(code)) return true;
    if (/^(08|57P)/.test(code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((m) => (e!.message as string).includes(m)))
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** The one error handler: codes → statuses, field errors on 400, and never a stack trace to the client. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const requestId = request.id;
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply
        .status(error.status)
        .send({ ...errorBody(error.code, error.message, error.errors), request_id: requestId });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const params = issue.params as { missingProperty?: unknown } | undefined;
        const key = fieldName(issue.instancePath, error.validationContext, params?.missingProperty);
        (errors[key] ??= []).push(issue.message ?? 'Invalid value.');
      }
      return reply.status(400).send({ ...errorBody('validation_failed', undefined, errors), request_id: requestId });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ ...errorBody('internal'), request_id: requestId });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ ...errorBody('service_unavailable'), request_id: requestId });
    }
    if (isBadDataError(error)) {
      // A value the schema let through but PostgreSQL cannot hold (a number out of range, a NUL): the client's input.
      request.log.warn({ err: error }, 'input PostgreSQL refused');
      return reply.status(400).send({ ...errorBody('bad_request'), request_id: requestId });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(status).send({ ...errorBody('internal'), request_id: requestId });
    }
    // Fastify's own 4xx errors (bad JSON, body too large, wrong content type…).
    const code =
      status === 413
        ? 'payload_too_large'
        : status === 404
          ? 'not_found'
          : status === 429
            ? 'too_many_requests'
            : 'bad_request';
    return reply.status(status).send({ ...errorBody(code, error.message), request_id: requestId });
  });
}

/**
 * Runs code that reads a multipart body, turning a malformed body (no boundary, cut short, broken headers: errors
 * the parser throws without a status) into a 400 on the form. Limits the parser reports keep their 4xx status.
 */
export async function readingMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof AppError || (status && status < 500)) throw error;
    if ((error as { code?: unknown }).code !== undefined) throw error;
    throw new AppError('bad_request', 'The upload could not be read: the form is malformed. Try again.', {
      errors: { file: ['The upload could not be read.'] },
    });
  }
}
