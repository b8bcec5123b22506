/** Finding "the score" of an answer by meaning, since its field names are unknown. */
import { listForMessage, normaliseName } from './names';
import { isObject, MAX_DEPTH, type Json } from './types';

/** The result of {@link findScore}. */
export type ScoreResult = { ok: true; path: string; value: number } | { ok: false; message: string; candidates: string[] };

/**
 * The answer's score: among the numeric fields reachable through objects only (not inside lists),
 * those whose normalised last name is `score` or ends with `score`. A field named in `preferred`
 * (normalised, e.g. `searchscore`) wins, the shallowest if several; otherwise the shallowest of all.
 * Only real numbers count: a numeric-looking string such as "73" is text (numbers stay numbers).
 * Failures, with `candidates` the paths a user can pass as a field:
 * - none: `no score field found: numeric fields are a, b.c` (or `the answer has no numeric fields`);
 * - a tie at the shallowest depth: `several score fields: a.score, b_score — pass one as the field
 *   …` (the caller says which function takes one as its field).
 * @param json the answer
 * @param preferred normalised names to prefer, e.g. `['searchscore']`
 */
export function findScore(json: Json, preferred: string[]): ScoreResult {
  const numeric: { path: string; depth: number; name: string; value: number }[] = [];
  const walk = (v: Json, path: string, name: string, d: number): void => {
    if (typeof v === 'number' && Number.isFinite(v) && path) numeric.push({ path, depth: d, name, value: v });
    else if (isObject(v) && d < MAX_DEPTH)
      for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k, normaliseName(k), d + 1);
  };
  walk(json, '', '', 0);
  const scores = numeric.filter((c) => c.name.endsWith('score'));
  const want = new Set(preferred.map(normaliseName));
  const liked = scores.filter((c) => want.has(c.name));
  const pool = liked.length ? liked : scores;
  if (!pool.length) {
    const names = numeric.map((c) => c.path);
    const message = names.length
      ? `no score field found: numeric fields are ${listForMessage(names)}`
      : 'no score field found: the answer has no numeric fields';
    return { ok: false, message, candidates: names };
  }
  const top = pool.reduce((m, c) => Math.min(m, c.depth), Infinity);
  const best = pool.filter((c) => c.depth === top);
  if (best.length === 1 && best[0]) return { ok: true, path: best[0].path, value: best[0].value };
  const names = best.map((c) => c.path);
  const message = `several score fields: ${listForMessage(names)}`;
  return { ok: false, message, candidates: names };
}
