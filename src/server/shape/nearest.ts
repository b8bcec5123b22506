/** Which names are nearest to what a person typed: for "did you mean" and lists nearest first. */

/** Lower case, letters and digits only, `%` read as "pct": how two spellings of a name are compared. */
export function comparable(s: string): string {
  return s
    .toLowerCase()
    .replace(/%/g, 'pct')
    .replace(/[^\p{L}\p{N}\p{M}]/gu, '');
}

/** Edits (insert, delete, change, swap two neighbours) that turn `a` into `b`; stops counting past `cap`. */
function distance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (before[j - 2] ?? 0) + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > cap) return cap + 1;
    before = prev;
    prev = row;
  }
  return prev[b.length] ?? cap + 1;
}

/** How far a candidate is from what was typed: edits, less for a candidate that contains it or starts alike. */
function score(wanted: string, candidate: string): number {
  const w = comparable(wanted);
  const c = comparable(candidate);
  if (!w || !c) return Infinity;
  if (w === c) return 0;
  const d = distance(w, c, Math.max(w.length, c.length));
  return c.includes(w) || w.includes(c) ? Math.min(d, 1 + Math.abs(c.length - w.length) / 4) : d;
}

/**
 * The candidates, nearest to `wanted` first (ties keep their order).
 * @param wanted what was typed
 * @param candidates the names that exist
 */
export function nearestFirst(wanted: string, candidates: string[]): string[] {
  return candidates
    .map((c, i) => ({ c, i, s: score(wanted, c) }))
    .sort((x, y) => x.s - y.s || x.i - y.i)
    .map((x) => x.c);
}

/**
 * The one candidate near enough to be what was meant (a typo or two, scaled to the length), else
 * undefined; none when two are equally near.
 * @param wanted what was typed
 * @param candidates the names that exist
 */
export function didYouMean(wanted: string, candidates: string[]): string | undefined {
  const w = comparable(wanted);
  if (!w) return undefined;
  const allowed = Math.max(1, Math.min(3, Math.floor(w.length / 4)));
  const scored = [...new Set(candidates)]
    .map((c) => ({ c, s: distance(w, comparable(c), allowed) }))
    .filter((x) => x.s <= allowed && x.s > 0);
  scored.sort((x, y) => x.s - y.s);
  const [best, next] = scored;
  return best && (!next || next.s > best.s) ? best.c : undefined;
}
