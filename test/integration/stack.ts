/** Test helpers over the local proving ground (dev/stack.ts). */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Schema, ServiceHandle } from '../../dev/service/harness.js';
import type { GasRuntime, GasRuntimeOptions } from '../../dev/gas/index.js';
import { OTHER_KEY, sharedRuntime, startStack, type Stack, type StackOptions } from '../../dev/stack.js';

export { COLLABORATOR, KEY, OTHER_KEY, OWNER, TEST_START, startStack, type Stack } from '../../dev/stack.js';

/** Options of useStack: startStack's, and whether every test starts afresh. */
export interface UseStackOptions extends StackOptions {
  /**
   * Before each test, reset the service (its log, counters, limits and clock) and give the stack a new
   * runtime (fresh caches and properties, the key saved, its clock at the start again). Default true;
   * false where a file's tests build on one another or set up runtimes of their own.
   */
  resetBeforeEach?: boolean;
}

/**
 * One stack for a test file or describe block: registers, where it is called, a beforeAll that starts
 * it, an afterAll that stops it and (unless `resetBeforeEach: false`) a beforeEach that resets the
 * service and replaces the runtime. Hooks registered after this call run after these (vitest runs
 * "before" hooks in the order they are registered), so a file adds its own set-up below it.
 *
 * Returns a stand-in that forwards every read and write to the running Stack: declare it once
 * (`const stack = useStack()`) and use it in tests, hooks and helpers; assigning `stack.gas = ...`
 * replaces the running stack's runtime. Using it before the beforeAll has run throws.
 * @param schema which of the service's naming schemas to serve (default 'a')
 * @param options startStack's options, and resetBeforeEach
 */
export function useStack(schema: Schema = 'a', options: UseStackOptions = {}): Stack {
  const { resetBeforeEach = true, ...stackOptions } = options;
  let running: Stack | undefined;
  const current = (): Stack => {
    if (!running) throw new Error('useStack: the stack is used before its beforeAll started it');
    return running;
  };
  beforeAll(async () => {
    running = await startStack(schema, stackOptions);
  });
  afterAll(() => running?.stop());
  if (resetBeforeEach) {
    beforeEach(async () => {
      await current().service.control.reset();
      current().resetRuntime();
    });
  }
  return new Proxy({} as Stack, {
    get: (_target, key): unknown => Reflect.get(current(), key) as unknown,
    set: (_target, key, value) => Reflect.set(current(), key, value),
    has: (_target, key) => key in current(),
  });
}

/**
 * The service's own answer, fetched directly (for comparing with what cells show).
 * @param service the running service
 * @param path endpoint path under /api/v1
 * @param query its parameters
 */
export async function rawAnswer(service: ServiceHandle, path: string, query: Record<string, string> = {}): Promise<unknown> {
  const url = `${service.url}/api/v1${path}?${new URLSearchParams(query).toString()}`;
  const response = await fetch(url, { headers: { Authorization: `Bearer ${OTHER_KEY}` } });
  return response.json();
}

/**
 * The first candidate the service answers for, or undefined: inputs found in the service's own answers.
 * @param stack the stack
 * @param path endpoint path under /api/v1
 * @param param the query parameter the candidate goes in
 * @param candidates what to try, in order
 */
export async function firstAnswered(stack: Stack, path: string, param: string, candidates: string[]): Promise<string | undefined> {
  for (const candidate of candidates) {
    const url = `${stack.service.url}/api/v1${path}?${new URLSearchParams({ [param]: candidate }).toString()}`;
    const response = await fetch(url, { headers: { Authorization: `Bearer ${stack.service.keys[1] ?? stack.service.keys[0]}` } });
    if (response.ok) return candidate;
  }
  return undefined;
}

/**
 * Every text of an answer, in order.
 * @param json a raw answer
 */
export function texts(json: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(json);
  return out;
}

/**
 * Inputs found in the service's own answers, never names we know: a ranking group (the overview's first
 * `prefix:name` text), a brand's slug it names and a company's name that brand's answer gives.
 * @param stack the stack
 */
export async function serviceInputs(stack: Stack): Promise<{ group: string; slug: string; company: string }> {
  const words = [...new Set(texts(await rawAnswer(stack.service, '/ranking')))];
  const group = words.find((t) => /^[a-z0-9_-]+:[^\s:]+$/i.test(t));
  const slug = await firstAnswered(stack, '/brand', 'slug', words.filter((t) => /^[a-z0-9-]+$/.test(t)).slice(0, 40));
  const brand = slug === undefined ? null : await rawAnswer(stack.service, '/brand', { slug });
  const company = await firstAnswered(
    stack,
    '/company',
    'keyword',
    texts(brand).filter((t) => t !== slug),
  );
  if (!group || !slug || !company) throw new Error(`no group, slug or company in the service's answers: ${group}, ${slug}, ${company}`);
  return { group, slug, company };
}

/** A grid's header row and data rows. */
export function table(value: unknown): { header: string[]; rows: unknown[][] } {
  if (!Array.isArray(value)) throw new Error(`expected a table, got ${JSON.stringify(value)}`);
  const [header, ...rows] = value as unknown[][];
  return { header: (header ?? []) as string[], rows };
}

/** The values of one column of a table. */
export function column(value: unknown, name: string): unknown[] {
  const { header, rows } = table(value);
  const i = header.indexOf(name);
  if (i < 0) throw new Error(`no column ${name} in ${header.join(', ')}`);
  return rows.map((row) => row[i]);
}

/**
 * The top-level numeric field whose name ends with "score": what a user reads as "the score" in the raw
 * JSON. Written independently of the add-on's search so the two can disagree.
 * @param json a raw answer
 */
export function topLevelScore(json: unknown): number {
  const entries = Object.entries(json as Record<string, unknown>).filter(
    ([k, v]) => typeof v === 'number' && /score$/i.test(k.replace(/[^a-z]/gi, '')),
  );
  if (entries.length !== 1) throw new Error(`expected one score field, got ${entries.map(([k]) => k).join(', ')}`);
  return entries[0]?.[1] as number;
}

/**
 * Cached answers (data and "not found" entries, and the parts of split answers) in a runtime's document
 * cache: not the config entry, the day's spend counters, or marks of answers being fetched (`P` bodies,
 * whose text is `*~<expiry>~P<id>`; an error leaves its mark behind already expired).
 * @param stack the stack
 */
export function answerEntries(stack: Stack): { key: string; value: string }[] {
  return stack.gas.caches.document.entries().filter((e) => e.key.startsWith('sdm|') && !isMark(e.value));
}

const isMark = (value: string) => /^\*~[0-9a-z]*~P/.test(value);

/**
 * Keys of the marks "being fetched" that have not expired on the runtime clock (a finished lookup
 * leaves none).
 * @param entries a cache's entries
 * @param now the runtime clock's time
 */
export function liveMarks(entries: { key: string; value: string }[], now: number): string[] {
  return entries.filter((e) => isMark(e.value) && parseInt(e.value.split('~')[1] ?? '', 36) > now).map((e) => e.key);
}

/**
 * Replaces the stack's runtime with one whose spreadsheet OWNER owns and shares with COLLABORATOR, each
 * with their own key saved (KEY, OTHER_KEY) for the stack's service (dev/stack.ts sharedRuntime).
 * @param stack the stack (its runtime is closed and replaced)
 * @param options more of the new runtime's options (e.g. cacheEarlyRemoval)
 * @returns the new runtime
 */
export function ownerAndCollaborator(stack: Stack, options: Partial<GasRuntimeOptions> = {}): GasRuntime {
  stack.gas.close();
  stack.gas = sharedRuntime(stack.service.url, options);
  return stack.gas;
}

/**
 * A formula's value with the times beside "As of" (below a readable table, or a range table's column)
 * said as `as of`: for comparing what two runtimes showed of the same answers, which each fetched at its
 * own moment (test/integration/as-of.test.ts checks the times themselves).
 * @param value what a formula returned
 */
export function withoutAsOf(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const grid = value as unknown[][];
  const ours = (cell: unknown) => typeof cell === 'string' && cell.startsWith('As of (');
  const column = grid[0]?.findIndex(ours) ?? -1;
  return grid.map((row, i) => {
    if (ours(row[0])) return [row[0], 'as of', ...row.slice(2)];
    return column > 0 && i > 0 ? row.map((cell, c) => (c === column && cell !== '' ? 'as of' : cell)) : row;
  });
}
