/**
 * The two deploys, checked without network: `npm run push:dev` and `npm run push` build a development
 * and a production bundle (https only, each with its own service in the allowlist) and push them to two
 * different Apps Script projects; a build for Google refuses the placeholder service.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'sdm-deploy-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Runs the build as `npm run build:<flavour>` does, into a folder of its own. */
function build(flavour: string, baseUrl: string | undefined): { dir: string; status: number | null; stderr: string } {
  const dir = join(out, flavour);
  const env = { ...process.env, SDM_BUILD: flavour, SDM_OUT_DIR: dir, SDM_BASE_URL: baseUrl ?? '' };
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'esbuild.config.mjs'], { cwd: root, env, encoding: 'utf8' });
  return { dir, status: run.status, stderr: run.stderr };
}
const json = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

describe('development and production builds', () => {
  it('each allow only their own https service, and carry it in both script files', () => {
    for (const [flavour, url] of [
      ['development', 'https://dev.search-demand.example'],
      ['production', 'https://api.search-demand.example'],
    ] as const) {
      const { dir, status, stderr } = build(flavour, url);
      expect(status, stderr).toBe(0);
      expect(json(join(dir, 'appsscript.json')).urlFetchWhitelist).toEqual([`${url}/api/v1/`]);
      expect(readFileSync(join(dir, 'Code.js'), 'utf8')).toContain(JSON.stringify(url));
      expect(readFileSync(join(dir, 'Server.js'), 'utf8')).toContain(JSON.stringify(url));
      // What clasp pushes from rootDir: two server scripts (.js), the sidebar page and the manifest.
      expect(readdirSync(dir).sort()).toEqual(['Code.js', 'Server.js', 'Sidebar.html', 'appsscript.json']);
    }
  }, 180_000); // two builds, each its own node process: a guard against a hang, not a measure

  it('refuses to build for Google against the placeholder, or against plain http', () => {
    const placeholder = build('production', undefined);
    expect(placeholder.status).not.toBe(0);
    expect(placeholder.stderr).toContain('a production build is pushed to Google: set SDM_BASE_URL');
    const http = build('development', 'http://dev.search-demand.example');
    expect(http.status).not.toBe(0);
    expect(http.stderr).toContain('SDM_BASE_URL must be an https URL');
  }, 180_000); // two builds, each its own node process: a guard against a hang, not a measure
});

describe('clasp configurations', () => {
  it('push to two different projects, from dist/, each after the tests and its own build', () => {
    const production = json(join(root, '.clasp.json'));
    const development = json(join(root, '.clasp-dev.json'));
    expect(production.rootDir).toBe('dist');
    expect(development.rootDir).toBe('dist');
    expect(production.scriptId).not.toBe(development.scriptId);
    const scripts = json(join(root, 'package.json')).scripts as Record<string, string>;
    expect(scripts.push).toBe('npm test && npm run build:production && clasp push --force -P .clasp.json');
    expect(scripts['push:dev']).toBe('npm test && npm run build:development && clasp push --force -P .clasp-dev.json');
    expect(scripts['build:production']).toBe('SDM_BUILD=production npm run build');
    expect(scripts['build:development']).toBe('SDM_BUILD=development npm run build');
    // clasp itself reads the project file it is given (no network needed to check the option exists).
    expect(execFileSync(join(root, 'node_modules/.bin/clasp'), ['--help'], { encoding: 'utf8' })).toContain('-P, --project <file>');
  });
});
