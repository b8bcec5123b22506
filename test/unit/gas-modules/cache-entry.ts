// Exposes the cache store to the local Apps Script runtime for test/unit/cache-store.test.ts.
import { readCached, writeCached } from '../../../src/server/cache/store';

const scope = globalThis as unknown as Record<string, unknown>;
scope.writeAnswer = (key: string, json: string) =>
  writeCached([{ key, value: { kind: 'data', data: JSON.parse(json) }, ttlSeconds: 21_600 }]);
scope.readAnswer = (key: string) => {
  const found = readCached([key]).found.get(key);
  return found?.kind === 'data' ? JSON.stringify(found.data) : 'miss';
};
