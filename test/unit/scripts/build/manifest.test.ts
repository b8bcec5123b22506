/**
 * The self-install build's flavour (scripts/build/manifest.ts): it compiles in no service and no
 * allowlist, and refuses one given; its manifest asks for its own spreadsheet only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { installationOf, renderManifest, resolveBaseUrl, urlAllowlist } from '../../../../scripts/build/manifest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

describe('the self-install build', () => {
  it('compiles in no service and no allowlist, and refuses one given', () => {
    expect(installationOf('self-install')).toBe('self');
    expect(installationOf('production')).toBe('marketplace');
    expect(resolveBaseUrl(undefined, 'self-install')).toBe('');
    expect(() => resolveBaseUrl('https://api.example.com', 'self-install')).toThrow(/compiles in no service/);
    expect(urlAllowlist('', 'self-install')).toEqual([]);
    expect(renderManifest({ runtimeVersion: 'V8' }, [])).toEqual({ runtimeVersion: 'V8' });
    expect(renderManifest({ runtimeVersion: 'V8' }, ['https://a.example/api/v1/'])).toEqual({
      runtimeVersion: 'V8',
      urlFetchWhitelist: ['https://a.example/api/v1/'],
    });
  });

  it('asks for its own spreadsheet only; the Marketplace build keeps every spreadsheet, which its trigger opens by id', () => {
    const template = JSON.parse(readFileSync(join(root, 'appsscript.json'), 'utf8')) as { oauthScopes: string[] };
    const self = renderManifest(template, [], 'self').oauthScopes as string[];
    expect(self).toContain('https://www.googleapis.com/auth/spreadsheets.currentonly');
    expect(self).not.toContain('https://www.googleapis.com/auth/spreadsheets');
    // Only that scope changes, in its place.
    expect(self.map((s) => s.replace(/\.currentonly$/, ''))).toEqual(template.oauthScopes);
    expect(renderManifest(template, [], 'marketplace').oauthScopes).toEqual(template.oauthScopes);
    expect(template.oauthScopes).toContain('https://www.googleapis.com/auth/spreadsheets');
  });
});
