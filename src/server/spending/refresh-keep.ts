/**
 * What a refresh keeps (cache/kept-answers.ts): the answers the spreadsheet's formulas use, as the cache
 * holds them when the add-on may write, for a formula Sheets runs again on a day a daily limit holds its
 * query back. An answer only the score functions read is kept as its score alone.
 */
import { keepAnswers, type KeptAnswer } from '../cache/kept-answers';
import { CACHE_TTL_S } from '../cache/cache-store';
import { readLookupSettings } from '../settings/lookup-settings';
import { ENDPOINTS } from '../service/endpoints';
import { findScore, type Json } from '../shape/shape';
import { keyOf, SCORE_FUNCTIONS, type RefreshPlan } from './refresh-plan';

/**
 * Keeps the answers of every formula cell's queries (cache/kept-answers.ts): those fetched now, and those
 * the cache held; an answer only score functions read is kept as its score alone. The refresh keeps
 * them (refresh/refresh-run.ts), and so does the sidebar each time it counts what a refresh would send
 * (refresh-estimate.ts).
 * @param plan the plan, with the cache as read
 * @param fetched the answers fetched now (their data), by cache key
 */
export function keepTheirAnswers(plan: RefreshPlan, fetched: Map<string, Json>): void {
  const now = Date.now();
  const scoresOnly = new Map<string, string[] | null>(); // each query: the score's preferred names, or null when more is read
  for (const cell of plan.cells) {
    for (const call of cell.calls) {
      if (call.endpoint === ENDPOINTS.usage) continue;
      const preferred = SCORE_FUNCTIONS[call.name] ?? null;
      for (const s of call.subjects) {
        const key = keyOf(call.endpoint, s);
        scoresOnly.set(key, scoresOnly.has(key) && scoresOnly.get(key) === null ? null : preferred);
      }
    }
  }
  const fromPacks = new Map<string, { data: Json; fetchedAt: number }>();
  for (const cell of plan.cells) {
    for (const call of cell.calls) {
      if (!call.packed) continue;
      for (const pack of plan.run.packs.values()) {
        if (!pack) continue;
        for (const s of call.subjects) {
          const data = pack.answers.get(s);
          if (data !== undefined) fromPacks.set(keyOf(call.endpoint, s), { data, fetchedAt: pack.answeredAt.get(s) ?? pack.fetchedAt });
        }
      }
    }
  }
  const keep = new Map<string, KeptAnswer>();
  for (const [key, preferred] of scoresOnly) {
    const cached = plan.run.found.get(key);
    const data = fetched.get(key);
    // A cached answer says when the service gave it (cache/entry.ts); one written before that, only a span.
    const found =
      cached?.kind === 'data'
        ? cached.at !== undefined
          ? { data: cached.data, fetchedAt: cached.at }
          : { data: cached.data, fetchedAt: now, earliest: now - CACHE_TTL_S * 1000 }
        : (fromPacks.get(key) ?? (data !== undefined ? { data, fetchedAt: now } : undefined));
    if (!found) continue;
    const score = preferred ? scoreAlone(found.data, preferred) : null;
    keep.set(key, { ...found, data: score ?? found.data, scoreOnly: score !== null });
  }
  keepAnswers(keep, readLookupSettings('formula').baseUrl);
}

/** An answer with its score alone (its other fields left out), or null when no one score is found. */
function scoreAlone(data: Json, preferred: string[]): Json | null {
  const found = findScore(data, preferred);
  if (!found.ok) return null;
  const parts = found.path.split('.');
  let out: Json = found.value;
  for (let i = parts.length - 1; i >= 0; i--) out = { [parts[i] as string]: out };
  return out;
}
