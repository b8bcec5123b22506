/**
 * A formula calls only what Google lists for custom functions (Cache, HTML, JDBC, Language, Lock, Maps,
 * Properties, Spreadsheet, URL Fetch, Utilities, XML): dev/gas refuses any other service there with
 * Google's "You do not have permission to call …" and records the refusal. Every public custom function
 * (index.ts's @customfunction exports, read from the source so a new one is covered too) runs on a single
 * input and on a range, as a cache miss and as a cache hit, on schemas a, b and c: no call is refused.
 * A permission to connect left unticked shows when Google refuses the fetch itself: one refused call, the
 * add-on's words on every row, nothing sent, and what is cached still shown.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPublicFunctions } from '../../scripts/build/toplevel';
import type { ExecutionResult } from '../../dev/gas/index.js';
import { rawAnswer, useStack, type Stack } from './stack';

const CUSTOM_FUNCTIONS = readPublicFunctions(join(import.meta.dirname, '../../src/server/index.ts')).filter((f) => f.isCustomFunction);

/** What a function's first parameter takes; a function whose first parameter is a field or options takes no subject. */
type Input = 'keyword' | 'slug' | 'name' | 'group' | 'none';
const INPUT_OF_PARAM: Record<string, Input> = { keyword: 'keyword', keywords: 'keyword', slug: 'slug', name: 'name', group: 'group' };

function inputOf(params: string[]): Input {
  const first = params[0];
  if (first === undefined || first === 'field' || first === 'options') return 'none';
  const input = INPUT_OF_PARAM[first];
  if (!input) throw new Error(`no input known for a first parameter "${first}": add it to INPUT_OF_PARAM`);
  return input;
}

/** Every text of an answer, in order. */
function texts(json: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(json);
  return out;
}

/** The candidates the service answers for, at most `n`, in order. */
async function answered(stack: Stack, path: string, param: string, candidates: string[], n: number): Promise<string[]> {
  const found: string[] = [];
  for (const candidate of candidates) {
    if (found.length >= n) break;
    if (found.includes(candidate)) continue;
    const url = `${stack.service.url}/api/v1${path}?${new URLSearchParams({ [param]: candidate }).toString()}`;
    const response = await fetch(url, { headers: { Authorization: `Bearer ${stack.service.keys[1] ?? stack.service.keys[0]}` } });
    if (response.ok) found.push(candidate);
  }
  return found;
}

/** Two subjects of each kind the service answers, found in its own answers (never names we know). */
async function subjects(stack: Stack): Promise<Record<Exclude<Input, 'none'>, [string, string]>> {
  const overviewTexts = [...new Set(texts(await rawAnswer(stack.service, '/ranking')))];
  const groups = overviewTexts.filter((t) => /^[a-z0-9_-]+:[^\s:]+$/i.test(t)).slice(0, 2);
  const slugs = await answered(
    stack,
    '/brand',
    'slug',
    overviewTexts.filter((t) => /^[a-z0-9-]+$/.test(t)),
    2,
  );
  const brandTexts = texts(await rawAnswer(stack.service, '/brand', { slug: slugs[0] ?? '' }));
  const names = await answered(
    stack,
    '/company',
    'keyword',
    brandTexts.filter((t) => !slugs.includes(t)),
    2,
  );
  const pair = (found: string[], kind: string): [string, string] => {
    expect(found.length, `two ${kind}s the service answers`).toBe(2);
    return [found[0] ?? '', found[1] ?? ''];
  };
  return { keyword: ['coffee', 'tea'], slug: pair(slugs, 'slug'), name: pair(names, 'company name'), group: pair(groups, 'group') };
}

/** The refused calls of an execution, as `call: message` lines (empty when none). */
const refusals = (result: ExecutionResult) => result.refusedCalls.map((r) => `${r.call}: ${r.message}`);

describe.each([
  ['a', {}],
  ['b', {}],
  ['c', { world: '7' }],
] as const)('schema %s', (schema, options) => {
  // What a miss and a hit cost while Google keeps every item (a hit proves itself with 0 requests).
  const stack = useStack(schema, { ...options, cacheEarlyRemoval: { rate: 0 } });

  it('every custom function, single input and range, miss and hit: no call refused', async () => {
    const inputs = await subjects(stack);
    await stack.service.control.resetStats();
    let cases = 0;
    for (const f of CUSTOM_FUNCTIONS) {
      const input = inputOf(f.params);
      // A function without a subject has no range form: its one call is the single case.
      const calls: [string, unknown[]][] =
        input === 'none'
          ? [['no input', []]]
          : [
              ['single', [inputs[input][0]]],
              ['range', [inputs[input].map((s) => [s])]],
            ];
      for (const [form, args] of calls) {
        for (const pass of ['miss', 'hit'] as const) {
          const result = stack.run(f.name, ...args);
          const where = `${f.name}, ${form}, ${pass}`;
          expect(refusals(result), where).toEqual([]);
          expect(result.ok, `${where}: ${result.error ?? ''}`).toBe(true);
          if (pass === 'miss') expect(result.fetchCount, `${where} fetched`).toBeGreaterThan(0);
          // API_USAGE reads what is left again after this document spent (usage-lookup.ts): not a hit.
          else if (f.name !== 'API_USAGE') expect(result.fetchCount, `${where} sent nothing`).toBe(0);
          cases++;
        }
        // The next form must miss too: another function may have fetched these subjects already.
        stack.gas.caches.document.clear();
      }
    }
    expect(cases).toBeGreaterThanOrEqual(CUSTOM_FUNCTIONS.length * 2);
    expect(CUSTOM_FUNCTIONS.map((f) => f.name)).toEqual(expect.arrayContaining(['SEARCH_TREND', 'API_USAGE']));
  });
});

describe('the permission to connect left unticked', () => {
  const stack = useStack('a', { cacheEarlyRemoval: { rate: 0 } });
  const EXTERNAL = 'https://www.googleapis.com/auth/script.external_request';
  const WORDS =
    /^Permission missing: connect to the service\. Search Demand needs it to fetch search data with your key; nothing was done\. Grant it with Extensions › Search Demand › Grant permissions… and tick “Connect to an external service”\.$/;
  const BLAME = /unavailable|network|went wrong|service (is|was)|try again later/i;
  const untick = () => stack.gas.setGrantedScopes(stack.gas.manifest?.oauthScopes?.filter((s) => s !== EXTERNAL) ?? []);

  it('a single cell: Google refuses the one fetch, the cell says so in our words, nothing is sent', async () => {
    untick();
    const result = stack.run('SEARCH_TREND', 'coffee');
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(WORDS);
    expect(result.error).not.toMatch(BLAME);
    expect(result.refusedCalls.map((r) => r.call)).toEqual(['UrlFetchApp.fetchAll']);
    expect(result.serviceCalls['urlfetch.fetchAll']).toBe(1);
    expect(await stack.requests()).toBe(0);
  });

  it('a range: one refused fetch for every row (no usage read, no second batch), every row in our words', async () => {
    untick();
    const words = Array.from({ length: 60 }, (_, i) => [`keyword ${i}`]);
    const result = stack.run('SEARCH_SCORE', words);
    expect(result.ok).toBe(true);
    const rows = (result.value as unknown[][]).map((row) => row[0]);
    expect(rows).toHaveLength(60);
    for (const row of rows) {
      expect(row).toMatch(WORDS);
      expect(row).not.toMatch(BLAME);
    }
    expect(result.refusedCalls.map((r) => r.call)).toEqual(['UrlFetchApp.fetchAll']);
    expect(result.serviceCalls['urlfetch.fetchAll']).toBe(1);
    expect(await stack.requests()).toBe(0);
  });

  it('what is cached needs no connection: a hit still shows its answer, with no call refused', async () => {
    const before = stack.value('SEARCH_SCORE', 'coffee');
    untick();
    const hit = stack.run('SEARCH_SCORE', 'coffee');
    expect(hit).toMatchObject({ ok: true, value: before, fetchCount: 0, refusedCalls: [] });
    expect(await stack.requests()).toBe(1); // the miss's, before the permission was unticked
  });
});
