import { FailureReason } from '@banksia/contracts/errors';
import type { RequestResult } from '../lib/request';

/**
 * A failed request as an Error, so query functions can throw it: TanStack Query needs a throw to enter its
 * error state, and the router's error element can read the reason to pick the failure page (spec §8).
 */
export class RequestFailure extends Error {
  override name = 'RequestFailure';
  readonly reason: FailureReason | string;
  readonly status: number | null;
  readonly body: unknown;

  constructor(reason: FailureReason | string, status: number | null, body: unknown) {
    super(`Request failed: ${reason}`);
    this.reason = reason;
    this.status = status;
    this.body = body;
  }
}

/** The body of a successful result; throws a RequestFailure otherwise. */
export function unwrap<T>(result: RequestResult<T>): T {
  if (result.ok) return result.body;
  throw new RequestFailure(result.failureReason, result.status, result.body);
}

/** The failure reason carried by an error: a RequestFailure's own, else SYSTEM_ERROR. */
export function failureReasonOf(error: unknown): FailureReason | string {
  return error instanceof RequestFailure ? error.reason : FailureReason.SYSTEM_ERROR;
}
