import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has defaults for a fresh clone', () => {
    const config = loadConfig({ INIT_CWD: '/repo' });
    expect(config).toMatchObject({
      port: 3000,
      dataDir: path.resolve('/repo/data'),
      databaseUrl: undefined,
      seedDemo: true,
    });
    expect(config.session).toEqual({ idleMs: 2 * 3_600_000, absoluteMs: 12 * 3_600_000 });
  });

  it('names every variable at fault', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'nope' })).toThrow(/PORT.*DATABASE_URL|DATABASE_URL.*PORT/);
  });
});
