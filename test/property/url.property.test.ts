/**
 * Any keyword, once normalised by the add-on, reaches the service exactly: the URL the add-on builds
 * holds only characters UrlFetchApp sends as they are (RFC 3986 unreserved, `%XX`, and `+` for a
 * space), and the service, reading it the way dev/service does (WHATWG `URL` + `searchParams`, then
 * its own `normaliseKeyword`), gets back the very text the add-on cached it under.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseKeyword } from '../../dev/service/data';
import { readSubject, type SubjectKind } from '../../src/server/spreadsheet/input';
import { ENDPOINTS, type Endpoint } from '../../src/server/service/endpoints';
import { buildUrl, encodeQueryValue } from '../../src/server/service/url';
import { anyString, SEED } from './arbitraries';

const RUNS = 1000;
const params = { numRuns: RUNS, seed: SEED };

/** What dev/service/server.ts does with a request: `new URL(req.url, base)`, then `searchParams.get`. */
function serviceReads(url: string, param: string): string | null {
  const path = url.slice(url.indexOf('/api/v1'));
  return new URL(path, 'http://localhost').searchParams.get(param);
}

/** Keywords: full unicode (fc's `grapheme` and `binary` units), our awkward characters, reserved ones. */
const keyword = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  anyString(40),
  fc
    .array(fc.constantFrom('+', '%', '%2B', '&', '=', '#', '?', '/', ' ', '  ', "'", '(', '*', '!', '~', 'é', 'İ', '☕', '🚲'), {
      maxLength: 12,
    })
    .map((parts) => parts.join('')),
);

const SUBJECT_ENDPOINTS: [Endpoint, SubjectKind][] = [
  [ENDPOINTS.trend, 'keyword'],
  [ENDPOINTS.company, 'name'],
  [ENDPOINTS.brand, 'slug'],
  [ENDPOINTS.rankingList, 'group'],
];

/** RFC 3986 unreserved characters, percent-escapes (two hex digits) and `+`: nothing else. */
const SENDABLE_QUERY_VALUE = /^(?:[A-Za-z0-9\-._~+]|%[0-9A-F]{2})*$/;

describe('encodeQueryValue and buildUrl', () => {
  it('round-trip every normalised subject through the service parser, with only sendable characters', () => {
    fc.assert(
      fc.property(keyword, fc.constantFrom(...SUBJECT_ENDPOINTS), (raw, [endpoint, kind]) => {
        const subject = readSubject(raw, kind);
        if (subject.kind !== 'ok') return; // refused before any URL is built
        const value = subject.value;
        const encoded = encodeQueryValue(value);
        expect(encoded).toMatch(SENDABLE_QUERY_VALUE);
        const url = buildUrl('https://search-demand-service.example', endpoint, value);
        const param = endpoint.param?.name ?? '';
        expect(url).toBe(`https://search-demand-service.example/api/v1${endpoint.path}?${param}=${encoded}`);
        expect(serviceReads(url, param)).toBe(value);
        // Also through plain form decoding (what most servers do).
        expect(new URLSearchParams(`${param}=${encoded}`).get(param)).toBe(value);
        // The service's own normalisation leaves keywords as the add-on sent them: both sides key the
        // same answer (groups keep their case in the add-on; the service folds them for its cache).
        if (kind !== 'group') expect(normaliseKeyword(serviceReads(url, param) ?? '')).toBe(value);
      }),
      params,
    );
  });
});
