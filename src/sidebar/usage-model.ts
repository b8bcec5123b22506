/** What the usage section shows, computed from the server's UsageView (pure, so it is unit-tested). */
import type { CellValue, UsageView } from '../shared/sidebar-api';
import { barLevel, capitalize, describeReset, formatCount, percentUsed, readWhen, type BarLevel } from './format';

export interface BarModel {
  label: string;
  used: number;
  limit: number;
  percent: number;
  level: BarLevel;
  /** "12 of 250" */
  numbers: string;
  /** For screen readers: "12 of 250 used, 5 %". */
  valueText: string;
}

export interface UsageModel {
  bars: BarModel[];
  /** The whole answer as rows, shown only when there are no bars. */
  table: CellValue[][] | null;
  /** "Read at 14:05, 2 h ago" plus the reset, if known; or that nothing was read yet. */
  meta: string;
  /** "This document today" as label/value pairs. */
  documentRows: [string, string][];
  day: string;
}

/** What the usage section says before the first read: opening the sidebar sends none. */
export const NOT_READ_YET = 'Not read yet: Refresh reads it (one request).';

/**
 * The usage section's content.
 * @param view what getUsage or refreshUsage returned
 * @param now the current time (for "2 h ago" and "resets tomorrow")
 */
export function usageModel(view: UsageView, now: Date = new Date()): UsageModel {
  const last = view.last;
  const bars = (last?.bars ?? []).map((bar): BarModel => {
    const percent = percentUsed(bar.used, bar.limit);
    const numbers = `${formatCount(bar.used)} of ${formatCount(bar.limit)}`;
    return {
      label: bar.label,
      used: bar.used,
      limit: bar.limit,
      percent,
      level: barLevel(bar.used, bar.limit),
      numbers,
      valueText: `${numbers} used, ${Math.round(percent)} %`,
    };
  });
  const meta = last
    ? [readWhen(last.readAt, now), describeReset(last.resetAt, now)].filter((part) => part !== null).join(' · ')
    : NOT_READ_YET;
  return {
    bars,
    table: last && bars.length === 0 && last.table.length > 0 ? last.table : null,
    meta: capitalize(meta),
    documentRows: [
      ['Requests sent', formatCount(view.document.requests)],
      ['Fresh searches', formatCount(view.document.freshSearches)],
    ],
    day: view.document.day,
  };
}
