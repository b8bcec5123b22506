/**
 * The demo workbook `npm start` opens: what a newcomer sees working within a minute.
 */
import type { ChartSpec } from './workbook.js';

/** Typed into Sheet1 in this order, as a user would (A1, what is typed). */
export const DEMO_CELLS: readonly (readonly [string, string])[] = [
  ['A1', 'Keyword'],
  ['B1', 'Search Score'],
  // Duplicates and case variants are fetched once.
  ['A2', 'coffee'],
  ['A3', 'Coffee'],
  ['A4', 'electric bikes'],
  ['A5', 'tea'],
  ['A6', ' coffee '],
  ['A7', 'cold brew'],
  ['A8', 'TEA'],
  ['A9', 'matcha'],
  ['A10', 'Electric Bikes'],
  ['A11', 'espresso'],
  ['B2', '=SEARCH_SCORE(A2:A11)'],
  ['D1', '=SEARCH_TREND("coffee")'],
  ['A14', 'Brand'],
  ['B14', 'Brand score'],
  ['A15', 'acme-pay'],
  ['A16', 'acme-cloud'],
  ['A17', 'strypo'],
  ['A18', 'nimbus-chat'],
  ['A19', 'brightcart'],
  ['B15', '=BRAND_SCORE(A15:A19)'],
  ['A22', 'acme-pay signals'],
  ['A23', '=BRAND_PROFILE("acme-pay", "signals")'],
  ['A31', 'Your allowance'],
  ['A32', '=API_USAGE()'],
];

/**
 * Sheet1's columns its user widened (by dragging their edges) for what they typed and for the trend's
 * labels and time, in pixels: the add-on sizes only the sheets it writes itself.
 */
export const DEMO_WIDTHS: readonly (readonly [column: number, width: number])[] = [
  [1, 150],
  [4, 170],
  [5, 130],
];

/** Label cells shown bold. */
export const DEMO_BOLD: readonly string[] = ['A1', 'B1', 'A14', 'B14', 'A22', 'A31'];

/** The trend's 12 monthly volumes as a line chart floating beside the trend, right of its months. */
export const DEMO_CHARTS: readonly ChartSpec[] = [
  {
    anchor: 'F2',
    columns: 4,
    rows: 12,
    source: 'D1',
    labels: ['Month', 'Period'],
    values: ['Volume', 'Searches'],
    series: ['Keyword', 'Query'],
  },
];

/** A ranking table inserted at start through the add-on's own insertRankingTable, on its own sheet. */
export const DEMO_RANKING_TABLE = { group: 'sector:fintech', placement: 'new-sheet', columns: null, limit: 25 } as const;

/** A schedule, so "Run the schedule trigger now" has a trigger to fire. */
export const DEMO_SCHEDULE = { kind: 'daily', hour: 6 } as const;

/** A tracking list added at start through the add-on's own addTrackingList: its sheet shows the chart. */
export const DEMO_TRACKING = {
  name: 'Coffee drinks',
  kind: 'keywords',
  items: ['coffee', 'tea', 'cold brew'],
  period: 'week',
  fields: null,
} as const;

/**
 * Alerts on from the start, so a scheduled run that finds something mails it: the page's Outbox shows
 * the digest as its owner would receive it (nothing leaves the machine).
 */
export const DEMO_ALERTS = { rankPlaces: 3, changePercent: 5, failures: true } as const;

/** How far "Move the clocks a week" moves both clocks: the runtime's and the local service's. */
export const CLOCK_STEP_MS = 7 * 86_400_000;
