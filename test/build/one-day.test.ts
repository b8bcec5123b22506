/**
 * One day constant (issue 50): a day in milliseconds is defined once, in src/shared/day.ts, which the
 * server and the sidebar page both import; no other module of src/ writes it out again (as a number, or
 * as hours, minutes and seconds multiplied).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HOME = 'src/shared/day.ts';

/** A day written out: 86,400,000 in any grouping, or 24 times an hour (a name or its figures). */
const A_DAY = /\b86_?400_?000\b|\b24\s*\*\s*(HOUR\b|[\w.]*HOUR_MS\b|3_?600_?000\b|60\s*\*\s*60\s*\*\s*1_?000\b)/;

const modules = readdirSync(join(ROOT, 'src'), { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
  .map((entry) => {
    const file = join(entry.parentPath, entry.name);
    return { path: relative(ROOT, file), text: readFileSync(file, 'utf8') };
  });

describe('one day constant', () => {
  it('defines a day in milliseconds in src/shared/day.ts alone', () => {
    expect(modules.filter(({ text }) => A_DAY.test(text)).map(({ path }) => path)).toEqual([HOME]);
  });

  it('sees a day written out in each way it looks for', () => {
    for (const text of ['const DAY = 86_400_000;', 'x / 86400000', 'const DAY = 24 * HOUR;', '24 * 3_600_000', '24 * 60 * 60 * 1000'])
      expect(text, text).toMatch(A_DAY);
    expect('const HOUR = 3_600_000;').not.toMatch(A_DAY);
  });
});
