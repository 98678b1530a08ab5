import { readJsonBody } from './json-body';

export const FETCH_ERROR_MESSAGE = 'An error occurred while fetching the data';

/** The error fetchJson throws, carrying the answer's status and parsed body. */
export class FetchError extends Error {
  override name = 'FetchError';
  readonly status: number;
  readonly info: unknown;

  constructor(status: number, info: unknown) {
    super(FETCH_ERROR_MESSAGE);
    this.status = status;
    this.info = info;
  }
}

/** GETs `url` and resolves its JSON (null for an empty body); throws FetchError on a non-ok or non-JSON answer. */
export async function fetchJson<T>(url: string, options: { signal?: AbortSignal } = {}): Promise<T> {
  const response = await fetch(url, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal: options.signal,
  });
  const body = await readJsonBody(response);
  if (!response.ok || !body.valid) throw new FetchError(response.status, body.value);
  return body.value as T;
}
