/**
 * The API key never leaves the Authorization header: not in a value, an error, a log, a URL, a cache
 * key or value (decompressed), or any property but its own.
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { KEY, useStack } from './stack';

const stack = useStack('a', { resetBeforeEach: false });

/** Cache values as text a reader could recover: raw, and gunzipped for compressed ones. */
function readableCache(): string[] {
  const texts: string[] = [];
  const entries = stack.gas.caches.document.entries();
  for (const { key, value } of entries) {
    texts.push(key, value);
    if (value.startsWith('z')) texts.push(gunzipSync(Buffer.from(value.slice(1), 'base64')).toString('utf8'));
    const head = /^p(\d+)\|(\w+)$/.exec(value);
    if (head) {
      const joined = Array.from({ length: Number(head[1]) }, (_, i) =>
        (entries.find((e) => e.key === `${key}.${i}`)?.value ?? '').slice((head[2] ?? '').length + 1),
      ).join('');
      if (joined.startsWith('z')) texts.push(gunzipSync(Buffer.from(joined.slice(1), 'base64')).toString('utf8'));
    }
  }
  return texts;
}

describe('the API key', () => {
  it('appears nowhere a user, a collaborator or a log reader could see it', async () => {
    // A broad session: data, errors of every kind, a big answer, a service that echoes text.
    stack.run('SEARCH_TREND', 'coffee');
    stack.run('SEARCH_SCORE', [['tea'], [''], ['x'.repeat(300)]]);
    stack.run('RANKING_LIST', 'market:us');
    stack.run('BRAND_PROFILE', 'no-such-brand');
    stack.run('SEARCH_TREND', 'k'.repeat(220));
    await stack.service.control.faults([
      { kind: 'malformed', count: 1 },
      { kind: '5xx', count: 3 },
    ]);
    stack.run('MARKET_ANALYSIS');
    stack.run('AI_INDUSTRIES');
    await stack.service.control.faults([{ kind: 'reset', count: 3 }]);
    stack.run('API_USAGE');
    await stack.service.control.keys({ revoke: [KEY] });
    stack.run('RANKING_OVERVIEW');
    stack.run('SEARCH_TREND', 'coffee', 'nope');

    expect(stack.results.length).toBeGreaterThan(8);
    const seen = [
      ...stack.results.map((r) => JSON.stringify([r.value ?? null, r.error ?? null, r.logs, r.urls])),
      ...stack.gas.logs,
      ...stack.gas.fetchLog.map((f) => JSON.stringify(f)),
      ...readableCache(),
      JSON.stringify(stack.gas.properties.document.snapshot()),
      JSON.stringify(stack.gas.caches.user.entries()),
      JSON.stringify(stack.gas.caches.script.entries()),
      ...Object.entries(stack.gas.properties.user.snapshot())
        .filter(([name]) => name !== 'SDM_API_KEY')
        .map(([, v]) => v),
    ];
    expect(seen.join('\n').length).toBeGreaterThan(10_000);
    for (const text of seen) expect(text).not.toContain(KEY);
    // The requests did carry it, in the header only.
    expect(stack.gas.fetchLog.length).toBeGreaterThan(5);
    expect(stack.gas.fetchLog.every((f) => !f.url.includes(KEY) && f.headerNames.includes('Authorization'))).toBe(true);
  });
});
