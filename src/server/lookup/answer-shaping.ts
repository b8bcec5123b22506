/** Turns answers into what a custom function returns, as docs/use/functions.md, "Fields", describes. */
import { errors } from '../errors/errors';
import type { Options } from '../spreadsheet/input';
import type { Answer } from './pipeline';
import {
  AS_OF,
  flattenToTable,
  headerWords,
  isInstant,
  NO_DATA,
  repeatedCodes,
  readableCell,
  readableGrid,
  rectangular,
  rowsUnderUnionHeader,
  scalarFields,
  selectByName,
  selectByWords,
  selectPath,
  tableToGrid,
  toCell,
  transpose,
  valueToGrid,
  type Cell,
  type Grid,
  type Json,
  type TimeZone,
  unknownFieldMessage,
  zoneLabel,
} from '../shape/shape';

/** What a custom function returns: one value or rows. */
export type Output = Cell | Grid;

/**
 * When the service gave a table's answer (docs/use/functions.md, "As of"), with AS_OF's words: below a
 * readable table, or a column of a range's table; never with `noHeaders` or `raw`, nor beside a single
 * value. A Sheets date-time, which the spreadsheet shows in its own time zone.
 */
/** What a field of the answer that reads "As of" too is called instead: the service's own time, told apart from ours. */
const SERVICE_AS_OF = 'Service data as of';

/**
 * The output of one answer: the whole answer, or the selected field. Readable by default (single values
 * once as label | value rows, each list a table with a header in words, dates as dates, brands by their
 * names); `raw` gives the flat table of dotted paths for programs.
 * @param data the answer
 * @param field a field path or its header's words, if given
 * @param options noHeaders, transpose, raw
 * @param timeZone the spreadsheet's time zone, where an ISO date's midnight falls
 * @param brandNames brands' names for some slugs, from answers already cached (a formula's: lookup/known-brands.ts)
 * @param answeredAt when the service gave the answer (ms), said "As of" below a readable table; undefined: not said
 * @param name what the answer is, in words (its endpoint's): the title of its only list, and a field that selects it
 */
export function shapeOne(
  data: Json,
  field: string | undefined,
  options: Options,
  timeZone: TimeZone,
  brandNames?: (slugs: string[]) => ReadonlyMap<string, string>,
  answeredAt?: number,
  name?: string,
): Output {
  const selection = field === undefined ? { value: data, path: '' } : selectOrThrow(data, field, name);
  const { value, path } = selection;
  if (options.raw) {
    // Named by its full path, so the table's headers can be pasted back as fields.
    if (field !== undefined) return finish(valueToGrid(value, { headers: !options.noHeaders, name: path }), options);
    const table = flattenToTable(data);
    return finish(table.headers.length ? tableToGrid(table, !options.noHeaders) : [[NO_DATA]], options);
  }
  const empty = value !== null && typeof value === 'object' && !Object.keys(value).length;
  if (empty) return NO_DATA;
  // A list of single values (or of lists of them) is a column (or rows) without a header, as in raw.
  if (isPlainList(value)) return finish(datesIn(valueToGrid(value, { headers: false, name: path }), timeZone), options);
  const grid = readableGrid(value, path, { headers: !options.noHeaders, timeZone, names: brandNames, name });
  const table = value !== null && typeof value === 'object';
  return finish(table && !options.noHeaders && answeredAt !== undefined ? withAsOf(grid, answeredAt, timeZone) : grid, options);
}

/**
 * An answer's As of: to the minute, as a date-time is shown, and as a kept answer keeps its time
 * (cache/kept-answers.ts), so an answer shows the same As of whether fetched, cached or kept.
 */
const asOfDate = (at: number): Date => new Date(Math.floor(at / 60_000) * 60_000);

/** The As of label, with the zone its date-time is shown in, as every date-time's label says it. */
const asOfLabel = (timeZone: TimeZone): string => `${AS_OF} (${zoneLabel(timeZone)})`;

/** A label of the answer's own that reads "As of" too, told apart from ours. */
const serviceAsOf = (label: Cell | undefined): Cell | undefined =>
  typeof label === 'string' && (label === AS_OF || label.startsWith(`${AS_OF} (`)) ? `${SERVICE_AS_OF}${label.slice(AS_OF.length)}` : label;

/** A label withAsOf renamed, taken back as the answer's own field, so every label a cell shows is a field. */
const fieldOfServiceAsOf = (field: string): string =>
  field === SERVICE_AS_OF || field.startsWith(`${SERVICE_AS_OF} (`) ? `${AS_OF}${field.slice(SERVICE_AS_OF.length)}` : field;

/** A readable table with when its answer came below it, after a blank row. */
function withAsOf(grid: Grid, answeredAt: number, timeZone: TimeZone): Grid {
  const labelled = grid.map((row) => [serviceAsOf(row[0]) ?? '', ...row.slice(1)]);
  return rectangular([...labelled, [], [asOfLabel(timeZone), asOfDate(answeredAt)]]);
}

const isPlainList = (v: Json): boolean =>
  Array.isArray(v) &&
  v.every((x) => x === null || typeof x !== 'object' || (Array.isArray(x) && x.every((y) => y === null || typeof y !== 'object')));

/** A grid's ISO dates and months as dates (text that is not one stays). */
function datesIn(grid: Grid, timeZone: TimeZone): Grid {
  return grid.map((row) => row.map((c) => (typeof c === 'string' ? readableCell(c, timeZone) : c)));
}

/**
 * Selects a field or throws the error that lists the fields that exist.
 * @param data the answer
 * @param field the path
 * @param name what the answer is, in words (its endpoint's), which selects its only list
 */
export function select(data: Json, field: string, name?: string): Json {
  return selectOrThrow(data, field, name).value;
}

function selectOrThrow(data: Json, shownField: string, name?: string): { value: Json; path: string } {
  const field = fieldOfServiceAsOf(shownField);
  const selection = selectPath(data, field);
  if (selection.ok) return selection;
  const unknown = selection.message.startsWith('unknown field') && selection.available.length > 0;
  if (!unknown) throw errors.input(capitalise(selection.message)); // ambiguous, empty, an item out of range
  // Not a path: perhaps the title of its only list ("Ranking"), or a header's words ("Peak month");
  // else the fields that exist, nearest first.
  const byName = selectByName(data, field, name);
  if (byName?.ok) return byName;
  const byWords = selectByWords(data, field);
  if (byWords?.ok) return byWords;
  throw errors.input(capitalise(byWords ? byWords.message : unknownFieldMessage(field, selection.available)));
}

/** Per input cell of a range: blank, an error text, or an answer. */
export type RangeItem = { kind: 'blank' } | { kind: 'error'; message: string } | { kind: 'answer'; answer: Answer };

/**
 * A range without a field: one row of scalar fields per input row under one header row, in words and
 * with dates as dates unless `raw`.
 * @param items one per input (the range must be one column or one row)
 * @param options noHeaders, transpose, raw
 * @param timeZone the spreadsheet's time zone
 */
export function shapeRangeTable(items: RangeItem[], options: Options, timeZone: TimeZone): Output {
  /** Fields holding instants: their header says the zone the cells show them in. */
  const instants = new Set<string>();
  const rows = items.map((item) => {
    if (item.kind === 'blank') return null;
    if (item.kind === 'error') return { error: item.message };
    if (!item.answer.ok) return { error: item.answer.error.message };
    const { values } = scalarFields(item.answer.data);
    if (options.raw) return values;
    for (const [name, cell] of values) {
      if (typeof cell !== 'string') continue;
      if (isInstant(cell)) instants.add(name);
      values.set(name, readableCell(cell, timeZone));
    }
    return values;
  });
  if (!options.raw) dropRepeatedCodes(rows);
  const grid = rowsUnderUnionHeader(rows, { headers: !options.noHeaders });
  if (options.raw || options.noHeaders || !grid[0]) return finish(grid, options);
  const header = grid[0].map((name) => `${headerWords(String(name))}${instants.has(String(name)) ? ` (${zoneLabel(timeZone)})` : ''}`);
  grid[0] = header;
  // Each row's answer says when the service gave it: a column, so every row stays beside its input.
  const times = items.map((item) =>
    item.kind === 'answer' && item.answer.ok ? (item.answer.at ?? item.answer.kept?.fetchedAt) : undefined,
  );
  if (times.every((at) => at === undefined)) return finish(grid, options);
  const asOf = (at: number | undefined): Cell => (at === undefined ? '' : asOfDate(at));
  grid[0] = header.map((name) => serviceAsOf(name) ?? '');
  return finish(
    grid.map((row, i) => [...row, i === 0 ? asOfLabel(timeZone) : asOf(times[i - 1])]),
    options,
  );
}

/**
 * Leaves out of each row the fields that only repeat another field of the same answer, on every row
 * (a slug beside the brand's name, shape/codes.ts): the readable table says a fact once.
 */
function dropRepeatedCodes(rows: (Map<string, Cell> | { error: string } | null)[]): void {
  const answers = rows.filter((row): row is Map<string, Cell> => row instanceof Map);
  const names = [...new Set(answers.flatMap((row) => [...row.keys()]))];
  const repeated = repeatedCodes(
    names.map((name) => answers.map((row) => row.get(name) ?? '')),
    answers.length >= 3,
  );
  for (const i of repeated) for (const row of answers) row.delete(names[i] ?? '');
}

/** A per-cell value of a range: a scalar, a list of scalars, or a message for that cell/row. */
export type RangeValue = { kind: 'value'; value: Json } | { kind: 'message'; text: string } | { kind: 'blank' };

/**
 * A range with a field (or a score): scalars keep the input's shape; lists make one row per input.
 * @param values per input cell, same shape as the input
 * @param options transpose, raw (headers do not apply: there are none)
 * @param fieldName for messages
 * @param timeZone the spreadsheet's time zone (ISO dates become dates unless `raw`)
 */
export function shapeRangeValues(values: RangeValue[][], options: Options, fieldName: string, timeZone: TimeZone): Output {
  const cellOf = (v: Json): Cell => (options.raw ? toCell(v) : readableCell(v, timeZone));
  const isList = (v: RangeValue) => v.kind === 'value' && v.value !== null && typeof v.value === 'object';
  const anyList = values.some((row) => row.some(isList));
  const oneDimensional = values.length === 1 || values.every((row) => row.length === 1);
  if (!anyList || !oneDimensional) {
    return finish(
      values.map((row) =>
        row.map((v) => (v.kind === 'blank' ? '' : v.kind === 'message' ? v.text : isList(v) ? listInGrid(fieldName) : cellOf(v.value))),
      ),
      options,
    );
  }
  // A column (or row) of inputs whose field gives lists: each input becomes a row holding its list.
  const items = values.length === 1 ? (values[0] ?? []) : values.map((row) => row[0] ?? { kind: 'blank' as const });
  const rows = items.map((v): Cell[] => {
    if (v.kind === 'blank') return [''];
    if (v.kind === 'message') return [v.text];
    const value = v.value;
    if (value === null || typeof value !== 'object') return [cellOf(value)];
    // A record, or a list of records, is a table: it cannot fit one row.
    if (!Array.isArray(value) || value.some((x) => x !== null && typeof x === 'object')) return [tableInRow(fieldName)];
    return value.length ? value.map(cellOf) : [''];
  });
  return finish(rectangular(rows), options);
}

const listInGrid = (field: string) => `Field "${field}" gives a list: use one column of keywords for lists.`;
const tableInRow = (field: string) => `Field "${field}" gives a table per input: in a range, pick a field with one value or a list.`;

/**
 * A grid as a function returns it: transposed if asked, one cell as a value.
 * @param grid the rows
 * @param options transpose
 */
export function finish(grid: Grid, options: Options): Output {
  const shaped = options.transpose ? transpose(grid) : grid;
  return shaped.length === 1 && shaped[0]?.length === 1 ? (shaped[0][0] ?? '') : shaped;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
