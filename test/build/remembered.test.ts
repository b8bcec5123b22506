import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { remembered } from '../../scripts/build/remembered';

const root = mkdtempSync(join(tmpdir(), 'sdm-remembered-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const source = join(root, 'source.ts');

/** Works out the source's length, counting how often it did. */
function lengthOfSource(counter: { runs: number }) {
  return remembered(root, 'length', () => {
    counter.runs++;
    return { value: readFileSync(source, 'utf8').length, files: [source] };
  });
}

it('works a result out again only when a file it came from changed or is gone', () => {
  const counter = { runs: 0 };
  writeFileSync(source, 'abc');
  expect(lengthOfSource(counter)).toBe(3);
  expect(lengthOfSource(counter)).toBe(3);
  expect(counter.runs).toBe(1);
  writeFileSync(source, 'abcdef');
  expect(lengthOfSource(counter)).toBe(6);
  expect(counter.runs).toBe(2);
  rmSync(source);
  expect(() => lengthOfSource(counter)).toThrow(/ENOENT/);
  expect(counter.runs).toBe(3);
});

it('keeps nothing that threw', () => {
  let runs = 0;
  const failing = () =>
    remembered(root, 'failing', () => {
      runs++;
      throw new Error('cannot read it');
    });
  expect(failing).toThrow('cannot read it');
  expect(failing).toThrow('cannot read it');
  expect(runs).toBe(2);
});
