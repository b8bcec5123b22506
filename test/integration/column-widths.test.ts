/**
 * Sheets the add-on writes itself come with columns a client can read (docs/use/ranking-tables.md):
 * every header whole, sized from the header row down (a title line over the columns never widens the
 * first one), and the user's own widths kept when the add-on writes again. "Fits" is dev/gas's rule of
 * how wide a text is (dev/gas/RULES.md, "Column widths"), applied to what each cell displays. On two schemas.
 */
import { describe, expect, it } from 'vitest';
import type { TrackingView, UsageView } from '../../src/shared/sidebar-api';
import { displayValue, textWidth, type ExecutionResult } from '../../dev/gas/index.js';
import { useStack } from './stack';

const WEEK = 7 * 86_400_000;
/** The widest the add-on makes a column for a value (a header always fits whole): docs/use/ranking-tables.md. */
const VALUE_BOUND = 320;

describe.each(['a', 'b'] as const)('schema %s', (schema) => {
  const stack = useStack(schema);
  const book = () => stack.gas.spreadsheet;

  const run = (fn: string, ...args: unknown[]): ExecutionResult => {
    const result = stack.gas.run(fn, args, { mode: 'sidebar' });
    if (!result.ok) throw new Error(`${fn}: ${result.error}`);
    return result;
  };
  const call = <T>(fn: string, ...args: unknown[]): T => run(fn, ...args).value as T;

  /** What a cell displays, whether it is bold, and the pixels it needs by dev/gas's rule. */
  const shown = (sheetName: string, row: number, column: number) => {
    const cell = book().sheet(sheetName).cell(row, column);
    const text = displayValue(cell.value, cell.format?.numberFormat, book().timeZone);
    const bold = cell.format?.fontWeight === 'bold';
    return { text, bold, needs: textWidth(text, bold) };
  };
  const width = (sheetName: string, column: number) => book().sheet(sheetName).columnWidths.get(column);
  /** The cells of a row that show something and do not fit their column, as "B2: text (needs > has)". */
  const cutOff = (sheetName: string, row: number, columns: number[], bound = Infinity) =>
    columns.flatMap((c) => {
      const { text, needs } = shown(sheetName, row, c);
      return Math.min(needs, bound) > width(sheetName, c) ? [`${c}/${row}: ${text} (${needs} > ${width(sheetName, c)})`] : [];
    });
  const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  /** Width calls one execution made: those that set, and those that read. */
  const widthCalls = (result: ExecutionResult) => ({
    set: (result.serviceCalls['spreadsheet.setColumnWidth'] ?? 0) + (result.serviceCalls['spreadsheet.setColumnWidths'] ?? 0),
    read: result.serviceCalls['spreadsheet.getColumnWidth'] ?? 0,
  });

  interface TablesView {
    tables: { sheetName: string; range: string; rows: number; status: string }[];
  }
  const insertTable = () => {
    const result = run('insertRankingTable', { group: 'sector:fintech', placement: 'new-sheet', columns: null, limit: null });
    const table = (result.value as TablesView).tables[0]!;
    const columns = book().sheet(table.sheetName).lastColumn; // its own new sheet
    return { result, table, columns };
  };

  it('a ranking table: every header whole, its values up to the bound, the stamp not widening column A; nothing read', () => {
    const { result, table, columns } = insertTable();
    const name = table.sheetName;
    expect(cutOff(name, 2, upTo(columns))).toEqual([]);
    for (let row = 3; row < 3 + table.rows; row++) expect(cutOff(name, row, upTo(columns), VALUE_BOUND)).toEqual([]);
    // Sized for its text: some header or value is wider than Sheets' default, and got its room.
    expect(upTo(columns).some((c) => width(name, c) > 100)).toBe(true);
    // The stamp over the columns (and the line under the rows) run over their neighbours: column A is not theirs.
    const stamp = shown(name, 1, 1);
    expect(stamp.text).toMatch(/^Search Demand ranking · /);
    expect(width(name, 1)).toBeLessThan(Math.min(stamp.needs, VALUE_BOUND));
    const footer = shown(name, 3 + table.rows, 1);
    expect(width(name, 1)).toBeLessThan(Math.min(footer.needs, VALUE_BOUND));
    // On its new sheet: at most one call a column, no width read.
    expect(widthCalls(result).set).toBeGreaterThan(0);
    expect(widthCalls(result).set).toBeLessThanOrEqual(columns);
    expect(widthCalls(result).read).toBe(0);
  });

  it("a refresh keeps the user's own widths, wider and narrower, and makes no width call when nothing got longer", () => {
    const { table } = insertTable();
    const name = table.sheetName;
    const columns = book().sheet(name).columnWidths;
    columns.set(2, 1, 400); // as the user drags column B's edge
    columns.set(3, 1, 40);
    const refreshed = run('refreshTablesNow', true);
    expect((refreshed.value as TablesView).tables[0]?.status).toBe('ok');
    expect([width(name, 2), width(name, 3)]).toEqual([400, 40]);
    expect(widthCalls(refreshed)).toEqual({ set: 0, read: 0 });
  });

  it.each(['keyword-research', 'brand-watch', 'share-of-search'])(
    '%s template: every header it types whole; its title and note do not widen column A',
    (id) => {
      const result = run('insertTemplate', id);
      const name = result.value as string;
      const sheet = book().sheet(name);
      const typedHeaders = upTo(sheet.maxColumns).filter((c) => {
        const cell = sheet.cell(4, c);
        return cell.formula === undefined && cell.value !== '' && cell.format?.fontWeight === 'bold';
      });
      expect(typedHeaders.length).toBeGreaterThan(0);
      expect(cutOff(name, 4, typedHeaders)).toEqual([]);
      // Its examples, typed into column A, are whole too.
      expect(cutOff(name, 5, [1])).toEqual([]);
      expect(width(name, 1)).toBeLessThan(Math.min(shown(name, 2, 1).needs, VALUE_BOUND));
      expect(widthCalls(result).read).toBe(0);
    },
  );

  it("a tracking list: its history's, change view's and chart data's headers whole, their titles not widening a column; a run keeps the user's widths", async () => {
    const added = run('addTrackingList', { name: 'Drinks', kind: 'keywords', items: ['coffee', 'tea'], period: 'week', fields: null });
    const list = (added.value as TrackingView).lists[0]!;
    const name = list.sheetName;
    const header = book().sheet(name).getValues('A2:Z2')[0]!;
    const headed = upTo(header.length).filter((c) => header[c - 1] !== '');
    expect(headed.length).toBeGreaterThan(8); // the history, the change view and the chart data
    expect(cutOff(name, 2, headed)).toEqual([]);
    // Row 1 holds three titles, each over its block: none widened its column.
    const titles = upTo(header.length).filter((c) => book().sheet(name).cell(1, c).value !== '');
    expect(titles).toHaveLength(3);
    for (const c of titles) expect(width(name, c)).toBeLessThan(Math.min(shown(name, 1, c).needs, VALUE_BOUND));
    expect(widthCalls(added).read).toBe(0); // its sheet was just made

    // The user narrows the keyword column and widens the status column; a week later the run writes again.
    const status = header.indexOf('Status') + 1;
    const columns = book().sheet(name).columnWidths;
    columns.set(2, 1, 60);
    columns.set(status, 1, 500);
    stack.gas.advanceClock(WEEK);
    await stack.service.control.clock(WEEK);
    const [trigger] = stack.gas.triggers.filter((t) => t.eventType === 'CLOCK');
    const fired = stack.gas.fireTrigger(trigger!);
    expect(fired.ok).toBe(true);
    expect(
      book()
        .sheet(name)
        .getValues(`A3:B${book().sheet(name).lastRow}`)
        .filter((r) => r[1] === 'coffee').length,
    ).toBeGreaterThan(1 + 12); // this week's row was written
    expect([width(name, 2), width(name, status)]).toEqual([60, 500]);
  });

  it('the request log: every header whole, in words', () => {
    expect(call<UsageView>('setRequestLog', true).spending?.log?.on).toBe(true);
    stack.value('SEARCH_SCORE', 'coffee');
    call('getUsage'); // the formula's batch goes into the log
    const name = 'Search Demand log';
    expect(book().sheet(name).values.length).toBeGreaterThan(1);
    expect(cutOff(name, 1, upTo(7))).toEqual([]);
    expect(cutOff(name, 2, upTo(7), VALUE_BOUND)).toEqual([]);
    expect(upTo(7).some((c) => width(name, c) > 100)).toBe(true);
  });
});
