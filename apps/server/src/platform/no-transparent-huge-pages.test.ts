import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * In a process of its own, as the server starts: the argon2 addon's allocator reads its options once, when the addon
 * loads, so this file loads neither passwords.ts nor the addon itself. With MIMALLOC_VERBOSE the allocator prints the
 * options it read; the kernel's flag (THP_enabled in /proc/self/status, Linux 5.0 and later) says what it did. The
 * flag alone could not tell: a process inherits it, and this test run's own setup has loaded passwords.ts.
 */
describe.runIf(process.platform === 'linux')('transparent huge pages (ADR 046)', () => {
  it('are off for the process once passwords.ts has loaded the argon2 addon', async () => {
    const script = `
      import { readFileSync } from 'node:fs';
      const { hashPassword } = await import('./src/platform/passwords.ts');
      await hashPassword('x');
      console.log(/THP_enabled:\\s*(\\d)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 'none');`;
    const env: NodeJS.ProcessEnv = { ...process.env, MIMALLOC_VERBOSE: '1' };
    delete env.MIMALLOC_ALLOW_THP;
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: serverRoot, env },
    );
    expect(/option 'allow_thp': (\d)/.exec(stderr)?.[1]).toBe('0');
    expect(stdout.trim().split('\n').at(-1)).toBe('0');
  });
});
