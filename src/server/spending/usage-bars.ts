/**
 * Reads allowances out of a /usage answer by meaning, since its field names are not known: numbers named
 * like used / limit / remaining are paired by what they count (`fresh_searches.used` with
 * `fresh_searches.limit`, or `freshSearchesUsed` with `freshSearchLimit`). What is left of them and when
 * they reset: spending/allowance.ts.
 */
import type { UsageBar } from '../../shared/allowance-rules';
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
