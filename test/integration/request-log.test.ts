/**
 * The request log (docs/use/sidebar.md, "The request log"): off by default; on, a sheet "Search Demand
 * log" gets a row per batch sent, with what sent it and what the service counted, never the key.
 * Formulas' batches wait in the cache until the sidebar opens or a menu item runs; the sidebar's and the
 * menu's own are written when they end, a scheduled run's in each spreadsheet it runs. The rows add up
 * to dev/service's own counters, on two schemas.
 */
import { describe, expect, it } from 'vitest';
import type { UsageView } from '../../src/shared/sidebar-api';
import { KEY, useStack } from './stack';

const LOG = 'Search Demand log';
const HEADER = [
  'What sent it',
  'Requests',
  'Fresh searches',
  "Answers from the service's cache",
  'Refused (daily limit)',
  'What went wrong',
];

describe.each(['a', 'b'] as const)('schema %s', (schema) => {
  const stack = useStack(schema, { cacheEarlyRemoval: { rate: 0 } });
  const book = () => stack.gas.spreadsheet;

  /** Calls a sidebar function; its value, failing the test with its error. */
  const sidebar = <T>(fn: string, ...args: unknown[]): T => {
    const result = stack.gas.run(fn, args, { mode: 'sidebar' });
    if (!result.ok) throw new Error(`${fn}: ${result.error}`);
    return result.value as T;
  };
  const hasSheet = (name: string) => book().sheets.some((s) => s.name === name);
  /** The log's rows under its header, as the sheet holds them. */
  const logRows = (name = LOG): unknown[][] => {
    const sheet = book().sheet(name);
    return sheet.values.slice(1).filter((row) => row.some((c) => c !== ''));
  };
  const sum = (rows: unknown[][], column: number) => rows.reduce((n, row) => n + (row[column] as number), 0);

  it('is off by default: nothing is logged, no sheet is made', () => {
    stack.value('SEARCH_SCORE', 'coffee');
    sidebar('getUsage');
    expect(hasSheet(LOG)).toBe(false);
    expect(sidebar<UsageView>('getUsage').spending?.log).toEqual({ on: false, sheet: null });
  });

  it('after formulas, a table refresh and a template its rows add up to what the service counted, never the key', async () => {
    const on = sidebar<UsageView>('setRequestLog', true);
    expect(on.spending?.log).toEqual({ on: true, sheet: LOG });
    expect(book().sheet(LOG).values[0]?.slice(1)).toEqual(HEADER);
    expect(book().sheet(LOG).values[0]?.[0]).toMatch(/^When \(.+\)$/); // the spreadsheet's time zone
    await stack.service.control.resetStats();

    // Formulas, as Sheets runs them: a range, a single cell and one the service cannot find.
    book().setValues('Sheet1!A1:A4', [['coffee'], ['tea'], ['cocoa'], ['mate']]);
    book().setFormula('Sheet1!B1', '=SEARCH_SCORE(A1:A4)');
    book().setFormula('Sheet1!D1', '=SEARCH_TREND("juice")');
    book().setFormula('Sheet1!F1', '=BRAND_SCORE("no-such-brand-here")');
    const failed = stack.gas.recalculate().filter((entry) => entry.fn && !entry.ok);
    expect(failed.map((entry) => entry.cell)).toEqual(['Sheet1!F1']); // the brand not found
    // A ranking table inserted, then refreshed; a template inserted and its formulas run.
    sidebar('insertRankingTable', { group: 'sector:fintech', placement: 'new-sheet', columns: null, limit: 5 });
    sidebar('refreshTablesNow', true);
    const template = sidebar<string>('insertTemplate', 'market-overview');
    const evaluated = stack.gas.recalculate().filter((entry) => entry.cell.startsWith(`${template}!`) && entry.fn);
    expect(evaluated.filter((entry) => !entry.ok)).toEqual([]);

    // Formulas' batches wait until the sidebar opens.
    sidebar('getUsage');
    const stats = await stack.service.control.stats();
    const rows = logRows();
    expect(sum(rows, 2)).toBe(stats.requests);
    expect(sum(rows, 3)).toBe(stats.freshCredits);
    expect(sum(rows, 4)).toBe(stats.cacheHits);
    expect(sum(rows, 5)).toBe(stats.statusCounts['429'] ?? 0);
    // When, as a date-time, oldest first; what sent each, in words.
    const times = rows.map((row) => row[0] as Date);
    expect(times.every((t) => t instanceof Date)).toBe(true);
    expect(times.map(Number)).toEqual([...times.map(Number)].sort((a, b) => a - b));
    const senders = rows.map((row) => row[1] as string);
    expect(senders).toEqual(
      expect.arrayContaining([
        "Formula in 'Sheet1'!B1",
        "Formula in 'Sheet1'!D1",
        "Formula in 'Sheet1'!F1",
        'Ranking table sector:fintech',
        'Template "Market overview"',
      ]),
    );
    // The table inserted, then refreshed: a row each.
    expect(senders.filter((s) => s === 'Ranking table sector:fintech')).toHaveLength(2);
    expect(rows.find((row) => row[1] === "Formula in 'Sheet1'!F1")?.[6]).toMatch(/^Not found: brand "no-such-brand-here"/);
    expect(book().sheet(LOG).cell('A2').format?.numberFormat).toMatch(/yyyy/);
    expect(book().sheet(LOG).cell('C2').format?.numberFormat).toBe('#,##0');
    // Never the key, anywhere in the spreadsheet.
    for (const sheet of book().sheets) expect(JSON.stringify(sheet.values)).not.toContain(KEY);

    // The sidebar's "spent by this spreadsheet today" agrees with the log, and the log is written once.
    const view = sidebar<UsageView>('getUsage');
    expect(view.spending?.today).toEqual({ requests: sum(logRows(), 2), freshSearches: sum(logRows(), 3) });
    expect(logRows()).toEqual(rows);
  });

  it('a log sheet renamed is still written; deleted, it is made again, never over a sheet of the user', () => {
    sidebar('setRequestLog', true);
    book().renameSheet(LOG, 'My requests');
    stack.value('SEARCH_SCORE', 'renamed one');
    sidebar('getUsage');
    expect(logRows('My requests')).toHaveLength(1);
    expect(hasSheet(LOG)).toBe(false);

    book().deleteSheet('My requests');
    book().addSheet(LOG); // the user's own sheet of that name
    book().setValues(`'${LOG}'!A1`, [['mine']]);
    stack.value('SEARCH_SCORE', 'deleted one');
    expect(sidebar<UsageView>('getUsage').spending?.log).toEqual({ on: true, sheet: `${LOG} (2)` });
    expect(book().sheet(LOG).values).toEqual([['mine']]);
    expect(logRows(`${LOG} (2)`)).toHaveLength(1);
    expect(logRows(`${LOG} (2)`)[0]?.[1]).toMatch(/^Formula in /);
  });

  it('turned off, it logs nothing more and keeps its sheet', () => {
    sidebar('setRequestLog', true);
    stack.value('SEARCH_SCORE', 'before');
    sidebar('getUsage');
    expect(logRows()).toHaveLength(1);
    expect(sidebar<UsageView>('setRequestLog', false).spending?.log).toEqual({ on: false, sheet: null });
    stack.value('SEARCH_SCORE', 'after');
    sidebar('getUsage');
    expect(logRows()).toHaveLength(1);
  });
});
