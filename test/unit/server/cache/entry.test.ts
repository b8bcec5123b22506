/**
 * Cache entries (src/server/cache/entry.ts, stored by cache-store.ts) in the local runtime's strict
 * CacheService (100 KB values, 250-char keys, drops): answers too large for one value are split and
 * joined, and a missing part is a miss.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GasRuntime } from '../../../../dev/gas/index.js';

let code = '';
let gas: GasRuntime;

beforeAll(async () => {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./entry-in-gas.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
  });
  code = result.outputFiles[0]?.text ?? '';
});
afterEach(() => gas?.close());

/** JSON that gzip cannot shrink much: random hex, about `kb` kilobytes. */
function incompressible(kb: number, seed: number): string {
  let x = seed;
  const items: string[] = [];
  for (let i = 0; i < kb * 16; i++) {
    let s = '';
    for (let j = 0; j < 8; j++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      s += x.toString(16);
    }
    items.push(s.slice(0, 60));
  }
  return JSON.stringify({ items });
}

const run = (fn: string, ...args: unknown[]) => {
  const result = gas.run(fn, args, { mode: 'menu' });
  if (!result.ok) throw new Error(result.error);
  return result.value;
};

describe('cache store', () => {
  it('splits an answer over several entries within the limits and joins it in a new execution', () => {
    gas = new GasRuntime({ code });
    const json = incompressible(400, 7);
    run('writeAnswer', 'sdm|big', json);
    const entries = gas.caches.document.entries();
    expect(entries.length).toBeGreaterThan(3);
    for (const entry of entries) expect(entry.value.length).toBeLessThanOrEqual(100 * 1024);
    expect(run('readAnswer', 'sdm|big')).toBe(json);
  });

  it('treats a missing or foreign part as a miss', () => {
    gas = new GasRuntime({ code });
    run('writeAnswer', 'sdm|big', incompressible(300, 3));
    gas.caches.document.drop((key) => key === 'sdm|big.1');
    expect(run('readAnswer', 'sdm|big')).toBe('miss');

    // A part left over from an earlier write of the same key is never joined with a newer head.
    run('writeAnswer', 'sdm|big', incompressible(300, 4));
    const stale = gas.caches.document.peek('sdm|big.0') as string;
    run('writeAnswer', 'sdm|big', incompressible(300, 5));
    gas.caches.document.seed('sdm|big.0', stale);
    expect(run('readAnswer', 'sdm|big')).toBe('miss');
  });

  it('keeps small answers in one plain entry and survives random drops as misses, never as wrong data', () => {
    gas = new GasRuntime({ code });
    const small = JSON.stringify({ a: 1, b: 'x' });
    run('writeAnswer', 'sdm0|small', small);
    expect(gas.caches.document.entries()).toHaveLength(1);
    const big = incompressible(300, 9);
    run('writeAnswer', 'sdm|big', big);
    gas.caches.document.dropRate = 0.3;
    gas.caches.document.setSeed(42);
    for (let i = 0; i < 20; i++) expect(['miss', big]).toContain(run('readAnswer', 'sdm|big'));
  });

  it('keeps when the service gave an answer, in a plain and in a split entry; an entry written without it says none', () => {
    gas = new GasRuntime({ code });
    const at = Date.UTC(2026, 2, 18, 12, 0, 0, 250);
    run('writeAnswerAt', 'sdm|small', JSON.stringify({ a: 1 }), at);
    expect(run('answeredAt', 'sdm|small')).toBe(at);
    run('writeAnswerAt', 'sdm|big', incompressible(300, 11), at);
    expect(gas.caches.document.entries().length).toBeGreaterThan(2);
    expect(run('answeredAt', 'sdm|big')).toBe(at);
    run('writeAnswer', 'sdm|old', JSON.stringify({ a: 1 }));
    expect(run('answeredAt', 'sdm|old')).toBeNull();
    expect(run('readAnswer', 'sdm|small')).toBe(JSON.stringify({ a: 1 }));
  });
});
