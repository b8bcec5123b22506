/**
 * A field written as a header's words ("Peak month", "Growth year-on-year %"), and the list of fields in
 * words for an error, nearest first. The answer's own paths are the vocabulary; their words come from
 * the same rule as the headers (words.ts), so any header a cell shows can be typed back as a field.
 */
import { listForMessage } from './names';
import { comparable, didYouMean, nearestFirst } from './nearest';
import { listPaths, selectPath, type Selection } from './paths';
import { onlyList } from './readable';
import type { Json } from './types';
import { headerWords } from './words';

/** Enough paths to find a header's words in any answer a cell can show. */
const MAX_PATHS = 2000;

/** The zone a date-time's label says after its words, as a cell shows it: "Fetched at (UTC)". */
const ZONE_SAID = /\s*\([^()]*\)\s*$/;

/**
 * The selection of a field given as words: a path whose words (all of them, else its last segments')
 * are the field's, when exactly one place has them; a date-time's label as a cell shows it, with its
 * zone ("Fetched at (UTC)"), is its words. Undefined when no path has them; an error that lists them
 * when several do.
 * @param json the answer
 * @param field the words typed
 */
export function selectByWords(json: Json, field: string): Selection | undefined {
  const bare = field.replace(ZONE_SAID, '');
  return byWords(json, field) ?? (bare !== field ? byWords(json, bare) : undefined) ?? statedOnce(json, field);
}

/**
 * The selection of what an answer is, in the words the readable layout titles its only list by
 * ("Ranking", readable.ts): that list. Undefined for other words, or an answer without one such list.
 * @param json the whole answer
 * @param field the words typed
 * @param name what the answer is, in words (its endpoint's)
 */
export function selectByName(json: Json, field: string, name: string | undefined): Selection | undefined {
  const path = name !== undefined && comparable(field) === comparable(name) ? onlyList(json) : undefined;
  return path === undefined ? undefined : selectPath(json, path);
}

/** A column stated once, as its label says it (readable.ts): "Sector of every item". */
const STATED_ONCE = /^(.+) of every .+$/;

/**
 * The selection of a column's label as the readable layout states it once ("Position of every ranking
 * by market"): the column by its own words, given as the one value it holds on every row, as shown.
 */
function statedOnce(json: Json, field: string): Selection | undefined {
  const words = STATED_ONCE.exec(field)?.[1];
  const found = words === undefined ? undefined : byWords(json, words);
  if (!found?.ok || !Array.isArray(found.value) || !found.value.length) return found;
  const [first] = found.value;
  return found.value.every((v) => v === first) ? { ok: true, value: first ?? null, path: found.path } : found;
}

/** The selection of a field given as words, exactly as they are (selectByWords). */
function byWords(json: Json, field: string): Selection | undefined {
  const wanted = comparable(field);
  if (!wanted) return undefined;
  const paths = listPaths(json, MAX_PATHS);
  const whole = paths.filter((p) => comparable(headerWords(p)) === wanted);
  const tails = whole.length
    ? whole
    : paths.filter((p) => {
        const segs = p.split('.');
        return segs.some((_, i) => i > 0 && comparable(headerWords(segs.slice(i).join('.'))) === wanted);
      });
  if (tails.length === 1) return selectPath(json, tails[0] as string);
  if (tails.length > 1) {
    // Said in words, unless two of them read alike: then as paths, which tell them apart.
    const words = tails.map(headerWords);
    const names = new Set(words).size === words.length ? words : tails;
    return {
      ok: false,
      message: `field "${field}" could be ${listForMessage(names.map((n) => `"${n}"`))}: write one of them`,
      available: tails,
    };
  }
  return undefined;
}

/**
 * The message for a field that is not there: the nearest field as "did you mean", then the fields that
 * exist in words, nearest first.
 * @param field what was typed
 * @param available the paths the failed selection offered
 */
export function unknownFieldMessage(field: string, available: string[]): string {
  const shown = field.length > 100 ? `${field.slice(0, 99)}…` : field;
  const words = [...new Set(available.map(headerWords))];
  if (!words.length) return `unknown field "${shown}": the answer has no fields`;
  const guess = didYouMean(field, words);
  const hint = guess ? ` did you mean "${guess}"?` : '';
  return `unknown field "${shown}":${hint} available fields are ${listForMessage(nearestFirst(field, words))}`;
}
