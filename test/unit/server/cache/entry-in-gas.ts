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
scope.writeAnswerAt = (key: string, json: string, at: number) =>
  putAll(openCache(), writeEntry(key, { kind: 'data', data: JSON.parse(json) as Json, at }, STAMP, null));
/** When the answer under `key` says the service gave it (ms), joined from its parts if split; null when it says nothing. */
scope.answeredAt = (key: string) => {
  const cache = openCache();
  const head = readEntry(getAll(cache, [key])[key], STAMP, Date.now());
  if (head?.kind === 'split') {
    const keys = Array.from({ length: head.count }, (_, i) => `${key}.${i}`);
    const parts = getAll(cache, keys);
    const joined = joinParts(
      keys.map((k) => parts[k]),
      head.id,
      head.at,
    );
    return joined?.kind === 'data' ? (joined.at ?? null) : 'miss';
  }
  return head?.kind === 'data' ? (head.at ?? null) : 'miss';
};
