import { describe, expect, it } from 'vitest';
import { authorize, can, definePolicy } from './authorize';
import { type AppError } from './errors';
import type { Actor } from './session';

declare module './authorize' {
  interface PolicyActions {
    'test.own': { ownerId: number };
  }
}

definePolicy({ 'test.own': (actor, note) => note.ownerId === actor.userId });

const actor = { userId: 7, roles: [] } as unknown as Actor;

describe('authorize', () => {
  it('answers the resource when the rule allows', () => {
    const note = { ownerId: 7 };
    expect(authorize(actor, 'test.own', note)).toBe(note);
    expect(can(actor, 'test.own', note)).toBe(true);
  });

  it('refuses with 403, or the refusal asked for, when the rule does not allow', () => {
    expect(() => authorize(actor, 'test.own', { ownerId: 8 })).toThrow(
      expect.objectContaining({ code: 'forbidden' }) as AppError,
    );
    expect(() => authorize(actor, 'test.own', { ownerId: 8 }, 'not_found')).toThrow(
      expect.objectContaining({ code: 'not_found' }) as AppError,
    );
  });

  it('fails loudly on an action no policy defines (a policy module not loaded)', () => {
    expect(() => can(actor, 'no.such' as 'test.own', { ownerId: 7 })).toThrow(/No policy defines the action no.such/);
  });
});
