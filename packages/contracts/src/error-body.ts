import { z } from 'zod';
import { errorStatus, type ErrorBody, type ErrorCode } from './errors';

/**
 * The JSON body of every error answer as the API sends it: the OpenAPI document's ErrorBody. Kept out of errors.ts,
 * which the web app's first pages import, so that they load no zod (ADR 039). `errors` names the fields at fault on a
 * 400; `request_id` is the answer's X-Request-Id, added by the server's error handler.
 */
export const errorBodySchema = z.object({
  detail: z.string().describe('What went wrong, in words for a person.'),
  code: z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]).describe('What went wrong, for a program.'),
  errors: z
    .record(z.string(), z.array(z.string()))
    .optional()
    .describe('On a 400: the messages for each field at fault (`non_field_errors` for the request as a whole).'),
  request_id: z.string().describe('The id of the request (also its X-Request-Id header).'),
});

/** The schema says what the ErrorBody type the server builds its answers with says, its request id included. */
type Sent = z.infer<typeof errorBodySchema>;
type Built = ErrorBody & { request_id: string };
const sameShape: [Sent extends Built ? true : false, Built extends Sent ? true : false] = [true, true];
void sameShape;
