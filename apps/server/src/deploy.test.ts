import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES } from './platform/config';
import { DEFAULT_WEB_DIST, DEMO_MEDIA_DIR, MIGRATIONS_DIR, SERVER_ROOT, VIEWS_DIR } from './platform/paths';

/**
 * The packaging for running at scale (Dockerfile, compose.yaml, deploy/): no container runtime here, so what can be
 * checked without one is: the images carry every file the server reads at run time and start what npm start starts;
 * compose sets only variables the server reads, wires its probes and shares one secret; systemd accepts the units.
 */
const repo = path.resolve(SERVER_ROOT, '..', '..');
const read = (file: string) => readFileSync(path.join(repo, file), 'utf8');
const inRepo = (absolute: string) => path.relative(repo, absolute);

interface Service {
  build?: { target: string };
  command?: string | string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
}

describe('the Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const copiedFromBuild = [...dockerfile.matchAll(/^COPY --from=build \/app\/(\S+) (\S+)$/gm)].map((m) => m[1]!);

  it('copies every file the server reads at run time into the runtime image', () => {
    const needed = [
      inRepo(path.join(SERVER_ROOT, 'dist')),
      inRepo(VIEWS_DIR),
      inRepo(MIGRATIONS_DIR),
      inRepo(DEMO_MEDIA_DIR),
      inRepo(DEFAULT_WEB_DIST),
      inRepo(path.join(DEFAULT_WEB_DIST, '..', 'dist-server')),
    ];
    expect(copiedFromBuild.sort()).toEqual(needed.sort());
    // Sources in the repository; the rest are build outputs (dist/, dist-server/).
    for (const source of copiedFromBuild.filter((p) => !/dist(-server)?$/.test(p))) {
      expect(existsSync(path.join(repo, source)), source).toBe(true);
    }
  });

  it('starts the app and the worker as the server package does, with its Node flags', () => {
    const scripts = (JSON.parse(read('apps/server/package.json')) as { scripts: Record<string, string> }).scripts;
    const cmd = (stage: string) => {
      const body = dockerfile.split(/^FROM /m).find((s) => s.includes(` AS ${stage}\n`))!;
      return (JSON.parse(/^CMD (.+)$/m.exec(body)![1]!) as string[]).join(' ');
    };
    expect(cmd('app')).toBe(scripts.start!.replace('dist/', 'apps/server/dist/'));
    expect(cmd('worker')).toBe(scripts.worker!.replace('dist/', 'apps/server/dist/'));
  });

  it('copies each workspace manifest that npm ci needs', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const workspace of workspaces) expect(dockerfile).toContain(`COPY ${workspace}/package.json ${workspace}/`);
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
  const banksia = Object.entries(compose.services).filter(([, s]) => s.build);

  it('runs two app servers and a worker beside PostgreSQL, an S3 store and a load balancer', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['app1', 'app2', 'bucket', 'minio', 'postgres', 'proxy', 'worker'].sort(),
    );
    expect(banksia.map(([name, s]) => `${name}:${s.build!.target}`).sort()).toEqual([
      'app1:app',
      'app2:app',
      'worker:worker',
    ]);
  });

  it('sets only variables the server reads, one secret for all, and jobs on the worker alone', () => {
    for (const [name, service] of banksia) {
      for (const variable of Object.keys(service.environment ?? {})) {
        expect(CONFIG_VARIABLES, `${name}: ${variable}`).toContain(variable);
      }
    }
    const env = (name: string) => compose.services[name]!.environment!;
    expect(new Set(banksia.map(([name]) => env(name).SECRET_KEY)).size).toBe(1);
    expect(env('app1').WORKERS).toBe('0');
    expect(env('app2').WORKERS).toBe('0');
    expect(Number(env('worker').WORKERS)).toBeGreaterThan(0);
  });

  it('checks app servers through /readyz, in compose and at the load balancer', () => {
    expect(compose.services.app1!.healthcheck!.test.join(' ')).toContain('/readyz');
    expect(read('deploy/Caddyfile')).toMatch(/health_uri \/readyz/);
  });
});

describe.runIf(spawnSync('systemd-analyze', ['--version']).status === 0)('the systemd units', () => {
  it.each(['banksia@.service', 'banksia-worker.service'])('%s is accepted by systemd-analyze verify', (unit) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'banksia-units-'));
    const file = path.join(dir, unit.replace('@.', '@3001.'));
    copyFileSync(path.join(repo, 'deploy', unit), file);
    const result = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
    // Unknown keys and other problems are printed with exit 0: nothing printed is the pass.
    expect(`${result.stdout}${result.stderr}`.trim()).toBe('');
    expect(result.status).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('apps/server/dist/');
    rmSync(dir, { recursive: true, force: true });
  });
});
