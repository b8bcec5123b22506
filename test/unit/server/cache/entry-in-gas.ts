// Exposes the cache entry format to the local Apps Script runtime for test/unit/server/cache/entry.test.ts.
import { joinParts, readEntry, writeEntry } from '../../../../src/server/cache/entry';
import type { Json } from '../../../../src/server/shape/shape';
import { getAll, openCache, putAll } from '../../../../src/server/cache/cache-store';

const scope = globalThis as unknown as Record<string, unknown>;
const STAMP = '0.test';
scope.writeAnswer = (key: string, json: string) =>
  putAll(openCache(), writeEntry(key, { kind: 'data', data: JSON.parse(json) as Json }, STAMP, null));
scope.readAnswer = (key: string) => {
  const cache = openCache();
  const head = readEntry(getAll(cache, [key])[key], STAMP, Date.now());
  if (!head) return 'miss';
  if (head.kind === 'data') return JSON.stringify(head.data);
  if (head.kind !== 'split') return head.kind;
  const keys = Array.from({ length: head.count }, (_, i) => `${key}.${i}`);
  const parts = getAll(cache, keys);
  const joined = joinParts(
    keys.map((k) => parts[k]),
    head.id,
  );
  return joined?.kind === 'data' ? JSON.stringify(joined.data) : 'miss';
};
