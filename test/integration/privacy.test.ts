/**
 * docs/publish/privacy.md, claim by claim, against the built dist/Code.js in dev/gas and the local service: what
 * the add-on stores, where and for how long, and what it sends to whom. Each `it` names the claim's id
 * in the policy (K1, C1, …); the policy's table points back here. The claim that the key appears
 * nowhere else (cells, errors, logs, URLs, caches, other properties) is test/integration/secrets.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { KEY, useStack } from './stack';

const HOURS_6_MS = 21_600 * 1000;
/** Text in a cell no formula refers to: it must never leave the spreadsheet. */
const PRIVATE_NOTE = 'private-note-7f3a';

const stack = useStack('a', { resetBeforeEach: false });
beforeAll(() => {
  stack.gas.spreadsheet.setValues('Sheet1!Z1', [[PRIVATE_NOTE]]);
});

/** Runs a sidebar function as the user (menu and sidebar code runs in AuthMode.FULL). */
function sidebar<T = unknown>(fn: string, ...args: unknown[]): T {
  const result = stack.gas.run(fn, args, { mode: 'sidebar' });
  if (!result.ok) throw new Error(`${fn}: ${result.error}`);
  return result.value as T;
}

const user = () => stack.gas.properties.user.snapshot();
const documentProps = () => stack.gas.properties.document.snapshot();
const metadata = () => stack.gas.spreadsheet.developerMetadata.list.map((r) => `${r.key}=${r.value ?? ''}`).join('\n');

describe('the API key (privacy.md: "Your API key")', () => {
  it('K1: a saved key is kept in your user properties only, not in the document', () => {
    sidebar('removeApiKey');
    expect(user().SDM_API_KEY).toBeUndefined();
    sidebar('saveApiKey', KEY, false);
    expect(user().SDM_API_KEY).toBe(KEY);
    expect(JSON.stringify(documentProps())).not.toContain(KEY);
  });

  it('K2: sharing puts a copy in the document properties with the email of who shared it; stopping deletes both', () => {
    sidebar('setKeySharing', true);
    expect(documentProps().SDM_API_KEY).toBe(KEY);
    expect(documentProps().SDM_API_KEY_BY).toBe('user@example.com');
    sidebar('setKeySharing', false);
    expect(documentProps().SDM_API_KEY).toBeUndefined();
    expect(documentProps().SDM_API_KEY_BY).toBeUndefined();
  });

  it('K3: removing your key deletes it (and the copy you shared here)', () => {
    sidebar('setKeySharing', true);
    sidebar('removeApiKey');
    expect(user().SDM_API_KEY).toBeUndefined();
    expect(documentProps().SDM_API_KEY).toBeUndefined();
    sidebar('saveApiKey', KEY, false);
  });
});

describe('answers (privacy.md: "Answers from the service")', () => {
  it('C1: answers are kept in the document cache for at most 6 hours, never in the script cache', () => {
    expect(stack.run('SEARCH_TREND', 'Coffee').ok).toBe(true);
    expect(stack.run('SEARCH_SCORE', [['tea'], ['matcha']]).ok).toBe(true);
    const now = stack.gas.clock.now();
    const entries = stack.gas.caches.document.entries();
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.expiresAt - now).toBeLessThanOrEqual(HOURS_6_MS);
    expect(stack.gas.caches.script.entries()).toEqual([]);
  });

  it('C2: cache keys are hashes: no keyword and no key can be read from them', () => {
    const keys = stack.gas.caches.document.entries().map((e) => e.key);
    for (const key of keys) {
      expect(key).not.toMatch(/coffee|matcha|tea/i);
      expect(key).not.toContain(KEY);
    }
  });
});

describe('tables and tracking lists (privacy.md: "In the spreadsheet")', () => {
  it('M1: ranking tables, their schedule and tracking lists are kept in the developer metadata, with the email of who set them', () => {
    sidebar('insertRankingTable', { group: 'sector:fintech', placement: 'new-sheet', columns: null, limit: 3 });
    sidebar('setRefreshSchedule', { kind: 'daily', hour: 6 });
    sidebar('addTrackingList', { name: '', kind: 'keywords', items: ['oolong'], period: 'week', fields: null });
    const stored = metadata();
    expect(stored).toContain('sector:fintech');
    expect(stored).toContain('oolong');
    expect(stored).toContain('user@example.com');
    expect(stored).not.toContain(KEY);
    expect(JSON.stringify(documentProps())).not.toMatch(/sector:fintech|oolong/);
  });

  it("M2: the scheduled runs' list of spreadsheets is in the user's own properties, with no key", () => {
    expect(user().SDM_SCHEDULED).toContain(stack.gas.spreadsheet.id);
    expect(user().SDM_SCHEDULED).not.toContain(KEY);
  });
});

describe('a scheduled run (privacy.md: "Answers from the service")', () => {
  it('C4: with no document open, answers go to your user cache, again for at most 6 hours, never the script cache', () => {
    stack.gas.advanceClock(24 * 3_600_000); // the daily refresh is due
    const [trigger] = stack.gas.triggers.filter((t) => t.eventType === 'CLOCK');
    if (!trigger) throw new Error('no time-driven trigger');
    const before = stack.gas.fetchLog.length;
    expect(stack.gas.fireTrigger(trigger).ok).toBe(true);
    expect(stack.gas.fetchLog.length).toBeGreaterThan(before); // it fetched, so it had answers to keep
    const now = stack.gas.clock.now();
    const entries = stack.gas.caches.user.entries();
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.expiresAt - now).toBeLessThanOrEqual(HOURS_6_MS);
    expect(stack.gas.caches.script.entries()).toEqual([]);
    // M2: what the run came to is in the user's own properties: when, and that nothing stopped it; no key.
    expect(JSON.parse(user().SDM_RUN_OUTCOME ?? 'null')).toMatchObject({ last: { stop: null } });
    expect(user().SDM_RUN_OUTCOME).not.toContain(KEY);
  });
});

describe('the usage read (privacy.md: "Your usage")', () => {
  it('U1: the last usage read is kept in your user properties with a 12-character fingerprint of the key, never the key', () => {
    sidebar('refreshUsage');
    const kept = user().SDM_USAGE_READ ?? '';
    expect(kept).not.toBe('');
    expect(kept).not.toContain(KEY);
    expect((JSON.parse(kept) as { fp: string }).fp).toMatch(/^[\w-]{12}$/);
  });
});

describe('what is sent (privacy.md: "What is sent, and to whom")', () => {
  it('S1: every request goes to the service under /api/v1/, with the normalised input as its only query, and only the key and Accept as its own headers', () => {
    const log = stack.gas.fetchLog;
    expect(log.length).toBeGreaterThan(3);
    for (const request of log) {
      expect(request.url.startsWith(`${stack.service.url}/api/v1/`)).toBe(true);
      expect(request.method.toLowerCase()).toBe('get');
      // The add-on's two headers, and the User-Agent Google's UrlFetchApp adds to every request.
      expect([...request.headerNames].sort()).toEqual(['Accept', 'Authorization', 'User-Agent']);
      const query = [...new URL(request.url).searchParams.keys()];
      expect(query.every((name) => ['keyword', 'slug', 'group'].includes(name))).toBe(true);
      expect(query.length).toBeLessThanOrEqual(1);
    }
    expect(log.map((r) => new URL(r.url).searchParams.get('keyword')).filter(Boolean)).toContain('coffee'); // "Coffee", normalised
  });

  it("N1: nothing else leaves: not other cells, not the spreadsheet's id or name, not your email", () => {
    const sent = stack.gas.fetchLog.map((r) => r.url).join('\n');
    expect(sent).not.toContain(PRIVATE_NOTE);
    expect(sent).not.toContain(stack.gas.spreadsheet.id);
    expect(sent).not.toContain('user@example.com');
    expect(sent).not.toContain(encodeURIComponent('user@example.com'));
    expect(sent).not.toContain(KEY);
  });
});
