/** True for a plain JSON-like object, so its fields can be read safely. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first of `keys` whose value in `body` is a non-empty string. */
export function stringField(body: unknown, ...keys: string[]): string | null {
  if (!isRecord(body)) return null;
  for (const key of keys) {
    const value = body[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

/** A response body read as text and parsed as JSON; an empty body is null, and text that is not JSON is kept raw. */
export interface JsonBody {
  value: unknown;
  valid: boolean;
}

/** Reads and parses a response body without throwing on bad JSON (it still rejects if the body cannot be read). */
export async function readJsonBody(response: Response): Promise<JsonBody> {
  const text = await response.text();
  if (text === '') return { value: null, valid: true };
  try {
    return { value: JSON.parse(text) as unknown, valid: true };
  } catch {
    return { value: text, valid: false };
  }
}
