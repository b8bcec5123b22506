/**
 * Custom-function results Sheets remembers. Google's guide (https://developers.google.com/apps-script/guides/sheets/functions)
 * says a custom function re-runs only when its arguments change, and Sheets may hand back a remembered
 * result for the same function and arguments even after the formula is deleted and typed again. How
 * long is not documented: dev/gas models the strict case, a result remembered per (function name,
 * argument values) for as long as the runtime lives, errors included.
 */
import { isDate, stringOf } from '../execution/realm.js';

/** One argument as Sheets passes it: a cell value or a 2-D range (blank cells are ""). */
type Arg = unknown;

/** A stable text for argument values: type-tagged, so 1 and "1", a Date and its number, differ. */
function encode(value: Arg): string {
  if (value === undefined) return 'u';
  if (value === null) return 'z';
  if (typeof value === 'string') return `s${JSON.stringify(value)}`;
  if (typeof value === 'number') return `n${Object.is(value, -0) ? 0 : value}`;
  if (typeof value === 'boolean') return value ? 'T' : 'F';
  if (isDate(value)) return `d${value.getTime()}`;
  if (Array.isArray(value)) return `[${value.map(encode).join(',')}]`;
  return `?${stringOf(value)}`;
}

/** The key of a call: function names are case-insensitive in Sheets (=search_trend calls SEARCH_TREND). */
export function rememberKey(functionName: string, args: readonly Arg[]): string {
  return `${functionName.toUpperCase()}(${args.map(encode).join(',')})`;
}

/** Remembered results of one document, keyed by function name and argument values. */
export class RememberedResults<T> {
  readonly #map = new Map<string, T>();

  get(functionName: string, args: readonly Arg[]): T | undefined {
    return this.#map.get(rememberKey(functionName, args));
  }

  has(functionName: string, args: readonly Arg[]): boolean {
    return this.#map.has(rememberKey(functionName, args));
  }

  set(functionName: string, args: readonly Arg[], result: T): void {
    this.#map.set(rememberKey(functionName, args), result);
  }

  /** Forgets one call; true when it was remembered. */
  delete(functionName: string, args: readonly Arg[]): boolean {
    return this.#map.delete(rememberKey(functionName, args));
  }

  /** Forgets everything (what no user can do in Sheets: tests use it to start afresh). */
  clear(): void {
    this.#map.clear();
  }

  get size(): number {
    return this.#map.size;
  }
}
