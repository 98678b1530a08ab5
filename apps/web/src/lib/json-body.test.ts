import { describe, expect, it } from 'vitest';
import { isRecord, readJsonBody, stringField } from './json-body';

describe('isRecord', () => {
  it('accepts plain objects only', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord([])).toBe(false);
    expect(isRecord(null)).toBe(false);
    expect(isRecord('x')).toBe(false);
  });
});

describe('stringField', () => {
  it('returns the first non-empty string among the keys', () => {
    expect(stringField({ message: '', detail: 'd' }, 'message', 'detail')).toBe('d');
    expect(stringField({ message: 'm', detail: 'd' }, 'message', 'detail')).toBe('m');
    expect(stringField({ detail: 3 }, 'detail')).toBeNull();
    expect(stringField('text', 'detail')).toBeNull();
  });
});

describe('readJsonBody', () => {
  it('parses JSON, reads an empty body as null, and keeps non-JSON text raw', async () => {
    expect(await readJsonBody(new Response('{"a":1}'))).toEqual({ value: { a: 1 }, valid: true });
    expect(await readJsonBody(new Response(null, { status: 204 }))).toEqual({ value: null, valid: true });
    expect(await readJsonBody(new Response('<html>'))).toEqual({ value: '<html>', valid: false });
  });
});
