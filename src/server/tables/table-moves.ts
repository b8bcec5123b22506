/**
 * What moved in a ranking table since its values before: each entry's rank change (▲3, ▼2, new) and
 * the entries that dropped out, computed from the table's previous values as the sheet holds them, so
 * nothing more is fetched. The service's field names are not in its specification, so the columns are
 * found by shape: the rank is a column of whole numbers from 1 up in the list's order (one whose header
 * says "rank" first), an entry is named by a text column whose values tell the rows apart.
 */
import { listForMessage, SERVICE_MARK, withServiceMarks, type Cell } from '../shape/shape';

/** The header of the column the add-on adds beside the rank. */
export const RANK_CHANGE_HEADER = 'Rank change';

/** Most characters of the dropped-out line's list of names (the rest is "… and N more"). */
const MAX_DROPPED_CHARS = 1000;

/** The table as the sheet held it before this refresh. */
export interface PreviousTable {
  /** When those values were written. */
  at: Date;
  header: Cell[];
  rows: Cell[][];
  /** Its rank change column's cells, when it had one. */
  changes: Cell[] | null;
  /** The line under its rows, when it had one. */
  footer: string | null;
}

/**
 * What moved in a table, by the names the sheet shows (each entry's display name where it has one):
 * each entry's rank before and now, those that entered, those that dropped out.
 */
export interface FoundMoves {
  moved: { name: string; from: number; to: number }[];
  entered: { name: string; rank: number }[];
  dropped: { name: string; was: number }[];
}

/**
 * A table's moves: one rank change cell per row, and the line under the rows; and, when they were just
 * counted (not kept from before, not blank), what they found.
 */
export interface Moves {
  changes: Cell[];
  footer: string;
  found?: FoundMoves;
}

/** How the line under a table begins once its moves were counted: what the rank change compares. */
const MOVES_LEAD = `${RANK_CHANGE_HEADER}: places moved since the refresh of `;
/** Where that line names what dropped out. */
const DROPPED_LEAD = 'Dropped out since then: ';

const isWhole = (v: Cell): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1;
const isText = (v: Cell): v is string => typeof v === 'string' && v.trim() !== '';
/** A value that reads as an identifier (`acme-pay`, `id_42`) rather than a display name. */
const readsAsId = (v: string) => v === v.toLowerCase() && !/\s/.test(v);

/**
 * The rank column: whole numbers from 1 up, never falling down the rows (ties allowed), and not one
 * value repeated (a list of several rows); the one whose header says "rank" first, else one starting
 * at 1, else the first. -1 when none.
 * @param header the columns' headers
 * @param rows the rows, in the list's order
 */
export function rankColumn(header: string[], rows: Cell[][]): number {
  const fits = (i: number) => {
    const values = rows.map((r) => r[i] ?? '');
    if (!values.length || !values.every(isWhole)) return false;
    if (values.length > 1 && values.every((v) => v === values[0])) return false;
    return values.every((v, j) => j === 0 || v >= (values[j - 1] as number));
  };
  const columns = header.map((_, i) => i).filter(fits);
  const named = columns.find((i) => /rank/i.test(header[i] ?? ''));
  // A list from its top starts at 1 (what tells the rank from a count on a table of one row).
  return named ?? columns.find((i) => rows[0]?.[i] === 1) ?? columns[0] ?? -1;
}

/** Text columns whose values tell the rows apart. */
function distinctTextColumns(width: number, rows: Cell[][]): number[] {
  const out: number[] = [];
  for (let i = 0; i < width; i++) {
    const values = rows.map((r) => r[i] ?? '');
    if (values.length && values.every(isText) && new Set(values).size === values.length) out.push(i);
  }
  return out;
}

/**
 * The column naming each entry (what is compared between refreshes): among the text columns whose
 * values tell the rows apart, the first that reads as identifiers, else the first. -1 when none.
 * @param width the number of columns
 * @param rows the rows
 */
export function keyColumn(width: number, rows: Cell[][]): number {
  const columns = distinctTextColumns(width, rows);
  return columns.find((i) => rows.every((r) => readsAsId(String(r[i])))) ?? columns[0] ?? -1;
}

/** The column a reader knows the entries by (a display name), else the key. */
function labelColumn(width: number, rows: Cell[][], key: number): number {
  return distinctTextColumns(width, rows).find((i) => i !== key && rows.some((r) => !readsAsId(String(r[i])))) ?? key;
}

/** How the line under a table with nothing to compare with begins (just inserted). */
const FIRST_FOOTER = `${RANK_CHANGE_HEADER} and the entries that dropped out show from the next refresh on, compared with these values.`;

/**
 * How the line under a table whose values have nothing before them to compare with (just inserted)
 * begins; what it says of the service's own change column follows.
 */
export function firstFooter(): string {
  return FIRST_FOOTER;
}

/** What the line under a table says of the service's own change columns, if the table has any. */
function serviceNote(header: string[]): string {
  const marked = header.filter((words) => words.endsWith(SERVICE_MARK));
  return marked.length ? ` ${marked.join(', ')}: as the service reports it (it does not say over what period).` : '';
}

/**
 * The table's moves since its previous values. Without previous values (or without a column naming
 * each entry) no move is shown: the cells stay blank, never "new".
 * @param header the new columns' headers
 * @param rows the new rows, in the list's order
 * @param previous the values before, as the sheet held them (null: none)
 * @param since the previous values' time in words, for the line under the rows
 */
export function tableMoves(header: string[], rows: Cell[][], previous: PreviousTable | null, since: string): Moves {
  const note = serviceNote(withServiceMarks(header, rows));
  const blank = (footer: string): Moves => ({ changes: rows.map(() => ''), footer });
  const key = keyColumn(header.length, rows);
  if (key < 0) return blank(`${RANK_CHANGE_HEADER} needs a column that names each entry; this table has none.${note}`);
  const oldKey = previous ? previous.header.indexOf(header[key] ?? '') : -1;
  if (!previous || oldKey < 0) return blank(`${FIRST_FOOTER}${note}`);

  const rank = rankColumn(header, rows);
  const rankOf = (row: Cell[], i: number, column: number): number => {
    const v = column >= 0 ? row[column] : undefined;
    return v !== undefined && isWhole(v) ? v : i + 1; // the list's order when no rank column is shown
  };
  const oldRank = rank >= 0 ? previous.header.indexOf(header[rank] ?? '') : -1;
  const label = labelColumn(header.length, rows, key);
  const oldLabel = previous.header.indexOf(header[label] ?? '');
  const before = new Map<string, { rank: number; label: string }>();
  previous.rows.forEach((row, i) => {
    const name = String(row[oldKey] ?? '');
    if (name && !before.has(name)) before.set(name, { rank: rankOf(row, i, oldRank), label: String(row[oldLabel] ?? name) || name });
  });

  const now = rows.map((row, i) => ({ name: String(row[key]), rank: rankOf(row, i, rank) }));
  const unchanged = now.length === previous.rows.length && now.every((n) => before.get(n.name)?.rank === n.rank);
  if (unchanged && previous.changes && previous.footer !== null && !previous.footer.startsWith(FIRST_FOOTER)) {
    // Nothing moved since (a cached answer, a quiet hour): the last moves stay, with the time they count
    // from. After the first values, "–" everywhere says that nothing moved since then.
    const kept = new Map(previous.rows.map((row, i) => [String(row[oldKey] ?? ''), previous.changes?.[i] ?? '']));
    return { changes: now.map((n) => kept.get(n.name) ?? ''), footer: previous.footer };
  }
  const changes = now.map(({ name, rank: r }): Cell => {
    const old = before.get(name);
    if (!old) return 'new';
    return old.rank > r ? `▲${old.rank - r}` : old.rank < r ? `▼${r - old.rank}` : '–';
  });
  const present = new Set(now.map((n) => n.name));
  const gone = [...before].filter(([name]) => !present.has(name)).map(([, old]) => ({ name: old.label, was: old.rank }));
  const dropped = gone.map((g) => `${g.name} (was ${g.was})`);
  const shown = (i: number) => String(rows[i]?.[label] ?? '') || (now[i]?.name ?? '');
  const found: FoundMoves = { moved: [], entered: [], dropped: gone };
  now.forEach(({ name, rank: r }, i) => {
    const old = before.get(name);
    if (!old) found.entered.push({ name: shown(i), rank: r });
    else if (old.rank !== r) found.moved.push({ name: shown(i), from: old.rank, to: r });
  });
  const list = dropped.length ? listForMessage(dropped, MAX_DROPPED_CHARS) : 'none';
  return { changes, footer: `${MOVES_LEAD}${since}. ${DROPPED_LEAD}${list}.${note}`, found };
}

/**
 * What a table's moves say as the sheet shows them (its rank change column and the line under its
 * rows), read back: what the sidebar's preview of an alert counts, with no request. Null when the table
 * shows no moves (just inserted, or no column names its entries).
 * @param header the header row as the sheet holds it (with the rank change column)
 * @param rows its rows
 * @param footer the line under the rows
 */
export function shownMoves(header: Cell[], rows: Cell[][], footer: string): FoundMoves | null {
  const at = header.indexOf(RANK_CHANGE_HEADER);
  if (at < 0 || !footer.startsWith(MOVES_LEAD)) return null;
  const bare = rows.map((row) => row.filter((_, i) => i !== at));
  const names = header.filter((_, i) => i !== at).map(String);
  const key = keyColumn(names.length, bare);
  if (key < 0) return null;
  const label = labelColumn(names.length, bare, key);
  const rank = at > 0 ? at - 1 : -1; // the change sits right after the rank, or first with no rank shown
  const found: FoundMoves = { moved: [], entered: [], dropped: [] };
  rows.forEach((row, i) => {
    const name = String(bare[i]?.[label] ?? '');
    const now = rank >= 0 && isWhole(row[rank] ?? '') ? (row[rank] as number) : i + 1;
    const change = String(row[at] ?? '');
    const places = Number(change.slice(1));
    if (change === 'new') found.entered.push({ name, rank: now });
    else if (/^[▲▼]\d+$/.test(change)) found.moved.push({ name, from: change.startsWith('▲') ? now + places : now - places, to: now });
  });
  const from = footer.indexOf(DROPPED_LEAD);
  const list = from < 0 ? '' : footer.slice(from + DROPPED_LEAD.length);
  // The list ends at its first "." after a "(was N)": what follows is the note on the service's own change.
  for (const m of list.matchAll(/(.+?) \(was (\d+)\)(, |\.)/g)) {
    found.dropped.push({ name: m[1] ?? '', was: Number(m[2]) });
    if (m[3] === '.') break;
  }
  return found;
}

/**
 * The header and rows with the rank change column beside the rank (first, when no rank is shown), and
 * the service's own change columns marked as its (serviceChangeColumns).
 * @param header the columns' headers
 * @param rows the rows
 * @param changes one cell per row
 */
export function withRankChange(header: string[], rows: Cell[][], changes: Cell[]): { header: string[]; rows: Cell[][] } {
  const at = rankColumn(header, rows) + 1;
  const put = <T>(row: T[], value: T): T[] => [...row.slice(0, at), value, ...row.slice(at)];
  return { header: put(withServiceMarks(header, rows), RANK_CHANGE_HEADER), rows: rows.map((row, i) => put(row, changes[i] ?? '')) };
}
