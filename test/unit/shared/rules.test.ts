/** The input rules the sidebar and the server share (src/shared/rules.ts). */
import { describe, expect, it } from 'vitest';
import {
  baseUrlProblem,
  isGroupShape,
  isInAllowlist,
  isRowLimit,
  MAX_TABLE_ROWS,
  normaliseServiceAddress,
  serviceAddressProblem,
} from '../../../src/shared/rules';
import { URL_ALLOWLIST } from '../../../src/server/settings/constants';
import { isUsableBaseUrl } from '../../../src/server/settings/lookup-settings';
import { checkBaseUrl, checkServiceAddress } from '../../../src/sidebar/validate';

describe('baseUrlProblem', () => {
  it('allows https anywhere and http only on this machine', () => {
    for (const ok of [
      'https://api.example.com',
      'https://api.example.com:8443/v2/',
      'http://localhost:8080',
      'http://127.0.0.1:5000',
      'HTTP://LOCALHOST',
      'http://[::1]:3000',
    ]) {
      expect(baseUrlProblem(ok), ok).toBeNull();
    }
  });
  it('says why the others are refused', () => {
    expect(baseUrlProblem('')).toBe('malformed');
    expect(baseUrlProblem('api.example.com')).toBe('malformed');
    expect(baseUrlProblem('https://x.example?key=1')).toBe('query-or-fragment');
    expect(baseUrlProblem('https://user@x.example')).toBe('userinfo');
    expect(baseUrlProblem('https://user:secret@x.example/v1')).toBe('userinfo');
    expect(baseUrlProblem('https://x.example:99999')).toBe('port');
    expect(baseUrlProblem('ftp://example.com')).toBe('scheme');
    expect(baseUrlProblem('http://api.example.com')).toBe('http-not-local');
  });
  it('is the same rule on both sides: the sidebar refuses before calling what the server would refuse', () => {
    for (const url of [
      'https://user@x.example',
      'https://x.example:99999',
      'https://x.example:65535',
      'http://localhost',
      'http://evil.example',
      'https://api.example.org',
      'https://search-demand-service.example',
      'http://127.0.0.1:4100',
      'http://localhost:8080',
      'http://[::1]:3000',
    ]) {
      expect(checkBaseUrl(url, URL_ALLOWLIST) === null, url).toBe(isUsableBaseUrl(url));
    }
  });
});

describe('the URL allowlist', () => {
  const allowlist = ['https://api.example.com/api/v1/', 'http://127.0.0.1:'];
  it('accepts a base URL whose API path falls inside a prefix, and nothing else', () => {
    for (const ok of ['https://api.example.com', 'https://api.example.com/', 'http://127.0.0.1:4100']) {
      expect(isInAllowlist(ok, allowlist), ok).toBe(true);
    }
    for (const bad of [
      'https://api.example.com.evil.example',
      'https://other.example',
      'https://api.example.com/v2',
      'http://localhost:4100',
      'http://127.0.0.1',
      'https://user@api.example.com',
    ]) {
      expect(isInAllowlist(bad, allowlist), bad).toBe(false);
    }
  });
  it('compares the path only as written, as Google does, and the scheme and host too (Google is silent: the stricter reading)', () => {
    const withPath = ['https://api.example.com/search/api/v1/'];
    expect(isInAllowlist('https://api.example.com/search', withPath)).toBe(true);
    for (const bad of ['https://api.example.com/Search', 'https://api.example.com/SEARCH/', 'HTTPS://API.Example.COM/search']) {
      expect(isInAllowlist(bad, withPath), bad).toBe(false);
    }
    expect(isInAllowlist('https://api.example.com/search', ['https://api.example.com/search/API/V1/'])).toBe(false);
  });
  it("is the server's rule, against the build's own list (development: the placeholder and loopback)", () => {
    expect(URL_ALLOWLIST).toEqual(['https://search-demand-service.example/api/v1/', 'http://127.0.0.1:', 'http://localhost:']);
    for (const url of [
      'https://search-demand-service.example',
      'http://127.0.0.1:3000',
      'http://localhost:8080',
      'https://api.example.org',
      'http://[::1]:3000',
    ]) {
      expect(isUsableBaseUrl(url), url).toBe(isInAllowlist(url, URL_ALLOWLIST));
    }
    expect(isUsableBaseUrl('https://api.example.org')).toBe(false);
  });
});

describe('groups and row limits', () => {
  it('a group is prefix:name', () => {
    expect(isGroupShape('sector:fintech')).toBe(true);
    for (const bad of ['fintech', ':fintech', 'sector:', 'sector: fintech', 'sector::x']) expect(isGroupShape(bad), bad).toBe(false);
  });
  it('a row limit is a whole number from 1 to 50,000', () => {
    expect(MAX_TABLE_ROWS).toBe(50_000);
    for (const ok of [1, 5, 50_000]) expect(isRowLimit(ok)).toBe(true);
    for (const bad of [0, -1, 1.5, 50_001, Number.NaN, Infinity]) expect(isRowLimit(bad), String(bad)).toBe(false);
  });
});

describe('the service address of a self-install', () => {
  it('is stored without trailing slashes or the API prefix a person may paste with it', () => {
    expect(normaliseServiceAddress('  https://api.example.com/  ')).toBe('https://api.example.com');
    expect(normaliseServiceAddress('https://api.example.com/api/v1/')).toBe('https://api.example.com');
    expect(normaliseServiceAddress('https://api.example.com/base/API/V1')).toBe('https://api.example.com/base');
    expect(normaliseServiceAddress('https://api.example.com/v1')).toBe('https://api.example.com/v1');
  });

  it('must be https, even to this machine: the key travels with every request and no allowlist limits it', () => {
    expect(serviceAddressProblem('https://api.example.com')).toBeNull();
    expect(serviceAddressProblem('https://127.0.0.1:8443/base')).toBeNull();
    expect(serviceAddressProblem('http://api.example.com')).toBe('http-not-local');
    expect(serviceAddressProblem('http://127.0.0.1:8080')).toBe('not-https');
    expect(serviceAddressProblem('https://api.example.com?x=1')).toBe('query-or-fragment');
    expect(serviceAddressProblem('https://user@api.example.com')).toBe('userinfo');
    expect(serviceAddressProblem('ftp://api.example.com')).toBe('scheme');
  });

  it('is checked in the sidebar before the server sees it, with the same rule', () => {
    expect(checkServiceAddress(' https://api.example.com/api/v1 ')).toEqual({ address: 'https://api.example.com' });
    expect(checkServiceAddress('')).toEqual({ error: "Type the service's address too, such as https://api.example.com." });
    for (const bad of ['http://api.example.com', 'http://localhost:3000']) {
      expect(checkServiceAddress(bad)).toEqual({ error: 'Use the https:// address: your key travels with every request.' });
    }
    expect(checkServiceAddress('https://api.example.com:70000')).toEqual({ error: 'The port must be at most 65535.' });
  });
});
