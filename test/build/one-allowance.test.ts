/**
 * One allowance (issue 42): reading /usage, what is left, when it resets and whether a read is still
 * current are defined once, in src/server/spending/allowance.ts and the pure rules it shares with the
 * sidebar page (src/shared/allowance-rules.ts); every other server module reaches them through the
 * first, so no panel, run or template can grow its own reading of the allowance beside it. The figures
 * they read, defined beside the rules, any module may name as types.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SRC = join(ROOT, 'src');
const SERVER_ALLOWANCE = 'src/server/spending/allowance.ts';
const SHARED_RULES = 'src/shared/allowance-rules.ts';

/** The allowance's functions, and where each is defined. */
const HOMES: Record<string, string> = {
  fetchUsage: SERVER_ALLOWANCE,
  readAllowance: SERVER_ALLOWANCE,
  allowanceOf: SERVER_ALLOWANCE,
  callsSpent: SERVER_ALLOWANCE,
  resetText: SERVER_ALLOWANCE,
  resetTime: SERVER_ALLOWANCE,
  allowanceLeft: SHARED_RULES,
  allowanceBars: SHARED_RULES,
  readBeforeReset: SHARED_RULES,
  shortfall: SHARED_RULES,
};

const modules = readdirSync(SRC, { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
  .map((entry) => {
    const file = join(entry.parentPath, entry.name);
    return { path: relative(ROOT, file), text: readFileSync(file, 'utf8') };
  });

describe('one allowance', () => {
  it('defines each of its functions once, in its own module', () => {
    const found: Record<string, string[]> = {};
    for (const { path, text } of modules) {
      for (const name of Object.keys(HOMES)) {
        // A function, a method or a function held in a constant of that name (a re-export is no definition).
        const defines = new RegExp(
          `(function\\s+${name}\\b|\\b(const|let|var)\\s+${name}\\s*=\\s*(\\(|function\\b|[\\w$]+\\s*=>)|^\\s*(#|private\\s+)?${name}\\s*\\()`,
          'm',
        );
        if (defines.test(text)) (found[name] ??= []).push(path);
      }
    }
    expect(found).toEqual(Object.fromEntries(Object.entries(HOMES).map(([name, home]) => [name, [home]])));
  });

  it("leaves the rules and the answer's bars to the allowance module: no other server module imports them", () => {
    // Only what runs counts: the figures the rules read (a usage read, its bars, what an action costs)
    // are types defined beside them, which any module may name (`import type`).
    const direct = modules
      .filter(({ path }) => path.startsWith('src/server/') && path !== SERVER_ALLOWANCE)
      .filter(({ text }) => /^import\s+(?!type\s)[^;]*from '[./]*\/(shared\/allowance-rules|spending\/usage-bars|usage-bars)'/m.test(text))
      .map(({ path }) => path);
    expect(direct).toEqual([]);
  });
});
