/**
 * The self-install build's flavour (scripts/build/manifest.ts): it compiles in no service and no
 * allowlist, and refuses one given.
 */
import { describe, expect, it } from 'vitest';
import { installationOf, renderManifest, resolveBaseUrl, urlAllowlist } from '../../../../scripts/build/manifest';

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
});
