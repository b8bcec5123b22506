/** What the usage section shows, computed from the server's UsageView (pure, so it is unit-tested). */
import type { CellValue, UsageView } from '../shared/sidebar-api';
import { barLevel, capitalize, clockTime, describeReset, formatCount, percentUsed, type BarLevel } from './format';

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
  /** "read at 14:05" plus the reset, if known. */
  meta: string;
  /** "This document today" as label/value pairs. */
  documentRows: [string, string][];
  day: string;
}

/**
 * The usage section's content.
 * @param view what getUsage returned
 * @param now the current time (for "resets tomorrow")
 */
export function usageModel(view: UsageView, now: Date = new Date()): UsageModel {
  const bars = view.bars.map((bar): BarModel => {
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
  const readAt = clockTime(view.readAt);
  const reset = describeReset(view.resetAt, now);
  const meta = [readAt ? `read at ${readAt}` : null, reset].filter((part) => part !== null).join(' · ');
  return {
    bars,
    table: bars.length === 0 && view.table.length > 0 ? view.table : null,
    meta: meta ? capitalize(meta) : '',
    documentRows: [
      ['Requests sent', formatCount(view.document.requests)],
      ['Fresh searches', formatCount(view.document.freshSearches)],
    ],
    day: view.document.day,
  };
}
