/**
 * Templates as a user inserts them (from the sidebar or the menu) in the local spreadsheet, on schemas
 * a and b and on a service nothing of ours knows (schema c, whose field names no test names, serving a
 * world of its own: other brands, other figures): each becomes a new sheet of ordinary formulas over the
 * add-on's functions, every one of which then evaluates without an error; its examples come from the
 * service's own answers; the requests sent are the template's distinct queries, exactly what
 * listTemplates said beforehand; bad ids and known daily limits are refused with a clear message and
 * nothing changed.
 */
import { describe, expect, it } from 'vitest';
import type { TemplateSheetView, TemplateView, TrackingView } from '../../src/shared/sidebar-api';
import { a1Notation, chartData, chartDomain, columnLetters, type RecalcEntry } from '../../dev/gas/index.js';
import { KEY, rawAnswer, useStack, type Stack } from './stack';

const TEMPLATE_TITLES = {
  'keyword-research': 'Keyword research',
  'brand-watch': 'Brand watch',
  'market-overview': 'Market overview',
  'share-of-search': 'Share of search',
};
/**
 * The distinct queries of each template: its example keywords; the ranking overview, whose brands are
 * the brand watch's examples, and those 5 brands; its three endpoints; or the ranking overview and the
 * trends of its first 4 brands' names (each a fresh search).
 */
const DISTINCT = { 'keyword-research': 8, 'brand-watch': 6, 'market-overview': 3, 'share-of-search': 5 };
const FRESH = { 'keyword-research': 8, 'brand-watch': 0, 'market-overview': 0, 'share-of-search': 4 };
type Id = keyof typeof DISTINCT;
const IDS = Object.keys(DISTINCT) as Id[];

/** The local service's hand-picked brands: a user of any other service never sees them. */
const OUR_SLUGS = [
  'acme-pay',
  'acme-cloud',
  'acme-shop',
  'strypo',
  'strypo-invest',
  'nimbus-chat',
  'nimbus-code',
  'brightcart',
  'voyagely',
  'pixora',
];

/**
 * Each month's figure of a keyword, read independently from the service's answer now: the date-like text
 * and the number of each record of its list of 12 (whatever the service calls them), by `YYYY-MM`.
 */
async function monthlyVolumes(stack: Stack, keyword: string): Promise<Map<string, number>> {
  const raw = (await rawAnswer(stack.service, '/trend', { keyword })) as Record<string, unknown>;
  const series = Object.values(raw).find((v): v is Record<string, unknown>[] => Array.isArray(v) && v.length === 12) ?? [];
  return new Map(
    series.map((r) => {
      const values = Object.values(r);
      const month = values.find((v) => typeof v === 'string' && /^\d{4}-\d\d/.test(v));
      return [String(month).slice(0, 7), values.find((v) => typeof v === 'number') as number];
    }),
  );
}

const SERVICES = [
  { name: 'schema a', schema: 'a', world: '' },
  { name: 'schema b', schema: 'b', world: '' },
  { name: 'a service nothing of ours knows (schema c, a world of its own)', schema: 'c', world: 'issue-30' },
] as const;

describe.each(SERVICES)('$name', ({ schema, world }) => {
  const stack = useStack(schema, world ? { world } : {});

  const call = <T>(fn: string, ...args: unknown[]): T => {
    const result = stack.gas.run(fn, args, { mode: 'sidebar' });
    if (!result.ok) throw new Error(`${fn}: ${result.error}`);
    return result.value as T;
  };
  const failure = (fn: string, ...args: unknown[]) => {
    const result = stack.gas.run(fn, args, { mode: 'sidebar' });
    if (result.ok) throw new Error(`${fn} succeeded`);
    return result.error ?? '';
  };
  const list = () => Object.fromEntries(call<TemplateView[]>('listTemplates').map((t) => [t.id, t])) as Record<Id, TemplateView>;
  /** The add-on formulas of one sheet as the recalculation evaluated them. */
  const evaluate = (sheetName: string): RecalcEntry[] =>
    stack.gas.recalculate().filter((e) => e.cell.startsWith(`${sheetName}!`) && e.fn !== '');

  it('lists the four templates with what each may spend, counted without a request', async () => {
    const listed = call<TemplateView[]>('listTemplates');
    expect(listed.map((t) => [t.id, t.title, t.requests, t.freshSearches])).toEqual(
      IDS.map((id) => [id, TEMPLATE_TITLES[id], DISTINCT[id], FRESH[id]]),
    );
    for (const t of listed) expect(t.description.length).toBeGreaterThan(20);
    expect(await stack.requests()).toBe(0);
  });

  it.each(IDS)('%s: inserts a new sheet whose formulas all evaluate, for exactly its distinct queries', async (id) => {
    const before = list()[id].requests;
    const name = call<string>('insertTemplate', id);
    expect(name).toBe(TEMPLATE_TITLES[id]);
    expect(stack.gas.spreadsheet.sheets.map((s) => s.name)).toEqual(['Sheet1', name]);
    const entries = evaluate(name);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.filter((e) => !e.ok)).toEqual([]);
    const sent = await stack.requests();
    expect(sent).toBe(DISTINCT[id]);
    expect(before).toBe(sent); // what the sidebar said before Insert, exactly
    // Everything is cached now: the list says so, and inserting again costs nothing, on a numbered sheet.
    expect(list()[id].requests).toBe(0);
    expect(call<string>('insertTemplate', id)).toBe(`${name} (2)`);
    expect(evaluate(`${name} (2)`).filter((e) => !e.ok)).toEqual([]);
    expect(await stack.requests()).toBe(sent);
  });

  it('keyword research: scores, growth coloured, peak months and a sparkline per keyword over the monthly volumes', () => {
    const name = call<string>('insertTemplate', 'keyword-research');
    evaluate(name);
    const sheet = stack.gas.spreadsheet.sheet(name);
    const header = sheet.getValues('A4:T4')[0] ?? [];
    expect(header.slice(0, 5)).toEqual(['Keyword', 'Search Score', 'Year-on-year growth', 'Peak month', 'Last 12 months']);
    const rows = sheet.getValues('A5:T12');
    for (const row of rows) {
      expect(typeof row[0]).toBe('string');
      expect(typeof row[1]).toBe('number'); // Search Score
      expect(typeof row[2]).toBe('number'); // growth
      expect(Object.prototype.toString.call(row[3])).toBe('[object Date]'); // peak month, a date as the formulas show it
      const volumes = row.slice(6, 18);
      expect(volumes.every((v) => typeof v === 'number')).toBe(true);
    }
    // Blank input rows stay blank.
    expect(sheet.getValues('B13:G13')[0]?.every((v) => v === '')).toBe(true);
    // No field name is typed into the template: the formulas use the answer's own paths, per schema
    // (schema c's are never named by a test: its formulas are only seen to evaluate, above).
    const formulas = [sheet.peek(5, 3)?.formula, sheet.peek(5, 4)?.formula];
    if (schema !== 'c') {
      expect(formulas).toEqual(
        schema === 'a'
          ? ['=SEARCH_TREND(A5:A54, "growth.yoy_pct")', '=SEARCH_TREND(A5:A54, "peak.month")']
          : ['=SEARCH_TREND(A5:A54, "yoyChangePct")', '=SEARCH_TREND(A5:A54, "peakMonth.period")'],
      );
    }
    // The monthly volumes and the months over them: one formula, found by shape on any service.
    expect(sheet.peek(4, 7)?.formula).toBe('=SEARCH_COMPARE(A5:A54, "noHeaders, transpose")');
    expect(sheet.peek(5, 5)?.formula).toBe('=IF(COUNT(G5:R5), SPARKLINE(G5:R5), "")');
    expect(sheet.conditionalFormats.map((r) => [r.condition, r.ranges])).toEqual([
      [{ type: 'NUMBER_GREATER_THAN', value: 0 }, [{ row: 5, column: 3, numRows: 50, numColumns: 1 }]],
      [{ type: 'NUMBER_LESS_THAN', value: 0 }, [{ row: 5, column: 3, numRows: 50, numColumns: 1 }]],
    ]);
    expect(String(sheet.getValues('A2')[0]?.[0])).toMatch(/^How to use: .*8 examples/);
  });

  it('keyword research: a header over the monthly volumes says which month each column is', async () => {
    const name = call<string>('insertTemplate', 'keyword-research');
    evaluate(name);
    const sheet = stack.gas.spreadsheet.sheet(name);
    // The months of the answers, read independently: the date-like text of each record of the answer's
    // list of 12 (whatever the service calls it).
    const raw = (await rawAnswer(stack.service, '/trend', { keyword: String(sheet.getValues('A5')[0]?.[0]) })) as Record<string, unknown>;
    const series = Object.values(raw).find((v): v is Record<string, unknown>[] => Array.isArray(v) && v.length === 12) ?? [];
    const months = series.map((r) => Object.values(r).find((v) => typeof v === 'string' && /^\d{4}-\d\d/.test(v)));
    expect(months).toHaveLength(12);
    // Dates, as the formulas show them (each month's first day, in the spreadsheet's time zone: UTC here).
    const shown = (sheet.getValues('G4:R4')[0] ?? []).map((d) => (d as Date).toISOString().slice(0, 7));
    expect(shown).toEqual(months.map((m) => String(m).slice(0, 7)));
    // The series' value in words, as the months' own table says it (never "Months volume").
    const said = { a: 'Volume', b: 'Searches', c: 'Search count' }[schema];
    expect(sheet.getValues('G3')[0]?.[0]).toBe(`${said} of each keyword, by month:`);
    // Every keyword's twelve numbers sit under those months, the latest last.
    const volumes = series.map((r) => Object.values(r).find((v) => typeof v === 'number'));
    const row = sheet.getValues('G5:R5')[0];
    expect(row).toEqual(volumes);
  });

  it('keyword research: a keyword typed a month later re-runs the volumes, and the months over them move with them', async () => {
    const name = call<string>('insertTemplate', 'keyword-research');
    evaluate(name);
    const sheet = stack.gas.spreadsheet.sheet(name);
    const keywords = sheet.getValues('A5:A12').map((row) => String(row[0]));
    const known = new Map<string, Map<string, number>>();
    const learn = async (kw: string) => known.set(kw, new Map([...(known.get(kw) ?? []), ...(await monthlyVolumes(stack, kw))]));
    for (const kw of keywords) await learn(kw);
    // A new month: every answer has left the cache; the service's months moved on by one.
    stack.gas.advanceClock(31 * 86_400_000);
    await stack.service.control.clock(31 * 86_400_000);
    // Typing a keyword under the examples changes what the range formulas read: Sheets runs them again,
    // and only them (a formula over A5 alone keeps what it showed).
    stack.gas.spreadsheet.setValues(`'${name}'!A13`, [['electric bikes']]);
    expect(evaluate(name).filter((e) => !e.ok)).toEqual([]);
    for (const kw of [...keywords, 'electric bikes']) await learn(kw);
    // Under each month of the header, each keyword's figure of that month (and the new month is shown).
    const header = (sheet.getValues('G4:S4')[0] ?? []).filter((d) => d instanceof Date).map((d) => d.toISOString().slice(0, 7));
    expect(header).toHaveLength(12);
    const newest = [...(known.get(keywords[0] ?? '') ?? new Map<string, number>()).keys()].sort().at(-1);
    expect(header.at(-1)).toBe(newest);
    sheet.getValues('G5:R13').forEach((row, i) => {
      const kw = i < keywords.length ? (keywords[i] ?? '') : 'electric bikes';
      expect([kw, row]).toEqual([kw, header.map((m) => known.get(kw)?.get(m))]);
    });
  });

  it('keyword research frozen keeps every value it showed, its monthly volumes beside the sparklines too', () => {
    const name = call<string>('insertTemplate', 'keyword-research');
    evaluate(name);
    const sheet = stack.gas.spreadsheet.sheet(name);
    const shown = sheet.getValues('A4:R12');
    stack.gas.spreadsheet.setActive(name, 'A1:Z60');
    expect(call<{ formulas: number; skipped: unknown[] }>('freezeResults', 'selection')).toMatchObject({ formulas: 4, skipped: [] });
    expect(sheet.getValues('A4:R12')).toEqual(shown);
    // Each frozen table's note names its whole block, so Unfreeze clears exactly what it filled.
    expect(sheet.peek(4, 7)?.note).toMatch(/fill 9 rows × 12 columns/);
  });

  it("brand watch: its examples are the first brands this service's ranking overview names, never ours", async () => {
    const name = call<string>('insertTemplate', 'brand-watch');
    evaluate(name);
    const sheet = stack.gas.spreadsheet.sheet(name);
    const examples = sheet
      .getValues('A5:A54')
      .flat()
      .filter((v) => v !== '');
    expect(examples).toHaveLength(5);
    // The overview's first list (the leaders), read independently: record i names example i.
    const raw = (await rawAnswer(stack.service, '/ranking')) as Record<string, unknown>;
    const leaders = Object.values(raw).find((v): v is Record<string, unknown>[] => Array.isArray(v)) ?? [];
    examples.forEach((slug, i) => expect(Object.values(leaders[i] ?? {})).toContain(slug));
    // Each one is a brand of this service: named beside its ID as the leaders name it, its score a number.
    const names = sheet.getValues('B5:B9').map((row) => row[0]);
    examples.forEach((slug, i) => expect(Object.values(leaders[i] ?? {})).toContain(names[i]));
    expect(names.every((n, i) => typeof n === 'string' && n !== examples[i])).toBe(true);
    for (const row of sheet.getValues('C5:C9')) expect(typeof row[0]).toBe('number');
    if (world) {
      // Nothing of our stand-in's own data is anywhere on the sheet.
      const text = JSON.stringify(sheet.getValues(`A1:${columnLetters(sheet.lastColumn)}${sheet.lastRow}`));
      for (const slug of OUR_SLUGS) expect(text).not.toContain(slug);
    }
  });

  it('brand watch: each brand by its name, index score, signals and ranks per ID; one click tracks the brands', async () => {
    const name = call<string>('insertTemplate', 'brand-watch');
    evaluate(name);
    const sheet = stack.gas.spreadsheet.sheet(name);
    const header = (sheet.getValues('A4:Z4')[0] ?? []).filter((v) => v !== '');
    // In words: the service's ID the user types, the brand's name its answer gives, never "slug".
    expect(header.slice(0, 3)).toEqual(['Brand ID', 'Brand', 'Index score']);
    for (const words of header) expect(String(words)).not.toMatch(/slug|[a-z][A-Z]|_|\./);
    const signals = header.filter((h) => /signal/i.test(String(h)));
    const ranks = header.filter((h) => /rank/i.test(String(h)));
    expect(signals).toHaveLength(6);
    expect(ranks.length).toBeGreaterThanOrEqual(2);
    const rows = sheet.getValues(`A5:${columnLetters(header.length)}9`);
    for (const row of rows) {
      expect(typeof row[1]).toBe('string');
      expect(row[1]).not.toBe(row[0]);
      expect(typeof row[2]).toBe('number');
      for (const v of row.slice(3, 3 + signals.length)) expect(typeof v).toBe('number');
    }
    const sent = await stack.requests('/brand');
    expect(sent).toBe(5);
    const view = call<TrackingView>('trackTemplateBrands', name);
    expect(view.lists).toHaveLength(1);
    expect(view.lists[0]).toMatchObject({ name, kind: 'brands', items: 5, status: 'ok' });
    // The brands were cached by the insert: tracking them asked only for the allowance.
    expect(await stack.requests('/brand')).toBe(sent);
  });

  it('brand watch sheets are found whenever the sidebar asks, after a rename too, until their brands are tracked', async () => {
    expect(call<TemplateSheetView[]>('templateSheets')).toEqual([]);
    const name = call<string>('insertTemplate', 'brand-watch');
    call<string>('insertTemplate', 'keyword-research');
    // A later sidebar (a new execution): the brand watch sheet is offered, not yet tracked.
    expect(call<TemplateSheetView[]>('templateSheets')).toEqual([
      { sheetName: name, id: 'brand-watch', tracked: false },
      { sheetName: 'Keyword research', id: 'keyword-research', tracked: false },
    ]);
    // The user renames the tab: it is still a brand watch sheet, and its button tracks it by its new name.
    const sheet = stack.gas.spreadsheet.sheet(name);
    sheet.name = 'Competitors';
    expect(call<TemplateSheetView[]>('templateSheets')[0]).toEqual({ sheetName: 'Competitors', id: 'brand-watch', tracked: false });
    const view = call<TrackingView>('trackTemplateBrands', 'Competitors');
    expect(view.lists.map((l) => [l.name, l.kind, l.items])).toEqual([['Competitors', 'brands', 5]]);
    expect(call<TemplateSheetView[]>('templateSheets')[0]).toEqual({ sheetName: 'Competitors', id: 'brand-watch', tracked: true });
    // Tracking it twice is refused, changing nothing; another sheet is not a brand watch sheet.
    expect(failure('trackTemplateBrands', 'Competitors')).toBe(
      'The brands of "Competitors" are tracked already: see "Tracking over time".',
    );
    expect(failure('trackTemplateBrands', 'Sheet1')).toBe(
      '"Sheet1" is not a brand watch sheet: insert the Brand watch template, then track its brands.',
    );
    expect(call<TrackingView>('getTracking').lists).toHaveLength(1);
    // Forgetting the list makes the sheet untracked again: the sidebar offers the button anew.
    call('forgetTrackingList', view.lists[0]?.id);
    expect(call<TemplateSheetView[]>('templateSheets')[0]?.tracked).toBe(false);
    // Listing the sheets reads the spreadsheet only.
    const before = await stack.requests();
    call('templateSheets');
    expect(await stack.requests()).toBe(before);
  });

  it('the brand watch note says where the Track these brands button is', () => {
    const name = call<string>('insertTemplate', 'brand-watch');
    expect(String(stack.gas.spreadsheet.sheet(name).getValues('A2')[0]?.[0])).toContain(
      'Extensions › Search Demand › Start from a template…: Track these brands',
    );
  });

  it('market overview: its tables never overlap, and one chart draws the industries', () => {
    const name = call<string>('insertTemplate', 'market-overview');
    const entries = evaluate(name);
    expect(entries.filter((e) => !e.ok)).toEqual([]);
    expect(new Set(entries.map((e) => e.fn))).toEqual(new Set(['MARKET_ANALYSIS', 'AI_INDUSTRIES', 'RANKING_OVERVIEW']));
    const sheet = stack.gas.spreadsheet.sheet(name);
    expect(sheet.lastColumn).toBeLessThanOrEqual(26);
    // A result that would overwrite another cell (a formula, or a value another table spilled) is #REF!
    // in dev/gas as in Sheets (recalculate.ts); evaluated again, in the same order, still none is.
    expect(evaluate(name).filter((e) => !e.ok)).toEqual([]);
    // Every title in words: what each answer is and which part, never a function's name or a path; a
    // group's code only in the column that says it is for formulas.
    const texts = sheet
      .getValues(`A1:Z${sheet.lastRow}`)
      .flat()
      .filter((v): v is string => typeof v === 'string');
    const titles = texts.filter((t) => /^(Market analysis|AI industries|Ranking overview)\b/.test(t));
    expect(titles.length).toBeGreaterThanOrEqual(4);
    for (const t of titles) expect(t).toMatch(/^(Market analysis|AI industries|Ranking overview)(: [a-zA-Z ]+)?$/);
    if (schema === 'a')
      expect(titles).toEqual(expect.arrayContaining(['Market analysis: sectors', 'AI industries', 'Ranking overview: leaders']));
    const cells = sheet.getValues(`A1:Z${sheet.lastRow}`);
    const codeColumns = cells.flatMap((row) => row.flatMap((v, c) => (v === 'Code (for formulas)' ? [c] : [])));
    for (const row of cells)
      row.forEach((t, c) => {
        if (typeof t !== 'string') return;
        expect(t).not.toMatch(/^[A-Z]+_[A-Z_]+\b|\w_\w/);
        if (/^[a-z]+:[a-z]/.test(t)) expect(codeColumns).toContain(c);
      });
    expect(sheet.charts).toHaveLength(1);
    const chart = sheet.charts[0];
    // A column chart, as the docs promise, titled in words (no raw path such as "industries.avg_index_score").
    expect(chart?.type).toBe('COLUMN');
    expect(chart?.options.title).toMatch(/^AI industries: [a-z][a-z0-9 %]+$/);
    expect(chart?.options.legend).toEqual({ position: 'none' });
    const [labels, values] = chart?.ranges ?? [];
    const labelCells = sheet.getValues(a1Of(labels)).flat();
    const valueCells = sheet.getValues(a1Of(values)).flat();
    // The header row names the series; then the eight industries by name, each with its number.
    expect(labelCells).toHaveLength(9);
    expect(labelCells.slice(1).every((v) => typeof v === 'string' && v.includes(' '))).toBe(true);
    expect(valueCells.slice(1).every((v) => typeof v === 'number')).toBe(true);
  });

  it("share of search: the names of this service's first brands, their shares of each month's searches and a stacked area chart", async () => {
    const name = call<string>('insertTemplate', 'share-of-search');
    expect(evaluate(name).map((e) => [e.cell, e.fn, e.ok])).toEqual([[`${name}!C4`, 'SHARE_OF_SEARCH', true]]);
    const sheet = stack.gas.spreadsheet.sheet(name);
    expect(sheet.peek(4, 3)?.formula).toBe('=SHARE_OF_SEARCH(A5:A10)');
    const names = sheet
      .getValues('A5:A10')
      .flat()
      .filter((v) => v !== '')
      .map(String);
    expect(names).toHaveLength(4);
    // The overview's first list (the leaders), read independently: record i holds name i, a brand's
    // display name (capitals or spaces, not its slug).
    const overview = (await rawAnswer(stack.service, '/ranking')) as Record<string, unknown>;
    const leaders = Object.values(overview).find((v): v is Record<string, unknown>[] => Array.isArray(v)) ?? [];
    names.forEach((n, i) => expect(Object.values(leaders[i] ?? {})).toContain(n));
    expect(names.every((n) => /[A-Z ]/.test(n))).toBe(true);
    // Each name's 12 monthly searches as the service answered them (the numbers of its list of 12).
    const volumes: number[][] = [];
    for (const n of names) {
      const raw = (await rawAnswer(stack.service, '/trend', { keyword: n })) as Record<string, unknown>;
      const series = Object.values(raw).find((v): v is Record<string, unknown>[] => Array.isArray(v) && v.length === 12) ?? [];
      volumes.push(series.map((r) => Object.values(r).find((v) => typeof v === 'number') as number));
    }
    const shown = sheet.getValues('C4:I17');
    // Headers in words: the month, then each name as the sheet says it, two free columns.
    expect(shown[0]).toEqual(['Month', ...names, '', '']);
    for (let m = 0; m < 12; m++) {
      const row = shown[m + 1] ?? [];
      expect(Object.prototype.toString.call(row[0])).toBe('[object Date]');
      const all = volumes.reduce((sum, v) => sum + (v[m] ?? 0), 0);
      volumes.forEach((v, i) => expect(row[i + 1]).toBeCloseTo((v[m] ?? 0) / all, 12));
      expect(row.slice(1, 5).reduce((sum: number, x) => sum + Number(x), 0)).toBeCloseTo(1, 12);
      expect(row.slice(5)).toEqual(['', '']);
    }
    const year = shown[13] ?? [];
    expect(year[0]).toBe('12 months');
    const totals = volumes.map((v) => v.reduce((a, b) => a + b, 0));
    totals.forEach((t, i) => expect(year[i + 1]).toBeCloseTo(t / totals.reduce((a, b) => a + b, 0), 12));
    // Shown as percentages; the header row and the 12-month label bold.
    expect(sheet.peek(5, 4)?.format?.numberFormat).toBe('0.0%');
    expect(sheet.peek(17, 9)?.format?.numberFormat).toBe('0.0%');
    // One stacked area chart of the monthly shares (not the 12-month row), a series per column named by
    // its header, on a time axis of months.
    expect(sheet.charts).toHaveLength(1);
    const chart = sheet.charts[0];
    if (!chart) throw new Error('no chart');
    expect(chart.type).toBe('AREA');
    expect(chart.options).toMatchObject({ title: 'Share of search by month', isStacked: true, legend: { position: 'bottom' } });
    expect(chart.ranges.map((r) => a1Of(r))).toEqual(['C4:I16']);
    const { grid, headed } = chartData(sheet, chart);
    expect(headed).toBe(true);
    expect(grid[0]?.slice(1, 5).map((c) => c.value)).toEqual(names);
    expect(chartDomain(sheet, chart).axis).toBe('continuous');
    expect(chart.position).toMatchObject({ row: 4, column: 11 });
    expect(String(sheet.getValues('A2')[0]?.[0])).toMatch(/^How to use: type up to 6 brand names .*4 examples/);
    if (world) {
      // Nothing of our stand-in's own data is anywhere on the sheet: neither its slugs nor its names.
      const text = JSON.stringify(sheet.getValues(`A1:${columnLetters(sheet.lastColumn)}${sheet.lastRow}`)).toLowerCase();
      for (const slug of OUR_SLUGS) {
        expect(text).not.toContain(slug);
        expect(text).not.toContain(slug.replace(/-/g, ' '));
      }
    }
  });

  it('share of search: its cost counts what the cache holds (a name SEARCH_TREND fetched, the overview), and inserting sends just that', async () => {
    const first = call<string>('insertTemplate', 'share-of-search');
    const names = stack.gas.spreadsheet.sheet(first).getValues('A5:A8').flat().map(String);
    // A new document cache: nothing of the insert is known any more.
    stack.gas.caches.document.clear();
    expect(list()['share-of-search']).toMatchObject({ requests: 5, freshSearches: 4 });
    // A cell fetches the first name as the user typed it, another the ranking overview.
    for (const [fn, args] of [
      ['SEARCH_TREND', [names[0]]],
      ['RANKING_OVERVIEW', []],
    ] as const) {
      const run = stack.gas.run(fn, [...args]);
      expect(run.ok, run.error).toBe(true);
    }
    const before = await stack.requests();
    // The overview names the same four: three are left to fetch, each a fresh search at most.
    expect(list()['share-of-search']).toMatchObject({ requests: 3, freshSearches: 3 });
    const name = call<string>('insertTemplate', 'share-of-search');
    expect(evaluate(name).filter((e) => !e.ok)).toEqual([]);
    expect((await stack.requests()) - before).toBe(3);
  });

  it('refuses an unknown template with a clear message, changing nothing and sending nothing', async () => {
    for (const bad of ['keyword_research', '', 42, null]) {
      expect(failure('insertTemplate', bad)).toBe(
        'Unknown template: choose "keyword-research", "brand-watch", "market-overview", "share-of-search". Nothing was inserted.',
      );
    }
    expect(stack.gas.spreadsheet.sheets.map((s) => s.name)).toEqual(['Sheet1']);
    expect(await stack.requests()).toBe(0);
  });

  it('refuses to spend past the daily limit the last usage read showed, changing nothing', async () => {
    await stack.service.control.limits({ key: KEY, freshUsed: 245 });
    call('refreshUsage');
    const sent = await stack.requests();
    expect(failure('insertTemplate', 'keyword-research')).toMatch(
      /^Not inserted: "Keyword research" may use 8 fresh searches, and 5 were left at your last usage read \(\d\d:\d\d UTC\)\. Nothing was sent or changed: try again after 00:00 UTC\.$/,
    );
    expect(stack.gas.spreadsheet.sheets.map((s) => s.name)).toEqual(['Sheet1']);
    expect(await stack.requests()).toBe(sent);
    // The share of search's names may each use one too: 4 fit in 5.
    expect(call<string>('insertTemplate', 'share-of-search')).toBe('Share of search');
    // What spends no fresh search still fits.
    expect(call<string>('insertTemplate', 'market-overview')).toBe('Market overview');
  });

  it('with no fresh search left, a template that needs some says before the click that nothing can be sent now, and Insert says the same', async () => {
    await stack.service.control.limits({ key: KEY, freshUsed: 250 });
    call('refreshUsage');
    const sent = await stack.requests();
    const listed = list();
    // What the sidebar's line is made of: nothing sent now, how many it needs, none left, the one reset.
    for (const id of ['keyword-research', 'share-of-search'] as const) {
      expect([id, listed[id].waits]).toEqual([
        id,
        expect.objectContaining({
          limit: 'fresh searches',
          needed: FRESH[id],
          left: 0,
          resetAt: expect.stringMatching(/T00:00:00/) as unknown,
        }),
      ]);
    }
    // What needs no fresh search is listed as before, and inserts.
    expect([listed['brand-watch'].waits, listed['market-overview'].waits]).toEqual([null, null]);
    expect(failure('insertTemplate', 'keyword-research')).toBe(
      `Not inserted: "Keyword research" may use 8 fresh searches, and 0 were left at your last usage read (${listed['keyword-research'].waits?.readAt?.slice(11, 16)} UTC). Nothing was sent or changed: try again after 00:00 UTC.`,
    );
    expect(stack.gas.spreadsheet.sheets.map((s) => s.name)).toEqual(['Sheet1']);
    expect(await stack.requests()).toBe(sent); // listing and refusing sent nothing
    expect(call<string>('insertTemplate', 'brand-watch')).toBe('Brand watch');
  });

  it('refuses what the daily-limit guard holds back after a refusal, sending nothing more', async () => {
    await stack.service.control.limits({ key: KEY, callsUsed: 2000 });
    expect(failure('insertTemplate', 'market-overview')).toMatch(/^Daily limit reached/);
    const sent = await stack.requests();
    expect(failure('insertTemplate', 'brand-watch')).toMatch(/^Not inserted: the daily limit of API calls was reached/);
    expect(await stack.requests()).toBe(sent);
    expect(stack.gas.spreadsheet.sheets.map((s) => s.name)).toEqual(['Sheet1']);
  });

  it('the menu offers Start from a template…, which opens the sidebar', () => {
    stack.gas.run('onOpen', [{ authMode: 'FULL' }], { mode: 'menu' });
    const items = stack.gas.ui.menus.flatMap((m) => m.entries).flatMap((e) => (e.kind === 'item' ? [[e.caption, e.functionName]] : []));
    expect(items).toContainEqual(['Start from a template…', 'showTemplates']);
    const result = stack.gas.run('showTemplates', [], { mode: 'menu' });
    expect(result.ok).toBe(true);
    expect(stack.gas.ui.sidebars.at(-1)?.html).toContain('window.SDM_OPEN_SECTION="templates"');
  });
});

function a1Of(area: { row: number; column: number; numRows: number; numColumns: number } | undefined): string {
  if (!area) throw new Error('no range');
  return a1Notation(area.row, area.column, area.numRows, area.numColumns);
}
