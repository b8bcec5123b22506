/**
 * The readable layout of one answer (docs/use/functions.md, "What a cell shows"): what an analyst hands
 * on, made by the answer's shape alone. Single values (through nested objects) are stated once, as
 * label | value rows; each list below them is a table of its own (its title, a header in words, one row
 * per item); a list inside a list's items is a table of its own too, each row led by its parent's label.
 * A column that holds one value on every row is stated once with the single values; a code that only
 * repeats a name beside it (a slug beside the brand's name) is left out (codes.ts), and a brand's slug
 * where nothing in the record names it reads as its name when the answer, or one already cached, names
 * it. ISO dates and months become dates, and an instant's label says the zone it is shown in. It stays
 * within 26 columns however many fields an item has.
 */
import { toCell } from './cell-values';
import { namedCodesIn, readsAsCode, readsAsGroup, repeatedCodes } from './codes';
import { isInstant, isoDate, zoneLabel, type TimeZone } from './dates';
import { headerWords, inSentence, singularWords } from './words';
import { withServiceMarks } from './service-change';
import { isObject, MAX_DEPTH, type Cell, type Grid, type Json, type JsonObject } from './types';

/** Sheets' 26 columns of a new sheet: a result never spills past them. */
export const MAX_WIDTH = 26;

/**
 * The words beside when the service gave a table's answer, below it (lookup/answer-shaping.ts): "As of",
 * then the zone its date-time shows in, "As of (UTC)".
 */
export const AS_OF = 'As of';
/**
 * The header of a column of ranking groups' codes (readsAsGroup): the one code a user needs, to type into
 * RANKING_LIST, so it stays beside the name it repeats, said plainly for what it is.
 */
export const GROUP_CODE_WORDS = 'Code (for formulas)';
/** Rows past this are cut (the last row says so): Sheets' own limit is 10 million cells. */
const MAX_ROWS = 50000;
/** A column repeating one value down this many rows or more is stated once instead. */
const HOIST_FROM_ROWS = 3;

/** How a readable grid is shown. */
export interface ReadableOptions {
  /** Titles, header rows and labels; false (`noHeaders`) leaves only the values. */
  headers: boolean;
  /** The spreadsheet's time zone, where an ISO date's midnight falls. */
  timeZone: TimeZone;
  /**
   * Brands' names for some slugs, from answers already cached (a formula's: lookup/known-brands.ts):
   * asked once for the codes the tables hold and the answer does not name, so a slug reads as its name.
   */
  names?: (codes: string[]) => ReadonlyMap<string, string>;
  /**
   * What the whole answer is, in words (its endpoint's: "Ranking"): the title of its only list
   * (onlyList), where the list's own key would say a program's word ("Items").
   */
  name?: string;
}

/** One table of the layout: a list's items as rows. */
interface Section {
  /** The list's path in the answer. */
  path: string;
  /** The header, in words, of a first column naming each row's parent item (a list inside a list's items). */
  lead?: string;
  /** The parent list's path, for a list inside a list's items. */
  parent?: string;
  /** Column paths relative to the list (after the lead column, if any). */
  columns: string[];
  /** The rows, the lead cell first if any. */
  rows: Cell[][];
  /** Whether the list holds single values (its header is its own name, no title above). */
  plain: boolean;
  /** Columns of ranking groups' codes, kept last and headed GROUP_CODE_WORDS (its paths). */
  groups?: Set<string>;
}

/**
 * A single value and its path (`label`: its words, when not the path's: only a column stated once,
 * "Sector of every item", has one).
 */
type Fact = [path: string, value: Cell, label?: string];

/** Whether a single value is a column stated once (hoistConstants): named from cached answers as a column is. */
const fromColumn = (fact: Fact): boolean => fact[2] !== undefined;

/**
 * A cell as shown: a number, a truth value, text, or a date for an ISO date or month.
 * @param v a JSON scalar
 * @param timeZone the spreadsheet's time zone
 */
export function readableCell(v: Json | undefined, timeZone: TimeZone): Cell {
  const cell = toCell(v);
  return typeof cell === 'string' ? (isoDate(cell, timeZone) ?? cell) : cell;
}

const same = (a: Cell | undefined, b: Cell | undefined): boolean =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

const relative = (path: string, base: string): string => (base && path.startsWith(`${base}.`) ? path.slice(base.length + 1) : path);

/**
 * The readable grid of one answer, or of the part a field selected.
 * @param json the answer or the selected value
 * @param base the selected field's path (labels are said relative to it), '' for the whole answer
 * @param options headers and the time zone
 */
export function readableGrid(json: Json, base: string, options: ReadableOptions): Grid {
  const cell = (v: Json | undefined) => readableCell(v, options.timeZone);
  if (json === null || typeof json !== 'object') return [[cell(json)]];
  const facts: Fact[] = [];
  const sections: Section[] = [];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  /** Codes the answer's own lists pair with a name (a brand's slug with its name), and those cached answers name. */
  const named = namedCodesIn(json);
  /** Paths of instants (a date and a time): their labels say the zone they show in. */
  const instants = new Set<string>();
  const scalar = (path: string, v: Json): Cell => {
    if (typeof v === 'string' && isInstant(v)) instants.add(path);
    return cell(v);
  };

  // A list's items as a section (and its items' own lists as sections after it).
  const addList = (items: Json[], path: string, parent?: { header: string; labels: Cell[]; path: string }): void => {
    if (!items.length) {
      if (!parent) facts.push([path, '']);
      return;
    }
    const records = items.filter((x) => x !== null && typeof x === 'object');
    if (!records.length) {
      const values = items.map(cell);
      const rows = values.map((x, i) => (parent ? [parent.labels[i] ?? '', x] : [x]));
      sections.push({ path, lead: parent?.header, parent: parent?.path, columns: [''], rows, plain: !parent });
      return;
    }
    const columns = new Map<string, number>();
    const rows: Map<number, Cell>[] = [];
    const inner = new Map<string, { items: Json[]; labels: number[] }>();
    items.forEach((item, i) => {
      const row = new Map<number, Cell>();
      rows.push(row);
      const record: JsonObject = Array.isArray(item)
        ? Object.fromEntries(item.map((x, j) => [String(j + 1), x]))
        : isObject(item)
          ? item
          : { '': item };
      const walk = (o: JsonObject, prefix: string, d: number): void => {
        for (const [k, v] of Object.entries(o)) {
          const p = join(prefix, k);
          if (Array.isArray(v)) {
            const list = inner.get(p) ?? { items: [], labels: [] };
            inner.set(p, list);
            for (const x of v) {
              list.items.push(x);
              list.labels.push(i);
            }
          } else if (isObject(v) && d < MAX_DEPTH) walk(v, p, d + 1);
          else {
            let c = columns.get(p);
            if (c === undefined) columns.set(p, (c = columns.size));
            row.set(c, scalar(join(path, p), v));
          }
        }
      };
      walk(record, '', 0);
    });
    // A code column that repeats a name column (a slug beside the name) is left out: the fact once.
    const all = [...columns.keys()];
    const full = rows.map((row) => all.map((_, c) => row.get(c) ?? ''));
    const repeated = repeatedCodes(
      all.map((_, c) => full.map((row) => row[c] ?? '')),
      full.length >= LOOSE_FROM_ROWS,
    );
    // A column of groups' codes stays, whatever it repeats, after the others: what RANKING_LIST takes.
    const isGroups = all.map((_, c) => full.every((row) => row[c] === '' || readsAsGroup(row[c])) && full.some((row) => row[c] !== ''));
    const order = all.map((_, c) => c).filter((c) => !repeated.has(c) && !isGroups[c]);
    order.push(...all.map((_, c) => c).filter((c) => isGroups[c]));
    const names = order.map((c) => all[c] as string);
    const grid = full.map((row) => order.map((c) => row[c] ?? ''));
    const groups = new Set(order.filter((c) => isGroups[c]).map((c) => all[c] as string));
    const labelColumn = pickLabel(grid);
    const sectionRows = parent ? grid.map((row, i) => [parent.labels[i] ?? '', ...row]) : grid;
    if (names.length)
      sections.push({ path, lead: parent?.header, parent: parent?.path, columns: names, rows: sectionRows, plain: false, groups });
    // Each row of a list inside these items is led by its item's label, under the item's own word.
    const header = labelColumn === undefined ? '#' : singularWords(headerWords(relative(path, base) || path || 'item'));
    for (const [p, list] of inner) {
      const labels = list.labels.map((i) => (labelColumn === undefined ? i + 1 : (grid[i]?.[labelColumn] ?? '')));
      addList(list.items, join(path, p), { header, labels, path });
    }
  };

  const walk = (o: JsonObject, prefix: string, d: number): void => {
    for (const [k, v] of Object.entries(o)) {
      const p = join(prefix, k);
      if (Array.isArray(v)) addList(v, p);
      else if (isObject(v) && d < MAX_DEPTH) walk(v, p, d + 1);
      else facts.push([p, scalar(p, v)]);
    }
  };
  if (Array.isArray(json)) addList(json, base);
  else walk(json, base, 0);

  for (const section of sections) hoistConstants(section, facts, base);
  const kept = factsOnce(facts);
  nameBrands(kept, sections, named, options.names);
  // Said as known without a read: a label alone is not worth a spreadsheet read.
  const words = (path: string, text: string) => (instants.has(path) ? `${text} (${zoneLabel(options.timeZone)})` : text);
  // The answer's only list is titled by what the answer is: its key may be a program's word.
  const only = base === '' && options.name !== undefined ? onlyList(json) : undefined;
  const titled = only === undefined ? undefined : { path: only, name: options.name ?? '' };
  return render(kept, sections, base, options.headers, words, titled);
}

/**
 * The path of an answer's only list, when it is a list of records beside single values (through nested
 * objects): the readable layout titles it by the answer's name (ReadableOptions.name), and that name,
 * typed back as a field, selects it. Undefined when the answer holds no such list, or more than one list.
 * @param json the whole answer
 */
export function onlyList(json: Json): string | undefined {
  const lists: [string, Json[]][] = [];
  const walk = (o: JsonObject, prefix: string, d: number): void => {
    for (const [k, v] of Object.entries(o)) {
      const p = prefix ? `${prefix}.${k}` : k;
      if (Array.isArray(v)) {
        if (v.length) lists.push([p, v]);
      } else if (isObject(v) && d < MAX_DEPTH) walk(v, p, d + 1);
    }
  };
  if (isObject(json)) walk(json, '', 0);
  const [only] = lists;
  return lists.length === 1 && only?.[1].some((x) => x !== null && typeof x === 'object') ? only[0] : undefined;
}

/** Rows from which a column's codes may repeat a name's words loosely (`food` of `Food & Delivery`). */
const LOOSE_FROM_ROWS = 3;

/**
 * The single values, less those that repeat another (a code of a name beside it: `sector:fintech` and
 * `fintech` beside `Fintech`): a fact once.
 */
function factsOnce(facts: Fact[]): Fact[] {
  const repeated = repeatedCodes(
    facts.map(([, value]) => [value]),
    false,
  );
  return facts.filter((_, i) => !repeated.has(i));
}

/**
 * Brands' slugs read as their names where nothing beside them names them (`Top brand flovim-cash` →
 * `Flovim Cash`): in a column, a list or a single value whose values all read as codes and of which
 * two at least (or all, of one or two) are slugs the answer itself pairs with a name (a list of brands'
 * slugs and names), or that answers already cached name (ReadableOptions.names, asked once for the
 * codes of the tables left unnamed, a column stated once included, and only then). A slug nothing names stays a slug.
 */
function nameBrands(facts: Fact[], sections: Section[], names: Map<string, string>, cached: ReadableOptions['names']): void {
  const columns = sections.flatMap((section) => {
    const offset = section.lead === undefined ? 0 : 1;
    return section.columns.flatMap((path, c) => (section.groups?.has(path) ? [] : [{ rows: section.rows, at: c + offset }]));
  });
  const valuesOf = (column: { rows: Cell[][]; at: number }) => column.rows.map((row) => row[column.at] ?? '').filter((v) => v !== '');
  const codes = columns.filter((column) => valuesOf(column).every(readsAsCode));
  const stated = facts.filter((fact) => fromColumn(fact) && readsAsCode(fact[1])).map((fact) => fact[1]);
  const unnamed = [...new Set([...codes.flatMap(valuesOf), ...stated])].filter(
    (v) => typeof v === 'string' && /\p{L}/u.test(v) && !names.has(v),
  );
  if (cached && unnamed.length) for (const [code, name] of cached(unnamed as string[])) names.set(code, name);
  if (!names.size) return;
  const named = (values: Cell[]) =>
    // Two known at least (one in a list of one or two): a code column that only happens to hold a slug stays.
    values.every(readsAsCode) && values.filter((v) => names.has(v)).length >= Math.min(2, values.length);
  const rename = (v: Cell): Cell => (typeof v === 'string' ? (names.get(v) ?? v) : v);
  facts.forEach((fact, i) => {
    if (fact[1] !== '' && named([fact[1]])) facts[i] = [fact[0], rename(fact[1]), fact[2]];
  });
  for (const column of codes) {
    const values = valuesOf(column);
    if (values.length && named(values)) for (const row of column.rows) row[column.at] = rename(row[column.at] ?? '');
  }
}

/**
 * The column that names an item best: the first text column whose values tell every row apart, else
 * the first text column; undefined without text.
 */
function pickLabel(grid: Cell[][]): number | undefined {
  const width = grid[0]?.length ?? 0;
  let firstText: number | undefined;
  for (let c = 0; c < width; c++) {
    const values = grid.map((row) => row[c]);
    if (!values.every((v) => typeof v === 'string' && v !== '')) continue;
    firstText ??= c;
    if (new Set(values).size === values.length) return c;
  }
  return firstText;
}

/**
 * A column with one value on every row (of enough rows) moves to the single values, stated once. The
 * lead column stays (it says whose rows these are), and so does the last column left.
 */
function hoistConstants(section: Section, facts: Fact[], base: string): void {
  if (section.plain || section.rows.length < HOIST_FROM_ROWS) return;
  const offset = section.lead === undefined ? 0 : 1;
  const first = section.rows[0] ?? [];
  const keep = section.columns.map((_, c) => !section.rows.every((row) => same(row[c + offset], first[c + offset])));
  if (!keep.some(Boolean)) return;
  // Said of the list's items: "Sector of every item", not the path's "Items sector".
  const every = inSentence(singularWords(headerWords(relative(section.path, base) || section.path || 'item')));
  section.columns.forEach((name, c) => {
    if (!keep[c]) facts.push([`${section.path}.${name}`, first[c + offset] ?? '', `${headerWords(name)} of every ${every}`]);
  });
  section.columns = section.columns.filter((_, c) => keep[c]);
  section.rows = section.rows.map((row) => row.filter((_, c) => c < offset || keep[c - offset]));
}

/**
 * The layout as a grid: the single values as label | value rows, then each table after a blank row,
 * titled when there is more than one part (freeze/spill.ts bridges the blank row to a title, not to a
 * bare header), its header in words. A list inside a list's items is titled as what it is of: "Members
 * of each industry", never the path's "Industries members"; the answer's only list by the answer's name.
 * @param said a label or header as shown, from its path and its words (an instant's says its zone)
 * @param titled the answer's only list (onlyList) and the answer's name, its title
 */
function render(
  facts: Fact[],
  sections: Section[],
  base: string,
  headers: boolean,
  said: (path: string, text: string) => string,
  titled?: { path: string; name: string },
): Grid {
  const out: Cell[][] = [];
  const parts = facts.length + sections.length;
  for (const [path, value, label] of facts)
    out.push(headers ? [said(path, label ?? headerWords(relative(path, base) || path)), value] : [value]);
  for (const section of sections) {
    if (out.length) out.push([]);
    const own = relative(section.path, base);
    const parent = section.parent === undefined ? '' : relative(section.parent, base);
    const title =
      section.parent === undefined
        ? section.path === titled?.path
          ? titled.name
          : headerWords(own || section.path || 'value')
        : `${headerWords(own.slice(parent.length + 1) || own)} of each ${inSentence(singularWords(headerWords(parent || section.parent)))}`;
    if (section.plain) {
      if (headers) out.push([title]);
    } else {
      if (headers && parts > 1) out.push([title]);
      const offset = section.lead === undefined ? 0 : 1;
      // The service's own change figure says it is the service's, as ranking tables say it.
      const words = withServiceMarks(
        section.columns.map((c) =>
          section.groups?.has(c) ? GROUP_CODE_WORDS : said(`${section.path}.${c}`, headerWords(c || own || 'value')),
        ),
        section.rows.map((row) => row.slice(offset)),
      );
      if (headers) out.push(section.lead === undefined ? words : [section.lead, ...words]);
    }
    out.push(...section.rows);
  }
  return fit(out);
}

/** The grid made rectangular within MAX_WIDTH columns and MAX_ROWS rows, saying what was cut. */
function fit(rows: Cell[][]): Grid {
  let width = 1;
  for (const row of rows) width = Math.max(width, row.length);
  const cutColumns = width > MAX_WIDTH;
  const w = Math.min(width, MAX_WIDTH);
  const cutRows = rows.length > MAX_ROWS;
  const kept = cutRows ? rows.slice(0, MAX_ROWS - 1) : rows;
  const grid = kept.map((row) => {
    const r = row.slice(0, w);
    while (r.length < w) r.push('');
    return r;
  });
  if (cutColumns || cutRows) {
    const notice = Array<Cell>(w).fill('');
    notice[0] = `… cut to ${grid.length} rows and ${w} columns: pass a field to show a part, or the raw option`;
    grid.push(notice);
  }
  return grid.length ? grid : [['']];
}
