/** Test helpers over the local proving ground (dev/stack.ts). */
import type { ServiceHandle } from '../../dev/service/harness.js';
import { OTHER_KEY, type Stack } from '../../dev/stack.js';

export { KEY, OTHER_KEY, TEST_START, startStack, type Stack } from '../../dev/stack.js';

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
