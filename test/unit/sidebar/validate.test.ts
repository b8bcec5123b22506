/** Checks the sidebar makes before calling the server. */
import { describe, expect, it } from 'vitest';
import { allowedAddresses, checkApiKey, checkBaseUrl, checkGroup, checkRowLimit } from '../../../src/sidebar/validate';
import { ALLOWLIST } from './settings-fixture';

describe('checkApiKey', () => {
  it('trims a pasted key', () => {
    expect(checkApiKey('  sdm-live-abc123\n')).toEqual({ key: 'sdm-live-abc123' });
  });
  it('refuses an empty, spaced or huge paste', () => {
    expect(checkApiKey('   ')).toEqual({ error: 'Paste your API key first.' });
    expect(checkApiKey('two words')).toHaveProperty('error');
    expect(checkApiKey('x'.repeat(513))).toHaveProperty('error');
  });
});

describe('checkBaseUrl', () => {
  const open = ['https://', 'http://127.0.0.1:', 'http://localhost:', 'http://[::1]:'];
  it('accepts https anywhere, http only on this machine, and empty (the default)', () => {
    for (const ok of [
      '',
      'https://api.example.com',
      'https://api.example.com:8443/v2/',
      'http://localhost:8080',
      'http://127.0.0.1:5000',
      'http://[::1]:3000',
    ]) {
      expect(checkBaseUrl(ok, open), ok).toBeNull();
    }
    // Google says nothing of the scheme's and host's case: compared as written (the stricter reading).
    expect(checkBaseUrl('HTTP://LOCALHOST:80', open)).not.toBeNull();
  });
  it('refuses other schemes and hosts, queries, fragments and junk', () => {
    expect(checkBaseUrl('http://api.example.com', open)).toMatch(/https/);
    expect(checkBaseUrl('http://192.168.1.5', open)).toMatch(/localhost/);
    expect(checkBaseUrl('ftp://example.com', open)).toMatch(/https/);
    expect(checkBaseUrl('https://x.example?key=1', open)).toMatch(/query/);
    expect(checkBaseUrl('https://x.example/#a', open)).toMatch(/query/);
    expect(checkBaseUrl('api.example.com', open)).toMatch(/full URL/);
    expect(checkBaseUrl('https://user@x.example', open)).not.toBeNull();
    expect(checkBaseUrl('https://x.example:99999', open)).toMatch(/port/);
    expect(checkBaseUrl('javascript:alert(1)', open)).not.toBeNull();
  });
  it('refuses a well-formed URL outside the allowlist, naming the addresses that are allowed', () => {
    expect(checkBaseUrl('https://search-demand-service.example/', ALLOWLIST)).toBeNull();
    expect(checkBaseUrl('http://127.0.0.1:4100', ALLOWLIST)).toBeNull();
    expect(checkBaseUrl('https://api.example.com', ALLOWLIST)).toBe(
      'This add-on may call only https://search-demand-service.example, http://127.0.0.1:<port>, http://localhost:<port>: Google fetches no other address.',
    );
    expect(checkBaseUrl('https://search-demand-service.example.evil.example', ALLOWLIST)).toMatch(/^This add-on may call only /);
    expect(checkBaseUrl('http://[::1]:3000', ALLOWLIST)).toMatch(/^This add-on may call only /);
    expect(checkBaseUrl('https://api.example.com', [])).toBe('This add-on may call no other address than its default.');
  });
});

describe('allowedAddresses', () => {
  it('shows each prefix as an address to type', () => {
    expect(allowedAddresses(ALLOWLIST)).toEqual([
      'https://search-demand-service.example',
      'http://127.0.0.1:<port>',
      'http://localhost:<port>',
    ]);
    expect(allowedAddresses(['https://api.example.com/v2/api/v1/'])).toEqual(['https://api.example.com/v2']);
  });
});

describe('checkGroup', () => {
  it('accepts prefix:name as the server does, spaces collapsed and trimmed', () => {
    expect(checkGroup(' sector:fintech ')).toEqual({ group: 'sector:fintech' });
    expect(checkGroup('market:united  states')).toEqual({ group: 'market:united states' });
    expect(checkGroup('ai:a:b')).toEqual({ group: 'ai:a:b' });
  });
  it('refuses an empty, malformed or huge group with what to do', () => {
    expect(checkGroup('  ')).toEqual({ error: 'Pick a group from the list, or type one such as sector:fintech.' });
    expect(checkGroup('fintech')).toEqual({ error: '"fintech" must look like prefix:name, for example sector:fintech.' });
    for (const bad of [':fintech', 'sector:', 'sector: fintech', 'sec tor:fintech', 'sector::x'])
      expect(checkGroup(bad), bad).toHaveProperty('error');
    expect(checkGroup(`sector:${'x'.repeat(250)}`)).toHaveProperty('error');
  });
});

describe('checkRowLimit', () => {
  it('is null when empty, else a whole number from 1 to 50,000', () => {
    expect(checkRowLimit('')).toEqual({ limit: null });
    expect(checkRowLimit(' 5 ')).toEqual({ limit: 5 });
    expect(checkRowLimit('50000')).toEqual({ limit: 50000 });
    for (const bad of ['0', '-1', '1.5', '50001', '1e3', 'abc', '99999999999999999999']) {
      expect(checkRowLimit(bad), bad).toEqual({ error: 'Rows must be a whole number from 1 to 50,000, or empty for all.' });
    }
  });
});
