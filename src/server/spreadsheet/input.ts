/**
 * Reads what Sheets passes to a custom function: text, numbers, booleans, dates, blanks, or a 2D range.
 * Keywords are normalised here, once, so caching and sending see the same text.
 */
import { isGroupShape } from '../../shared/rules';
import { AddonError, errors, LEADS } from '../errors/errors';
import { normaliseName } from '../shape/shape';

/** How a subject is normalised: keywords and names are case folded; slugs lower-cased; groups kept. */
export type SubjectKind = 'keyword' | 'name' | 'slug' | 'group';

/** One input cell after reading. */
export type Subject = { kind: 'blank' } | { kind: 'ok'; value: string } | { kind: 'bad'; message: string };

/** The subject argument: one value, or a range of cells (rows × columns). */
export interface SubjectInput {
  single: boolean;
  cells: Subject[][];
}

const LABELS: Record<SubjectKind, string> = { keyword: 'keyword', name: 'company name', slug: 'slug', group: 'group' };

const isDate = (v: unknown): v is Date => Object.prototype.toString.call(v) === '[object Date]';

/**
 * Normalises one cell's value into a subject.
 * @param raw the cell value as Sheets passes it
 * @param kind what the value names
 */
export function readSubject(raw: unknown, kind: SubjectKind): Subject {
  const label = LABELS[kind];
  if (raw === undefined || raw === null) return { kind: 'blank' };
  if (typeof raw === 'boolean') return bad(`${label} must be text, not ${raw ? 'TRUE' : 'FALSE'}`);
  if (isDate(raw)) return bad(`${label} is a date: format the cell as plain text`);
  let text: string;
  if (typeof raw === 'number') {
    if (!isFinite(raw)) return bad(`${label} must be text, not a number error`);
    text = String(raw);
  } else if (typeof raw === 'string') {
    text = raw;
  } else {
    return bad(`${label} must be text`);
  }
  text = text.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (!text) return { kind: 'blank' };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(text)) return bad(`${label} contains control characters`);
  // Half of a surrogate pair (LEFT() can cut an emoji in two) cannot be encoded for the URL.
  if (/[\ud800-\udfff]/.test(text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''))) {
    return bad(`${label} contains half of a character (an emoji or symbol cut in two)`);
  }
  // No length limit of our own: the service's is learned from what it says (service/length-limit.ts).
  if (kind === 'keyword' || kind === 'name' || kind === 'slug') text = text.toLowerCase();
  if (kind === 'group' && !isGroupShape(text)) {
    return bad(`group "${text}" must look like prefix:name, for example sector:fintech`);
  }
  return { kind: 'ok', value: text };
}

function bad(message: string): Subject {
  return { kind: 'bad', message: `${LEADS.badInput} ${message}.` };
}

/**
 * Reads the subject argument of a custom function.
 * @param arg a single value or a 2D array (a range)
 * @param kind what the values name
 */
export function readSubjects(arg: unknown, kind: SubjectKind): SubjectInput {
  if (!Array.isArray(arg)) return { single: true, cells: [[readSubject(arg, kind)]] };
  const rows = arg.map((row: unknown) => (Array.isArray(row) ? (row as unknown[]) : [row]));
  return { single: false, cells: rows.map((row) => row.map((v: unknown) => readSubject(v, kind))) };
}

/**
 * The subject of a single-input call, or the error Sheets should show.
 * @param subject the read subject
 * @param kind what it names
 */
export function requireSubject(subject: Subject, kind: SubjectKind): string {
  if (subject.kind === 'ok') return subject.value;
  if (subject.kind === 'bad') throw errors.input(subject.message);
  throw errors.input(`Bad input: the ${LABELS[kind]} is empty. Type one, or refer to a cell that has one.`);
}

/**
 * Reads the optional `field` argument: a path such as `months.volume`.
 * @param arg what Sheets passed
 */
export function readField(arg: unknown): string | undefined {
  if (arg === undefined || arg === null || arg === '') return undefined;
  if (typeof arg === 'number' && isFinite(arg)) return String(arg);
  if (typeof arg !== 'string') throw errors.input('Bad input: field must be text: a label or header the answer shows, or a path into it.');
  return arg.trim() || undefined;
}

/** Parsed `options`. */
export interface Options {
  noHeaders: boolean;
  transpose: boolean;
  /** The flat layout for programs: dotted paths as headers, a parent's values on each of its rows, text as sent. */
  raw: boolean;
}

const OPTION_NAMES: Record<string, keyof Options> = { noheaders: 'noHeaders', transpose: 'transpose', raw: 'raw' };

/**
 * Reads the optional `options` argument: a comma list of noHeaders, transpose, raw.
 * @param arg what Sheets passed
 */
export function readOptions(arg: unknown): Options {
  const options: Options = { noHeaders: false, transpose: false, raw: false };
  if (arg === undefined || arg === null || arg === '') return options;
  if (typeof arg !== 'string') throw errors.input('Bad input: options must be text, such as "noHeaders, transpose".');
  for (const part of arg.split(/[,;]/)) {
    const name = normaliseName(part);
    if (!name) continue;
    const option = OPTION_NAMES[name];
    if (!option) throw errors.input(`Bad input: unknown option "${part.trim()}". Use noHeaders, transpose, raw.`);
    options[option] = true;
  }
  return options;
}

export { AddonError };
