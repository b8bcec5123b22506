/**
 * The examples users read work against any service that follows the specification: its field names
 * are not ours to know (DESIGN, "Output rules"; only `cache` is named by it). So no formula in the
 * functions' JSDoc (what Sheets' autocomplete shows), the sidebar's help, docs/use/*.md or the README
 * passes the stand-in's field, or its label's words, as a `field`; and no help text offers one. The
 * stand-in's fields are read from its own answers on schemas a, b and c, never listed here. Every
 * formula of those pages that needs nothing but itself then runs, on each schema, without an error.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPublicFunctions } from '../../scripts/build/toplevel';
import { rawAnswer, serviceInputs, startStack, type Stack } from './stack';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** A name compared as the add-on compares fields: case and separators ignored. */
const norm = (s: string): string => s.toLowerCase().replace(/[^a-z0-9%]/g, '');

/** The custom functions as their JSDoc documents them. */
const FUNCTIONS = readPublicFunctions(`${root}src/server/index.ts`).filter((fn) => fn.isCustomFunction);
/** Which argument of each function is its `field` (0-based), by its parameter's name; the others take none. */
const FIELD_AT: Record<string, number> = Object.fromEntries(
  FUNCTIONS.flatMap((fn) => (fn.params.includes('field') ? [[fn.name, fn.params.indexOf('field')]] : [])),
);

/** A formula's arguments, split at the commas outside quotes (each trimmed; "" for an empty one). */
function argumentsOf(args: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of args) {
    if (ch === '"') quoted = !quoted;
    if (ch === ',' && !quoted) {
      out.push(current.trim());
      current = '';
    } else current += ch;
  }
  out.push(current.trim());
  return out;
}

/** Every call of an add-on function written in a text: its name and its arguments as written. */
function callsIn(text: string): { name: string; args: string[]; formula: string }[] {
  const names = FUNCTIONS.map((fn) => fn.name);
  const calls: { name: string; args: string[]; formula: string }[] = [];
  for (const m of text.matchAll(new RegExp(`\\b(${names.join('|')})\\(((?:"[^"]*"|[^()"])*)\\)`, 'g'))) {
    calls.push({ name: m[1] ?? '', args: argumentsOf(m[2] ?? ''), formula: m[0] });
  }
  return calls;
}

/** The texts a user reads examples in, by where they are. */
function pages(): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of FUNCTIONS) out.set(`JSDoc of ${f.name}`, f.jsDoc);
  const sidebar = readFileSync(`${root}dist/Sidebar.html`, 'utf8').replace(/&quot;/g, '"');
  out.set('the sidebar', sidebar.slice(sidebar.indexOf('<dl'), sidebar.lastIndexOf('</dl>')));
  out.set('README.md', readFileSync(`${root}README.md`, 'utf8'));
  for (const file of readdirSync(`${root}docs/use`).filter((f) => f.endsWith('.md'))) {
    out.set(`docs/use/${file}`, readFileSync(`${root}docs/use/${file}`, 'utf8'));
  }
  return out;
}

/** Every key and every path of objects' keys in some answers, compared as fields are (not `cache`). */
function fieldsOf(answers: unknown[]): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown, path: string[]): void => {
    if (Array.isArray(v)) return v.slice(0, 3).forEach((x) => walk(x, path));
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (norm(k) === 'cache' || !norm(k)) continue;
      const at = [...path, k];
      for (let i = 0; i < at.length; i++) out.add(norm(at.slice(i).join('.')));
      walk(x, at);
    }
  };
  for (const answer of answers) walk(answer, []);
  return out;
}

const stacks: Stack[] = [];
const fields = new Set<string>();

beforeAll(async () => {
  for (const [schema, options] of [
    ['a', {}],
    ['b', {}],
    ['c', { world: '7' }],
  ] as const) {
    const stack = await startStack(schema, options);
    stacks.push(stack);
    const { group, slug, company } = await serviceInputs(stack);
    const answers = await Promise.all(
      (
        [
          ['/trend', { keyword: 'coffee' }],
          ['/brand', { slug }],
          ['/company', { keyword: company }],
          ['/markets', {}],
          ['/industries', {}],
          ['/ranking', {}],
          ['/ranking/list', { group }],
          ['/usage', {}],
        ] as const
      ).map(([path, query]) => rawAnswer(stack.service, path, query)),
    );
    for (const f of fieldsOf(answers)) fields.add(f);
  }
}, 60_000);
afterAll(async () => {
  for (const stack of stacks) await stack.stop();
});

describe('the examples users read', () => {
  it("pass no field of the stand-in's, nor its label's words: they work whatever the service calls its fields", () => {
    expect(fields.size).toBeGreaterThan(50);
    expect(Object.keys(FIELD_AT)).toEqual(expect.arrayContaining(['SEARCH_TREND', 'RANKING_LIST', 'API_USAGE']));
    const found: string[] = [];
    for (const [where, text] of pages()) {
      for (const call of callsIn(text)) {
        const at = FIELD_AT[call.name];
        const field = at === undefined ? undefined : /^"(.*)"$/.exec(call.args[at] ?? '')?.[1];
        if (field !== undefined && fields.has(norm(field))) found.push(`${where}: ${call.formula}`);
      }
      // A help text that offers one ("such as "peak.month"") is an example too: JSDoc and the sidebar.
      if (where.startsWith('JSDoc') || where === 'the sidebar') {
        for (const m of text.matchAll(/such as "([^"]+)"/g)) if (fields.has(norm(m[1] ?? ''))) found.push(`${where}: ${m[0]}`);
      }
      // A field path or name of the stand-in's written out as code in prose (`months.volume`,
      // `search_score`), in a page or a help text.
      for (const m of text.matchAll(/[`"]([a-z][A-Za-z0-9]*(?:[._-][A-Za-z0-9]+)+|[a-z]+[A-Z][A-Za-z0-9]*)[`"]/g))
        if (fields.has(norm(m[1] ?? ''))) found.push(`${where}: ${m[0]}`);
    }
    expect(found).toEqual([]);
  });

  it('run on every schema, each formula that needs nothing but itself, without an error', () => {
    const formulas = new Set<string>();
    for (const text of pages().values())
      for (const call of callsIn(text)) {
        // Only literal arguments: no cell, range or other formula to stand in for.
        if (call.args.every((a) => a === '' || /^"[^"]*"$/.test(a) || /^-?\d+$/.test(a))) formulas.add(call.formula);
      }
    expect(formulas.size).toBeGreaterThan(3);
    for (const [i, stack] of stacks.entries()) {
      for (const formula of formulas) {
        const call = callsIn(formula)[0]!;
        const args = call.args.map((a) => (a === '' ? undefined : a.startsWith('"') ? a.slice(1, -1) : Number(a)));
        while (args.length && args[args.length - 1] === undefined) args.pop();
        const result = stack.run(call.name, ...args);
        expect(result.ok ? '' : result.error, `${formula} on schema ${'abc'[i]}`).toBe('');
      }
    }
  });
});
