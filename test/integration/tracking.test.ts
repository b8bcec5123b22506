/**
 * Tracking lists in the local spreadsheet, as a user sees them: a history sheet the add-on owns (one row
 * per item per period, backfilled months, failures recorded and asked again), a change view and Sheets'
 * own chart beside it, scheduled runs with no document (the spreadsheet opened by id), and a budget
 * that stops before a daily limit. The service's clock and the runtime's move together by a week.
 */
import { describe, expect, it } from 'vitest';
import { match } from '../matchers.js';
import type { TrackingView, TrackListView } from '../../src/shared/sidebar-api';
import { chartDomain, columnLetters, displayValue } from '../../dev/gas/index.js';
import { rawAnswer, topLevelScore, useStack } from './stack';

const WEEK = 7 * 86_400_000;

const stack = useStack();

const call = <T = TrackingView>(fn: string, ...args: unknown[]): T => {
  const result = stack.gas.run(fn, args, { mode: 'sidebar' });
  if (!result.ok) throw new Error(`${fn}: ${result.error}`);
  return result.value as T;
};
const failure = (fn: string, ...args: unknown[]) => stack.gas.run(fn, args, { mode: 'sidebar' }).error ?? '';
const track = (items: string[], extra: Record<string, unknown> = {}) =>
  call('addTrackingList', { name: '', kind: 'keywords', items, period: 'week', fields: null, ...extra });
const listOf = (view: TrackingView, i = 0): TrackListView => {
  const list = view.lists[i];
  if (!list) throw new Error(`no list ${i} in ${JSON.stringify(view)}`);
  return list;
};

/** Fires the user's time-driven trigger as Google would: no document, the spreadsheet opened by id. */
function fireTrigger() {
  const [trigger] = stack.gas.triggers.filter((t) => t.eventType === 'CLOCK');
  if (!trigger) throw new Error('no time-driven trigger');
  const result = stack.gas.fireTrigger(trigger);
  if (!result.ok) throw new Error(`trigger: ${result.error}`);
  return result;
}

/** Both clocks, the runtime's (dates, caches, triggers) and the service's (its 7-day cache, its day). */
async function advance(ms: number) {
  stack.gas.advanceClock(ms);
  await stack.service.control.clock(ms);
}

const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v));

/** The history rows under the stamp and the header: [date, item, score, …fields, status]. */
function history(sheetName: string): unknown[][] {
  const sheet = stack.gas.spreadsheet.sheet(sheetName);
  const width = (sheet.getValues('A2:Z2')[0] ?? []).indexOf('Status') + 1;
  return sheet
    .getValues(`A3:${columnLetters(width)}${Math.max(3, sheet.lastRow)}`)
    .filter((row) => row[1] !== '')
    .map((row) => [day(row[0]), ...row.slice(1)]);
}
const status = (row: unknown[]) => row[row.length - 1];
const thisWeek = () => {
  const now = stack.gas.clock.now();
  const d = Math.floor(now / 86_400_000);
  return new Date((d - ((d + 3) % 7)) * 86_400_000).toISOString().slice(0, 10);
};

describe('adding a keyword list', () => {
  it("makes its own sheet: backfilled months, this week's row with the score found by meaning, the change view and a chart", async () => {
    const view = track(['Coffee', ' tea ', 'coffee']);
    const list = listOf(view);
    expect(list).toMatchObject({
      name: 'coffee + 1 more',
      kind: 'keywords',
      period: 'week',
      items: 2,
      status: 'ok',
      due: 0,
      searches: true,
    });
    expect(list.sheetName).toBe('Tracking: coffee + 1 more');
    // What was backfilled is named as it is: months (not the list's weeks), and no score.
    expect(list.message).toBe(
      `2 keywords recorded for the week of ${thisWeek()}; 12 months of each backfilled (volume by month only: the service gives no past score).`,
    );
    expect(await stack.requests('/trend')).toBe(2);

    const sheet = stack.gas.spreadsheet.sheet(list.sheetName);
    expect(sheet.getValues('A1')[0]?.[0]).toMatch(
      /^Search Demand tracking · coffee \+ 1 more · one row per keyword per week, and one per month the service gives \(backfilled\) · updated /,
    );
    // Columns chosen by shape: the score, the dated series, the answer's top-level numbers.
    // In words: the series' value as the months' table says it, by its month (never "Months volume").
    expect(sheet.getValues('A2:F2')[0]).toEqual(['Date', 'Keyword', 'Score', 'Volume by month', 'Average monthly volume', 'Status']);
    const rows = history(list.sheetName);
    expect(rows).toHaveLength(26);
    const raw = (await rawAnswer(stack.service, '/trend', { keyword: 'coffee' })) as {
      months: { month: string; volume: number }[];
      avg_monthly_volume: number;
    };
    const coffee = rows.filter((r) => r[1] === 'coffee');
    expect(coffee.filter((r) => status(r) === 'backfilled').map((r) => [r[0], r[3]])).toEqual(
      raw.months.map((m) => [`${m.month}-01`, m.volume]),
    );
    // A backfilled month has its volume and nothing the service gives only for now: no score.
    expect(coffee.filter((r) => status(r) === 'backfilled').every((r) => r[2] === '' && r[4] === '')).toBe(true);
    // This week's row holds what is of this week: the score and the current figures; the months are the
    // series' own rows, so no month's figure shows twice.
    expect(coffee.find((r) => status(r) === 'ok')).toEqual([thisWeek(), 'coffee', topLevelScore(raw), '', raw.avg_monthly_volume, 'ok']);
    // Oldest first, this week's rows last.
    expect(rows.slice(-2).map((r) => [r[1], status(r)])).toEqual([
      ['coffee', 'ok'],
      ['tea', 'ok'],
    ]);
    expect(
      sheet
        .getFormulas('A1:Z40')
        .flat()
        .every((f) => f === ''),
    ).toBe(true);

    // The change, as values: the latest month known now against the one before, titled in words.
    const [latest, previous] = [raw.months[11]!.volume, raw.months[10]!.volume];
    const direction = latest > previous ? 'up' : latest < previous ? 'down' : 'same';
    expect(sheet.getValues('H1')[0]?.[0]).toBe('Volume by month: the latest month against the one before');
    expect(sheet.getValues('N1')[0]?.[0]).toBe('Chart data: volume by month');
    expect(sheet.getValues('H2:L3')).toEqual([
      ['Keyword', 'Latest', 'Previous', 'Change', 'Direction'],
      ['coffee', latest, previous, latest - previous, direction],
    ]);
    const tea = history(list.sheetName).filter((r) => r[1] === 'tea' && status(r) === 'backfilled');
    expect(sheet.getValues('H4:J4')).toEqual([['tea', tea[11]?.[3], tea[10]?.[3]]]);
    // Sheets' own line chart over the chart data: a date column and one column per keyword.
    expect(sheet.getValues('N2:P2')).toEqual([['Date', 'coffee', 'tea']]);
    expect(sheet.charts).toEqual([
      expect.objectContaining({
        type: 'LINE',
        // One point per month the service gives, where it dates it: no week's date beside them.
        ranges: [{ row: 2, column: 14, numRows: 13, numColumns: 3 }],
        options: match.objectContaining({ title: 'coffee + 1 more: volume by month' }),
      }),
    ]);
    // Below the change view and left of the chart data (N): it covers none of its data at Sheets'
    // default column width of 100 pixels.
    const chart = sheet.charts[0]!;
    expect(chart.position).toMatchObject({ row: 6, column: 8 });
    expect((chart.position.column - 1) * 100 + Number(chart.options.width)).toBeLessThanOrEqual((14 - 1) * 100);
  });

  it('tracks brands by their index score (no dated series: no backfill), and records a brand not found as failed', async () => {
    const list = listOf(
      call('addTrackingList', {
        name: 'Payments',
        kind: 'brands',
        items: ['acme-pay', 'no-such-brand-zz'],
        period: 'day',
        fields: ['ranks.overall'],
      }),
    );
    expect(list).toMatchObject({ name: 'Payments', searches: false, status: 'ok', due: 1 });
    expect(list.message).toMatch(/^1 brand recorded for \d{4}-\d\d-\d\d; 1 failed \(asked again at the next run\)\.$/);
    const raw = (await rawAnswer(stack.service, '/brand', { slug: 'acme-pay' })) as { name: string; ranks: { overall: number } };
    const rows = history('Tracking: Payments');
    // A brand by the name its answer gives, its slug (what BRAND_PROFILE takes) in the cell's note; one
    // nothing names, by its slug.
    expect(rows).toEqual([
      [expect.any(String), raw.name, topLevelScore(raw), raw.ranks.overall, 'ok'],
      [expect.any(String), 'no-such-brand-zz', '', '', 'failed: Not found: brand "no-such-brand-zz".'],
    ]);
    const sheet = stack.gas.spreadsheet.sheet('Tracking: Payments');
    expect([sheet.cell('B3').note, sheet.cell('B4').note ?? '']).toEqual(['Brand ID (for formulas): acme-pay', '']);
    expect(sheet.getValues('A2:B2')).toEqual([['Date', 'Brand']]);
    expect(sheet.charts[0]?.options.title).toBe('Payments: score');
    // The change view and the chart's legend name a brand as its answer does; one nothing names, by its slug.
    expect(sheet.getValues('G1:G4').map((r) => r[0])).toEqual([
      'Score: the latest day against the one before',
      'Brand',
      raw.name,
      'no-such-brand-zz',
    ]);
    expect(sheet.getValues('M2:O2')).toEqual([['Date', raw.name, 'no-such-brand-zz']]);
    // Nothing backfilled, nothing said of it.
    expect(stack.gas.spreadsheet.sheet('Tracking: Payments').getValues('A1')[0]?.[0]).toMatch(
      /^Search Demand tracking · Payments · one row per brand per day · updated /,
    );
    // Read back by that slug: the next day's run adds one row per brand and compares it with this one.
    await advance(86_400_000);
    expect(listOf(call('runTrackingNow', list.id))).toMatchObject({ due: 1 }); // the brand not found, asked again
    const next = history('Tracking: Payments');
    expect(next.map((row) => row[1])).toEqual([raw.name, 'no-such-brand-zz', raw.name, 'no-such-brand-zz']);
    expect(sheet.getValues('G3:K3')).toEqual([[raw.name, topLevelScore(raw), topLevelScore(raw), 0, expect.any(String)]]);
  });

  it('refuses bad input with a clear message and stores nothing', () => {
    expect(failure('addTrackingList', { name: '', kind: 'companies', items: ['coffee'], period: 'week', fields: null })).toBe(
      'Choose what to track: keywords or brands.',
    );
    expect(failure('addTrackingList', { name: '', kind: 'keywords', items: ['', ' '], period: 'week', fields: null })).toBe(
      'Type or select at least one keyword to track.',
    );
    expect(failure('addTrackingList', { name: '', kind: 'keywords', items: ['coffee'], period: 'month', fields: null })).toBe(
      'Choose how often a row is recorded: every day or every week.',
    );
    expect(failure('addTrackingList', { name: '', kind: 'keywords', items: ['coffee'], period: 'week', fields: ['nope'] })).toMatch(
      /^Unknown field "nope": the fields are avg_monthly_volume, /,
    );
    expect(
      failure('addTrackingList', {
        name: '',
        kind: 'keywords',
        items: Array.from({ length: 101 }, (_, i) => `k${i}`),
        period: 'week',
        fields: null,
      }),
    ).toBe('A list holds at most 100 items: these are 101.');
    expect(stack.gas.spreadsheet.sheets.map((s) => s.name)).toEqual(['Sheet1']);
    expect(call('getTracking').lists).toEqual([]);
    expect(stack.gas.triggers).toHaveLength(0);
  });

  it('reads the items from the selected cells', () => {
    stack.gas.spreadsheet.setValues('Sheet1!A1', [['Coffee'], ['tea'], [''], [' coffee '], [true]]);
    stack.gas.spreadsheet.setActive('Sheet1', 'A1:A5');
    expect(call('readSelectedItems', 'keywords')).toEqual({ items: ['coffee', 'tea'], range: "'Sheet1'!A1:A5", skipped: 1 });
  });
});

describe('the chart tells the truth: one point per period, dates on a time axis', () => {
  it("a weekly run adds no second point for the newest month; the dates are the service's, as Sheets dates; the axis is time", async () => {
    // A spreadsheet west of Greenwich: a day written as a date must still be that day there.
    const zone = 'America/Los_Angeles';
    stack.gas.spreadsheet.timeZone = zone;
    // Sunday 2026-05-03: its week began on Monday 2026-04-27, and April is the series' newest month.
    await advance(Date.UTC(2026, 4, 3, 12) - stack.gas.clock.now());
    expect(thisWeek()).toBe('2026-04-27');
    const list = listOf(track(['coffee']));
    const raw = (await rawAnswer(stack.service, '/trend', { keyword: 'coffee' })) as { months: { month: string; volume: number }[] };
    expect(raw.months[11]!.month).toBe('2026-04');
    // Every month the service gives, April included, under its own date; the run's row holds the week's score.
    expect(list.message).toBe(
      '1 keyword recorded for the week of 2026-04-27; 12 months backfilled (volume by month only: the service gives no past score).',
    );
    const rows = history(list.sheetName);
    expect(rows.map((r) => [r[0], r[3], status(r)])).toEqual([
      ...raw.months.map((m) => [`${m.month}-01`, m.volume, 'backfilled']),
      ['2026-04-27', '', 'ok'],
    ]);

    const sheet = stack.gas.spreadsheet.sheet(list.sheetName);
    // The Date column holds Sheets dates shown as yyyy-mm-dd, each the day in the spreadsheet's zone.
    const dateCells = rows.map((_, i) => sheet.cell(`A${3 + i}`));
    expect(dateCells.every((c) => c.value instanceof Date && c.format?.numberFormat === 'yyyy-mm-dd')).toBe(true);
    expect(dateCells.map((c) => displayValue(c.value, c.format?.numberFormat, zone))).toEqual(rows.map((r) => r[0]));

    // A week later the run adds the week of May 4 (still April's figure: May is not complete): no point.
    await advance(WEEK);
    fireTrigger();
    // The chart data (N:O): one row per month the service gives, each a date; no week's date among them.
    const data = sheet.getValues(`N3:O${sheet.lastRow}`).filter((r) => r[0] !== '');
    const shown = data.map((_, i) => sheet.cell(`N${3 + i}`)).map((c) => displayValue(c.value, c.format?.numberFormat, zone));
    expect(data.every((r) => r[0] instanceof Date)).toBe(true);
    expect(shown).toEqual(raw.months.map((m) => `${m.month}-01`));
    expect(data.map((r) => r[1])).toEqual(raw.months.map((m) => m.volume));
    const chart = sheet.charts[0]!;
    expect(chart.ranges).toEqual([{ row: 2, column: 14, numRows: 1 + 12, numColumns: 2 }]);
    // Sheets spaces the points by time (a month apart) and labels the axis with month and year.
    const domain = chartDomain(sheet, chart);
    expect(domain.axis).toBe('continuous');
    expect(domain.format).toBe('MMM yyyy');
    expect(domain.cells).toHaveLength(12);
    expect(displayValue(domain.cells[0]!.value, domain.format ?? undefined, zone)).toBe('May 2025');
  });
});

describe.each(['a', 'b'] as const)('week after week for months, schema %s', (schema) => {
  const weekly = useStack(schema);
  const sidebar = <T>(fn: string, ...args: unknown[]): T => {
    const result = weekly.gas.run(fn, args, { mode: 'sidebar' });
    if (!result.ok) throw new Error(`${fn}: ${result.error}`);
    return result.value as T;
  };

  it("each month once, under the service's date, with the service's figure: no month twice, no jump that did not happen", async () => {
    const both = async (ms: number) => {
      weekly.gas.advanceClock(ms);
      await weekly.service.control.clock(ms);
    };
    // The service's months for a keyword, read as it dates them, whatever it names its fields.
    const months = async (keyword: string) => {
      const raw = (await rawAnswer(weekly.service, '/trend', { keyword })) as Record<string, unknown>;
      const series = Object.values(raw).find((v): v is Record<string, unknown>[] => Array.isArray(v) && v.length === 12) ?? [];
      return series.map((r) => {
        const month = Object.values(r).find((v): v is string => typeof v === 'string' && /^\d{4}-\d\d/.test(v)) ?? '';
        return [`${month.slice(0, 7)}-01`, Object.values(r).find((v) => typeof v === 'number')] as const;
      });
    };
    const list = sidebar<TrackingView>('addTrackingList', {
      name: 'Drinks',
      kind: 'keywords',
      items: ['coffee', 'tea'],
      period: 'week',
      fields: null,
    }).lists[0]!;
    const sheet = weekly.gas.spreadsheet.sheet(list.sheetName);
    // Where the add-on puts the change view and the chart data: after the history's columns and a gap.
    const width = (sheet.getValues('A2:Z2')[0] ?? []).indexOf('Status') + 1;
    const [change, data] = [columnLetters(width + 2), columnLetters(width + 8)];
    const seen = new Map<string, unknown>();
    let runs = 0;
    // Eleven weeks from Wednesday 18 March: three months end on the way (March, April, May).
    for (let week = 0; week < 11; week++) {
      if (week) {
        await both(WEEK);
        const [trigger] = weekly.gas.triggers.filter((t) => t.eventType === 'CLOCK');
        expect(weekly.gas.fireTrigger(trigger!).ok).toBe(true);
      }
      runs++;
      const now = await months('coffee');
      for (const [month, volume] of now) seen.set(month, volume);
      const points = sheet.getValues(`${data}3:${columnLetters(width + 10)}${sheet.lastRow}`).filter((r) => r[0] !== '');
      const dates = points.map((r) => (r[0] as Date).toISOString().slice(0, 10));
      // One point per month the service has given since the list began: its first day, never a week's.
      expect(dates).toEqual([...seen.keys()].sort());
      expect(new Set(dates).size).toBe(dates.length);
      expect(dates.every((d) => d.endsWith('-01'))).toBe(true);
      // Each the service's figure for that month, as it gives it now.
      for (const [month, volume] of now) expect(points[dates.indexOf(month)]?.[1]).toBe(volume);
      // The change compares the two newest months the service gives, never a month with itself.
      const next = columnLetters(width + 4);
      expect(sheet.getValues(`${columnLetters(width + 3)}3:${next}3`)[0]).toEqual([now[11]?.[1], now[10]?.[1]]);
      expect(sheet.getValues(`${change}2`)[0]).toEqual(['Keyword']);
    }
    expect(runs).toBe(11);
    expect(seen.size).toBe(12 + 2); // the 12 months at the start, then April and May as each ended
    // Eleven weeks' rows per keyword, each with its score; the months apart from them.
    const rows = sheet.getValues(`A3:${columnLetters(width)}${sheet.lastRow}`).filter((r) => r[1] === 'coffee');
    expect(rows.filter((r) => r[width - 1] === 'ok' && typeof r[2] === 'number')).toHaveLength(11);
    expect(rows.filter((r) => r[width - 1] === 'backfilled')).toHaveLength(14);
  });
});

describe('scheduled runs, with no document', () => {
  it('runs three times across two periods: dedupe, append, a failing item retried, a deleted history sheet reported', async () => {
    const name = listOf(track(['coffee', 'tea'])).sheetName;
    const week1 = thisWeek();
    // An item added while the service fails: its row says so, and the others are not asked again.
    await stack.service.control.resetStats();
    await stack.service.control.faults([{ kind: '5xx', count: 3, path: '/trend' }]);
    const added = listOf(call('addTrackedItems', listOf(call('getTracking')).id, ['Matcha']));
    expect(added).toMatchObject({ items: 3, due: 1, status: 'ok' });
    expect(added.message).toBe(`0 keywords recorded for the week of ${week1}; 1 failed (asked again at the next run).`);
    expect(history(name).filter((r) => r[1] === 'matcha')).toEqual([
      [week1, 'matcha', '', '', '', 'failed: The service is unavailable (HTTP 503); retried 2 times. Try again in a few minutes.'],
    ]);
    expect(await stack.requests('/trend')).toBe(3); // one request and its two retries

    // Run 2, the trigger, same week: only the failed item is asked; its row is replaced, with its backfill.
    await stack.service.control.resetStats();
    const run2 = fireTrigger();
    expect(run2.urls.filter((u) => u.includes('/trend'))).toHaveLength(1);
    const afterRun2 = history(name);
    expect(afterRun2.filter((r) => r[1] === 'matcha' && r[0] === week1)).toEqual([
      [week1, 'matcha', expect.any(Number), '', expect.any(Number), 'ok'],
    ]);
    expect(afterRun2.filter((r) => r[1] === 'matcha' && status(r) === 'backfilled')).toHaveLength(12);
    expect(afterRun2.filter((r) => String(status(r)).startsWith('failed'))).toEqual([]);
    expect(listOf(call('getTracking'))).toMatchObject({
      due: 0,
      status: 'ok',
      message: `1 keyword recorded for the week of ${week1}; 12 months backfilled (volume by month only: the service gives no past score).`,
    });

    // Again in the same week: nothing is due, nothing is asked, no row is added.
    await stack.service.control.resetStats();
    fireTrigger();
    expect(await stack.requests()).toBe(0);
    expect(history(name)).toEqual(afterRun2);

    // The user's own column beside the history is never touched.
    const sheet = stack.gas.spreadsheet.sheet(name);
    sheet.setValues('T1', [['my notes'], ['keep me']]);

    // Run 3, a week later: one new row per keyword, appended.
    await advance(WEEK);
    const week2 = thisWeek();
    expect(week2).not.toBe(week1);
    expect(listOf(call('getTracking')).due).toBe(3);
    fireTrigger();
    const afterRun3 = history(name);
    expect(afterRun3.slice(0, afterRun2.length)).toEqual(afterRun2);
    expect(afterRun3.slice(afterRun2.length).map((r) => [r[0], r[1], status(r)])).toEqual([
      [week2, 'coffee', 'ok'],
      [week2, 'tea', 'ok'],
      [week2, 'matcha', 'ok'],
    ]);
    const keys = afterRun3.map((r) => `${String(r[1])}|${String(r[0])}`);
    expect(new Set(keys).size).toBe(keys.length); // never two rows for one item and period
    expect(sheet.getValues('T1:T2')).toEqual([['my notes'], ['keep me']]);
    expect(sheet.charts).toHaveLength(1);
    expect(sheet.charts[0]?.ranges[0]?.numRows).toBe(1 + 12); // the header and the service's 12 months: no week's point

    // The history sheet deleted: reported, not recreated, nothing asked.
    stack.gas.spreadsheet.deleteSheet(name);
    await advance(WEEK);
    await stack.service.control.resetStats();
    fireTrigger();
    expect(await stack.requests('/trend')).toBe(0);
    expect(listOf(call('getTracking'))).toMatchObject({
      status: 'error',
      message: `Its history sheet "${name}" was deleted, so nothing is recorded and it is not recreated: forget this list in the sidebar.`,
    });
    expect(stack.gas.spreadsheet.sheets.map((s) => s.name)).toEqual(['Sheet1']);
    // Forgetting it leaves nothing scheduled: the trigger goes too.
    expect(call('forgetTrackingList', listOf(call('getTracking')).id).lists).toEqual([]);
    expect(stack.gas.triggers).toHaveLength(0);
  });

  it("never grows into the user's cells beside the history, and still records the rows", () => {
    const list = listOf(track(['coffee']));
    const sheet = stack.gas.spreadsheet.sheet(list.sheetName);
    sheet.setValues('P1', [['mine']]); // the column right after the chart data (N: date, O: coffee)
    const after = listOf(call('addTrackedItems', list.id, ['tea']));
    expect(after.status).toBe('error');
    expect(after.message).toMatch(
      /The chart data would grow into your cells at 'Tracking: coffee'!P1:P\d+: move them to update the chart\.$/,
    );
    expect(sheet.getValues('P1')).toEqual([['mine']]);
    expect(history(list.sheetName).filter((r) => r[1] === 'tea')).toHaveLength(13);
  });
});

describe('the budget', () => {
  it('spends at most what the sidebar showed, stops before the daily limit, and the next run finishes', async () => {
    const keywords = ['coffee', 'tea', 'matcha', 'cold brew', 'espresso'];
    track(keywords);
    await advance(WEEK); // the service's 7-day cache has expired: each keyword is a fresh search
    await stack.service.control.limits({ freshUsed: 248 }); // 2 fresh searches left today
    const before = listOf(call('getTracking'));
    expect(before).toMatchObject({ due: 5, searches: true });

    await stack.service.control.resetStats();
    fireTrigger();
    const stats = await stack.service.control.stats();
    expect(stats.byEndpoint['/trend']).toBe(2);
    expect(stats.requests).toBeLessThanOrEqual(before.due + 1); // what the sidebar showed: a request each, one for the allowance
    expect(stats.freshCredits).toBe(2);
    expect(stats.statusCounts['429']).toBeUndefined(); // stopped before the limit, not at it
    const stopped = listOf(call('getTracking'));
    expect(stopped).toMatchObject({ status: 'waiting', due: 3 });
    expect(stopped.message).toMatch(
      /^2 keywords recorded for the week of \d{4}-\d\d-\d\d; 3 keywords wait for the next run: stopped before the daily limit of fresh searches, which resets at 00:00 UTC\.$/,
    );

    // The allowance back (and the minute /usage is kept for gone): the next run asks for the other three.
    await stack.service.control.limits({ freshUsed: 0 });
    stack.gas.advanceClock(120_000);
    await stack.service.control.resetStats();
    fireTrigger();
    expect(await stack.requests('/trend')).toBe(3);
    expect(listOf(call('getTracking'))).toMatchObject({ status: 'ok', due: 0 });
    expect(history(listOf(call('getTracking')).sheetName).filter((r) => r[0] === thisWeek())).toHaveLength(5);
  });

  it('asks again from the sidebar only for what is due: nothing when every item has its row', async () => {
    const list = listOf(track(['coffee', 'tea']));
    await stack.service.control.resetStats();
    expect(listOf(call('runTrackingNow', list.id)).message).toBe(`Every item has its row for the week of ${thisWeek()}.`);
    expect(await stack.requests()).toBe(0);
  });
});
