/** Error codes the API answers with, and the HTTP status of each. Read by the server's error handler and the web app. */
export const errorStatus = {
  bad_request: 400,
  validation_failed: 400,
  invalid_credentials: 400,
  not_authenticated: 401,
  forbidden: 403,
  /** The class's plan does not include this part of the course (a course feature off for its feature set). */
  feature_unavailable: 403,
  /** The class's expiration date has passed: its students no longer open it (its teachers still do). */
  class_expired: 403,
  /** A trial class (TT or ST) past its expiration date: its work can be read, not changed. */
  class_read_only: 403,
  csrf_failed: 403,
  /** The student's fees for this class are unpaid past the school's due date: the class is locked until they pay. */
  payment_required: 402,
  not_found: 404,
  conflict: 409,
  /** A class's teacher has locked the exam (spec §4): no starting, answering or submitting until it is open. */
  exam_locked: 409,
  /** The exam sitting has been submitted; its answers no longer change. */
  sitting_submitted: 409,
  /** The sitting's time (limit plus extra time) has run out; answers no longer change, submitting still works. */
  time_up: 409,
  /** A link that worked once and no longer does (used or expired set-password links). */
  gone: 410,
  precondition_failed: 412,
  payload_too_large: 413,
  too_many_requests: 429,
  internal: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** The JSON body of every error answer. `errors` names the fields at fault on a 400. */
export interface ErrorBody {
  detail: string;
  code: ErrorCode;
  errors?: Record<string, string[]>;
  request_id?: string;
}

/** Messages of the HTTP error pages (spec §8). */
export const httpErrorMessages: Record<number, string> = {
  400: "Uh oh! It looks like there was a problem with your request. Don't worry, just try again and everything should work out.",
  401: "Whoops! You need to log in before you can access this resource. Log in and you'll be good to go.",
  403: "Sorry, but you don't have permission to access this page. If you think there's been a mistake, ask someone for help.",
  404: "Oops! We couldn't find the page you're looking for. Try double-checking the address (URL) and see if that helps.",
  500: "Yikes! There was a problem on our end. Don't worry, we'll fix it as soon as we can.",
  502: "Hmm, it looks like there was a problem connecting to the server. Don't worry, just give it a few minutes and try again.",
  503: 'Whoops! The server is busy right now. Try again in a little bit and you should be able to access the page.',
};

export const unknownHttpError = {
  title: 'Uh oh, something went wrong!',
  message: "Don't worry, just try refreshing the page or asking someone for help. We'll fix it as soon as we can.",
} as const;

/** Titles we chose for the HTTP error pages (the spec gives only the messages). */
export const httpErrorTitles: Record<number, string> = {
  400: 'Bad request',
  401: 'Please sign in',
  403: 'Access denied',
  404: 'Page not found',
  500: 'Server error',
  502: 'Connection problem',
  503: 'Server busy',
};

/** The reasons a request can fail (spec §8), each mapped to one failure page. */
export const FailureReason = {
  UNAUTHORIZED_ERROR: 'UNAUTHORIZED_ERROR',
  SYSTEM_ERROR: 'SYSTEM_ERROR',
  NETWORK_ERROR: 'NETWORK_ERROR',
  NOT_FOUND_ERROR: 'NOT_FOUND_ERROR',
  GATEWAY_TIMEOUT: 'GATEWAY_TIMEOUT',
  BAD_REQUEST: 'BAD_REQUEST',
  /** 402: the student's class is locked until its fees are paid (payments). */
  PAYMENT_REQUIRED: 'PAYMENT_REQUIRED',
} as const;
export type FailureReason = (typeof FailureReason)[keyof typeof FailureReason];

export const CSRF_MESSAGES = {
  missing: 'CSRF Failed: CSRF token missing.',
  incorrect: 'CSRF Failed: CSRF token incorrect.',
  cookieNotSet: 'CSRF Failed: CSRF cookie not set.',
} as const;
