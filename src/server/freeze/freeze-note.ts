/**
 * The note that keeps a frozen formula. Users read it on the cell ("Search Demand: frozen 2026-11-23
 * 14:05 UTC from =SEARCH_SCORE(A2:A10)"); Unfreeze reads it back. It is appended to the user's own note
 * (after a blank line), which Unfreeze puts back as it was.
 */

/** What a frozen cell's note records. */
export interface FrozenNote {
  /** The user's own note before freezing ('' when there was none). */
  userNote: string;
  /** The formula as it was, "=" included. */
  formula: string;
  /** Rows and columns its frozen values fill from this cell (1 × 1: the cell alone). */
  numRows: number;
  numColumns: number;
  /** A fingerprint of those values, so Unfreeze can tell whether anyone changed them. */
  check: string;
}

const UNFREEZE = 'Extensions › Search Demand › Unfreeze selected results puts the formula back';
/**
 * The fingerprint, said as what it is for. Notes written before this wording end "(check 0badc0de).":
 * both are read, so what was frozen then still unfreezes.
 */
const FINGERPRINT = 'unless these values were changed (Unfreeze tells by their fingerprint,';
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// The formula may span lines: everything between " from " and the last line is the formula.
const PATTERN = new RegExp(
  `(?:^|\\n\\n)Search Demand: frozen [^\\n]*? from (=[\\s\\S]*?)\\n(?:Its values fill (\\d+) rows? × (\\d+) columns? from here\\. )?` +
    `${escape(UNFREEZE)}(?: \\(check |, ${escape(FINGERPRINT)} )([0-9a-f]{8})\\)\\.\\s*$`,
);

/**
 * The note for a frozen cell: the user's note, then ours.
 * @param frozen what to record
 * @param at when it was frozen
 */
export function frozenNoteText(frozen: FrozenNote, at: Date): string {
  const when = `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const { numRows: rows, numColumns: columns } = frozen;
  const size =
    rows * columns > 1
      ? `Its values fill ${rows} ${rows === 1 ? 'row' : 'rows'} × ${columns} ${columns === 1 ? 'column' : 'columns'} from here. `
      : '';
  const ours = `Search Demand: frozen ${when} from ${frozen.formula}\n${size}${UNFREEZE}, ${FINGERPRINT} ${frozen.check}).`;
  return frozen.userNote ? `${frozen.userNote}\n\n${ours}` : ours;
}

/**
 * What a note says of a frozen formula, or null when it is not one of ours (or was edited past reading).
 * @param note a cell's note
 */
export function readFrozenNote(note: string): FrozenNote | null {
  const match = PATTERN.exec(note);
  if (!match) return null;
  const [, formula = '', rows, columns, check = ''] = match;
  return { userNote: note.slice(0, match.index), formula, numRows: Number(rows ?? 1), numColumns: Number(columns ?? 1), check };
}

/**
 * A short fingerprint of cell values (FNV-1a, 32 bits): equal values, equal fingerprint. Types count:
 * the number 7 and the text "7" differ.
 * @param values rows of cell values as getValues() gives them
 */
export function fingerprint(values: readonly (readonly unknown[])[]): string {
  const text = values.map((row) => row.map(cellText).join('\u001f')).join('\u001e');
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

function cellText(value: unknown): string {
  if (value instanceof Date) return `d${value.getTime()}`;
  // Past a Date, getValues() gives only strings, numbers and booleans.
  const primitive = (value ?? '') as string | number | boolean;
  return `${typeof value === 'number' ? 'n' : typeof value === 'boolean' ? 'b' : 's'}${String(primitive)}`;
}
