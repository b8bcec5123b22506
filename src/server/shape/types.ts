/** Types shared by the JSON-to-cells shaping modules. */

/** A value Sheets can hold in one cell (a Date shows as a date in the spreadsheet's time zone). */
export type Cell = string | number | boolean | Date;

/** Rows of cells, always rectangular. */
export type Grid = Cell[][];

/** Any value JSON.parse can return. */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** A JSON object. */
export type JsonObject = { [k: string]: Json };

/** Containers deeper than this are not walked (guards against pathological answers). */
export const MAX_DEPTH = 50;

/**
 * True for a JSON object (not null, not an array).
 * @param v any JSON value
 */
export function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The own property `k` of `o`, else null. Never an inherited one: `constructor` is not a field.
 * @param o a JSON object
 * @param k a key
 */
export function own(o: JsonObject, k: string): Json {
  return Object.prototype.hasOwnProperty.call(o, k) ? (o[k] ?? null) : null;
}
