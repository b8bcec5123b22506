/**
 * The shared body of the custom functions: read arguments, look up every distinct subject once,
 * shape the answers. Single inputs throw their error (Sheets shows it on the cell); ranges put each
 * row's error in that row. A formula calls only the services Google lists for custom functions (no
 * ScriptApp, no Session, no console: test/build/formula-services.test.ts): a missing permission to
 * connect shows when Google refuses the fetch itself (service/fetcher.ts words it), and a cached answer
 * needs no connection.
 */
import { createBudget } from '../execution/time-budget';
import { AddonError, errors, keptLine } from '../errors/errors';
import { readField, readOptions, readSubjects, requireSubject, type Options, type Subject } from '../spreadsheet/input';
import { messageKind } from '../errors/cell-messages';
import { lookupAll, type Answer, type KeptUse } from '../lookup/pipeline';
import type { KeptMark } from '../lookup/lookup-result';
import { afterReset } from '../../shared/reset-time';
import { lookupPacked } from '../lookup/packed-lookup';
import { ENDPOINTS, type Endpoint } from '../service/endpoints';
import { nameKnownGroups } from '../lookup/known-groups';
import { cachedBrandNames, suggestKnownBrands } from '../lookup/known-brands';
import { lookupUsage } from '../lookup/usage-lookup';
import { findScore, type Json, type TimeZone } from '../shape/shape';
import { lazyTimeZone } from '../spreadsheet/time-zone';
import {
  select,
  shapeOne,
  shapeRangeTable,
  shapeRangeValues,
  type Output,
  type RangeItem,
  type RangeValue,
} from '../lookup/answer-shaping';

/**
 * The answer of one subject (or of an endpoint without one), or its error thrown; where dates fall;
 * when the service gave it (a usage answer says so in its own "Read at" row: not twice); and, for an
 * answer a daily limit held back, that it is a kept one and how old.
 */
function fetchOne(endpoint: Endpoint, subject: string | undefined, kept: KeptUse = 'whole'): One {
  const budget = createBudget();
  // Usage is never older than what this document spent since, and says when it was read.
  const { answers, timeZone } =
    endpoint === ENDPOINTS.usage ? lookupUsage(budget) : lookupAll(endpoint, [subject], budget, 'formula', { kept });
  if (endpoint === ENDPOINTS.rankingList) nameKnownGroups(answers, budget, 'formula');
  if (endpoint === ENDPOINTS.brand) suggestKnownBrands(answers);
  const answer = answers.get(subject ?? '') ?? { ok: false, error: errors.budget() };
  if (!answer.ok) throw answer.error;
  // A kept answer is as of when it was fetched, as its own line says.
  const at = endpoint === ENDPOINTS.usage ? undefined : (answer.at ?? answer.kept?.fetchedAt);
  return {
    data: answer.data,
    name: endpoint.words,
    timeZone: timeZone ?? lazyTimeZone(),
    kept: answer.kept,
    ...(at === undefined ? {} : { at }),
  };
}

/** One answer as fetchOne gives it. */
interface One {
  data: Json;
  /** What the answer is, in words (its endpoint's): the title of its only list. */
  name: string;
  timeZone: TimeZone;
  kept?: KeptMark;
  /** When the service gave it (ms), said "As of" below its table. */
  at?: number;
}

/**
 * A single input's result. A daily limit's (or the spreadsheet's cap's) message is the cell's value, in
 * words, as in a range's row: thrown, Sheets would show #ERROR! and the words only on hover. Any other
 * error is thrown (Sheets shows it on the cell).
 * @param result computes the result
 */
function single(result: () => Output): Output {
  try {
    return result();
  } catch (error) {
    if (error instanceof AddonError && messageKind(error.message) === 'limit') return error.message;
    throw error;
  }
}

/**
 * A single answer's readable layout, with a kept answer's line under it (how old, not current, when it is
 * fetched again); a layout for programs (raw, noHeaders) or turned (transpose) is left as it is.
 */
function shapeSingle(one: One, field: string | undefined, options: Options): Output {
  const output = shapeOne(one.data, field, options, one.timeZone, cachedBrandNames, one.at, one.name);
  if (!one.kept || !Array.isArray(output) || options.raw || options.noHeaders || options.transpose) return output;
  const zone = typeof one.timeZone === 'function' ? one.timeZone() : one.timeZone;
  const when = one.kept.resetAt === null ? '' : afterReset(one.kept.resetAt, Date.now());
  const line = keptLine(Utilities.formatDate(new Date(one.kept.fetchedAt), zone, 'd MMM yyyy'), when);
  const width = output[0]?.length ?? 1;
  return [...output, [line, ...Array.from({ length: width - 1 }, () => '')]];
}

/**
 * A function with a subject argument (keyword, slug, name or group), an optional field and options.
 * @param endpoint the endpoint
 * @param subjectArg a value or a range
 * @param fieldArg a field path, optional
 * @param optionsArg a comma list of options, optional
 */
export function lookupSubjects(endpoint: Endpoint, subjectArg: unknown, fieldArg: unknown, optionsArg: unknown): Output {
  const kind = endpoint.param?.kind ?? 'keyword';
  const field = readField(fieldArg);
  const options = readOptions(optionsArg);
  const input = readSubjects(subjectArg, kind);
  const first = input.cells[0]?.[0];
  if (input.single && first) return single(() => shapeSingle(fetchOne(endpoint, requireSubject(first, kind)), field, options));

  const twoDimensional = input.cells.length > 1 && input.cells.some((row) => row.length > 1);
  if (field === undefined && twoDimensional) {
    // Checked before fetching: a table per input needs one row each, and failing later would waste credits.
    throw errors.input('Bad input: use one column (or one row) of inputs, or pass a field to get one value each.');
  }
  const { answers, timeZone } = lookupRange(endpoint, input.cells);
  if (field !== undefined) {
    return shapeRangeValues(
      mapCells(input.cells, answers, (data) => ({ kind: 'value', value: select(data, field, endpoint.words) })),
      options,
      field,
      timeZone,
    );
  }
  const rows = input.cells.length === 1 ? (input.cells[0] ?? []) : input.cells.map((row) => row[0] ?? blank);
  return shapeRangeTable(
    rows.map((subject) => itemOf(subject, answers)),
    options,
    timeZone,
  );
}

/**
 * SEARCH_SCORE and BRAND_SCORE: the answer's score found by meaning, for one input or each cell of a range.
 * @param endpoint trend or brand
 * @param subjectArg a value or a range
 * @param preferred normalised field names to prefer, e.g. `searchscore`
 * @param fallback the function a user can call with an explicit field, for messages
 */
export function lookupScores(endpoint: Endpoint, subjectArg: unknown, preferred: string[], fallback: string): Output {
  const kind = endpoint.param?.kind ?? 'keyword';
  const input = readSubjects(subjectArg, kind);
  const score = (data: Json): number => {
    const found = findScore(data, preferred);
    if (found.ok) return found.value;
    const hint = found.candidates.length ? ` Use ${fallback} with a field, such as "${found.candidates[0]}".` : '';
    throw errors.input(`${found.message.charAt(0).toUpperCase()}${found.message.slice(1)}.${hint}`);
  };
  const first = input.cells[0]?.[0];
  if (input.single && first) return single(() => score(fetchOne(endpoint, requireSubject(first, kind), 'score').data));
  const { answers } = lookupRange(endpoint, input.cells, 'score');
  return shapeRangeValues(
    mapCells(input.cells, answers, (data) => ({ kind: 'value', value: score(data) })),
    { noHeaders: true, transpose: false, raw: true },
    'score',
    '',
  );
}

/**
 * A function without a subject (markets, industries, ranking overview, usage).
 * @param endpoint the endpoint
 * @param fieldArg a field path, optional
 * @param optionsArg options, optional
 */
export function lookupSingleton(endpoint: Endpoint, fieldArg: unknown, optionsArg: unknown): Output {
  const field = readField(fieldArg);
  const options: Options = readOptions(optionsArg);
  return single(() => shapeSingle(fetchOne(endpoint, undefined), field, options));
}

const blank: Subject = { kind: 'blank' };

/**
 * Looks up a range's subjects in one packed lookup (duplicates once), paced as every range formula.
 * @param endpoint the endpoint
 * @param cells the range's read subjects
 * @param kept which kept answers may stand in for a daily limit's message (scores: also a score kept alone)
 */
export function lookupRange(
  endpoint: Endpoint,
  cells: Subject[][],
  kept: KeptUse = 'whole',
): { answers: Map<string, Answer>; timeZone: TimeZone } {
  const subjects = cells.flat().flatMap((s) => (s.kind === 'ok' ? [s.value] : []));
  const budget = createBudget();
  const { answers, timeZone } = lookupPacked(endpoint, subjects, budget, { kept });
  if (endpoint === ENDPOINTS.rankingList) nameKnownGroups(answers, budget, 'formula');
  if (endpoint === ENDPOINTS.brand) suggestKnownBrands(answers);
  return { answers, timeZone: timeZone ?? lazyTimeZone() };
}

function itemOf(subject: Subject, answers: Map<string, Answer>): RangeItem {
  if (subject.kind === 'blank') return { kind: 'blank' };
  if (subject.kind === 'bad') return { kind: 'error', message: subject.message };
  return { kind: 'answer', answer: answers.get(subject.value) ?? { ok: false, error: errors.budget() } };
}

/** Applies `pick` to each cell's answer; an error anywhere becomes that cell's message. */
function mapCells(cells: Subject[][], answers: Map<string, Answer>, pick: (data: Json) => RangeValue): RangeValue[][] {
  return cells.map((row) =>
    row.map((subject): RangeValue => {
      const item = itemOf(subject, answers);
      if (item.kind === 'blank') return { kind: 'blank' };
      if (item.kind === 'error') return { kind: 'message', text: item.message };
      if (!item.answer.ok) return { kind: 'message', text: item.answer.error.message };
      try {
        return pick(item.answer.data);
      } catch (error) {
        if (error instanceof AddonError) return { kind: 'message', text: error.message };
        throw error;
      }
    }),
  );
}
