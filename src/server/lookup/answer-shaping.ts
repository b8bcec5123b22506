/** Turns answers into what a custom function returns, as docs/use/functions.md, "Fields", describes. */
import { errors } from '../core/errors';
import type { Options } from '../core/input';
import type { Answer } from './pipeline';
import {
  flattenToTable,
  NO_DATA,
  rectangular,
  rowsUnderUnionHeader,
  scalarFields,
  selectPath,
  tableToGrid,
  toCell,
  transpose,
  valueToGrid,
  type Cell,
  type Grid,
  type Json,
} from '../shape/shape';

/** What a custom function returns: one value or rows. */
export type Output = Cell | Grid;

/**
 * The output of one answer: the whole answer as a table, or the selected field.
 * @param data the answer
 * @param field a field path, if given
 * @param options noHeaders, transpose
 */
export function shapeOne(data: Json, field: string | undefined, options: Options): Output {
  let grid: Grid;
  if (field === undefined) {
    const table = flattenToTable(data);
    grid = table.headers.length ? tableToGrid(table, !options.noHeaders) : [[NO_DATA]];
  } else {
    const selection = selectOrThrow(data, field);
    // Named by its full path, so the table's headers can be pasted back as fields.
    grid = valueToGrid(selection.value, { headers: !options.noHeaders, name: selection.path });
  }
  return finish(grid, options);
}

/**
 * Selects a field or throws the error that lists the fields that exist.
 * @param data the answer
 * @param field the path
 */
export function select(data: Json, field: string): Json {
  return selectOrThrow(data, field).value;
}

function selectOrThrow(data: Json, field: string): { value: Json; path: string } {
  const selection = selectPath(data, field);
  if (!selection.ok) throw errors.input(capitalise(selection.message));
  return selection;
}

/** Per input cell of a range: blank, an error text, or an answer. */
export type RangeItem = { kind: 'blank' } | { kind: 'error'; message: string } | { kind: 'answer'; answer: Answer };

/**
 * A range without a field: one row of scalar fields per input row under one header row.
 * @param items one per input (the range must be one column or one row)
 * @param options noHeaders, transpose
 */
export function shapeRangeTable(items: RangeItem[], options: Options): Output {
  const rows = items.map((item) => {
    if (item.kind === 'blank') return null;
    if (item.kind === 'error') return { error: item.message };
    return item.answer.ok ? scalarFields(item.answer.data).values : { error: item.answer.error.message };
  });
  return finish(rowsUnderUnionHeader(rows, { headers: !options.noHeaders }), options);
}

/** A per-cell value of a range: a scalar, a list of scalars, or a message for that cell/row. */
export type RangeValue = { kind: 'value'; value: Json } | { kind: 'message'; text: string } | { kind: 'blank' };

/**
 * A range with a field (or a score): scalars keep the input's shape; lists make one row per input.
 * @param values per input cell, same shape as the input
 * @param options transpose (headers do not apply: there are none)
 * @param fieldName for messages
 */
export function shapeRangeValues(values: RangeValue[][], options: Options, fieldName: string): Output {
  const isList = (v: RangeValue) => v.kind === 'value' && v.value !== null && typeof v.value === 'object';
  const anyList = values.some((row) => row.some(isList));
  const oneDimensional = values.length === 1 || values.every((row) => row.length === 1);
  if (!anyList || !oneDimensional) {
    return finish(
      values.map((row) =>
        row.map((v) => (v.kind === 'blank' ? '' : v.kind === 'message' ? v.text : isList(v) ? listInGrid(fieldName) : toCell(v.value))),
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
    if (value === null || typeof value !== 'object') return [toCell(value)];
    // A record, or a list of records, is a table: it cannot fit one row.
    if (!Array.isArray(value) || value.some((x) => x !== null && typeof x === 'object')) return [tableInRow(fieldName)];
    return value.length ? value.map(toCell) : [''];
  });
  return finish(rectangular(rows), options);
}

const listInGrid = (field: string) => `Field "${field}" gives a list: use one column of keywords for lists.`;
const tableInRow = (field: string) => `Field "${field}" gives a table per input: in a range, pick a field with one value or a list.`;

function finish(grid: Grid, options: Options): Output {
  const shaped = options.transpose ? transpose(grid) : grid;
  return shaped.length === 1 && shaped[0]?.length === 1 ? (shaped[0][0] ?? '') : shaped;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
