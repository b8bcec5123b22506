/**
 * Reads allowances out of a /usage answer by meaning, since its field names are not known: numbers named
 * like used / limit / remaining are paired by what they count (`fresh_searches.used` with
 * `fresh_searches.limit`, or `freshSearchesUsed` with `freshSearchLimit`).
 */
import type { UsageBar } from '../../shared/sidebar-api';
import { normaliseName, type Json } from '../shape/shape';

type Role = 'used' | 'limit' | 'remaining';

const ROLE_WORDS: [Role, string[]][] = [
  ['remaining', ['remaining', 'left', 'available']],
  ['limit', ['limit', 'allowance', 'quota', 'max', 'maximum', 'total']],
  ['used', ['used', 'usage', 'spent', 'consumed', 'count']],
];

interface Part {
  label: string;
  used?: number;
  limit?: number;
  remaining?: number;
}

/**
 * The allowances found in a usage answer, in the order they appear.
 * @param json the /usage answer
 */
export function usageBars(json: Json): UsageBar[] {
  const parts = new Map<string, Part>();
  walk(json, [], parts, 0);
  const bars: UsageBar[] = [];
  for (const part of parts.values()) {
    const used = part.used ?? (part.limit !== undefined && part.remaining !== undefined ? part.limit - part.remaining : undefined);
    const limit = part.limit ?? (part.used !== undefined && part.remaining !== undefined ? part.used + part.remaining : undefined);
    if (used !== undefined && limit !== undefined && limit > 0) bars.push({ label: part.label, used, limit });
  }
  return bars;
}

function walk(value: Json, path: string[], parts: Map<string, Part>, depth: number): void {
  if (depth > 6 || value === null || typeof value !== 'object' || Array.isArray(value)) return;
  for (const [key, child] of Object.entries(value)) {
    if (typeof child === 'number' && isFinite(child)) classify(key, child, path, parts);
    else walk(child, [...path, key], parts, depth + 1);
  }
}

function classify(key: string, amount: number, path: string[], parts: Map<string, Part>): void {
  const name = normaliseName(key);
  for (const [role, words] of ROLE_WORDS) {
    const word = words.find((w) => name === w || name.endsWith(w));
    if (!word) continue;
    // `fresh_searches.used` counts what its parent names; `freshSearchesUsed` what precedes the role word.
    const ownStem = name.slice(0, name.length - word.length);
    const parent = path[path.length - 1];
    const stemSource = ownStem ? key.slice(0, stemLength(key, ownStem.length)) : parent;
    if (!stemSource) return;
    const stem = singular(normaliseName(stemSource));
    const part = parts.get(stem) ?? { label: labelOf(stemSource) };
    if (part[role] === undefined) part[role] = amount;
    parts.set(stem, part);
    return;
  }
}

/** The length of the original key's prefix that normalises to `normalisedLength` characters. */
function stemLength(key: string, normalisedLength: number): number {
  let seen = 0;
  for (let i = 0; i < key.length; i++) {
    if (/[\p{L}\p{N}]/u.test(key.charAt(i))) seen++;
    if (seen === normalisedLength) return i + 1;
  }
  return key.length;
}

function singular(stem: string): string {
  if (/(ch|sh|ss|x)es$/.test(stem)) return stem.slice(0, -2);
  return stem.endsWith('s') ? stem.slice(0, -1) : stem;
}

/** `fresh_searches` / `freshSearches` → `Fresh searches`; `api` stays upper case. */
function labelOf(source: string): string {
  const words = source
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toLowerCase()
    .split(' ')
    .map((w) => (w === 'api' ? 'API' : w));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Whether a usage answer shows the API-call allowance spent (a bar about calls or requests at its
 * limit): then no request can succeed until it resets, and the limit guard holds every one back.
 * @param json the /usage answer
 */
export function callsSpent(json: Json): boolean {
  return usageBars(json).some((bar) => /call|request/i.test(bar.label) && bar.used >= bar.limit);
}

/**
 * A top-level or nested text field whose name mentions reset (`reset_at`, `resetsAt`), as sent.
 * @param data the /usage answer
 */
export function findResetText(data: Json, depth = 0): string | null {
  if (!data || typeof data !== 'object' || Array.isArray(data) || depth > 3) return null;
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === 'string' && normaliseName(key).includes('reset')) return value;
  }
  for (const value of Object.values(data)) {
    const found = findResetText(value, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The reset time of a /usage answer in ms, or null when it names none that parses.
 * @param data the /usage answer
 */
export function findResetTime(data: Json): number | null {
  const at = Date.parse(findResetText(data) ?? '');
  return Number.isFinite(at) ? at : null;
}

/** What a /usage answer says is left today (null where it does not say), and when it resets. */
export interface AllowanceLeft {
  fresh: number | null;
  calls: number | null;
  resetAt: number | null;
}

/**
 * What is left of the fresh searches and the API calls, read by meaning, and when they reset.
 * @param data the /usage answer
 */
export function allowanceLeft(data: Json): AllowanceLeft {
  const bars = usageBars(data);
  const left = (pattern: RegExp) => {
    const bar = bars.find((b) => pattern.test(b.label));
    return bar ? Math.max(0, bar.limit - bar.used) : null;
  };
  return { calls: left(/call|request/i), fresh: left(/fresh|credit|search/i), resetAt: findResetTime(data) };
}
