/** The input rules the sidebar and the server share (src/shared/rules.ts). */
import { describe, expect, it } from 'vitest';
import { baseUrlProblem, isAllowedBaseUrl, isGroupShape, isRowLimit, MAX_TABLE_ROWS } from '../../src/shared/rules';
import { isAllowedBaseUrl as serverIsAllowedBaseUrl } from '../../src/server/settings';
import { checkBaseUrl } from '../../src/sidebar/validate';

describe('baseUrlProblem', () => {
  it('allows https anywhere and http only on this machine', () => {
    for (const ok of ['https://api.example.com', 'https://api.example.com:8443/v2/', 'http://localhost:8080', 'http://127.0.0.1:5000', 'HTTP://LOCALHOST', 'http://[::1]:3000']) {
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
  it('is the same rule on both sides', () => {
    for (const url of ['https://user@x.example', 'https://x.example:99999', 'https://x.example:65535', 'http://localhost', 'http://evil.example', 'https://api.example.org']) {
      expect(serverIsAllowedBaseUrl(url), url).toBe(isAllowedBaseUrl(url));
      expect(checkBaseUrl(url) === null, url).toBe(isAllowedBaseUrl(url));
    }
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
