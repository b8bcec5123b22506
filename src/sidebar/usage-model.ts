/** What the usage section shows, computed from the server's UsageView (pure, so it is unit-tested). */
import type { CellValue, SpentSince, UsageBar, UsageRead, UsageView } from '../shared/sidebar-api';
import { allowanceBars } from '../shared/allowance-rules';
import { afterReset } from '../shared/reset-time';
import { barLevel, capitalize, describeReset, formatCount, percentUsed, plural, readWhen, type BarLevel } from './format';

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
  /**
   * "Read at 14:05, 2 h ago, plus 240 requests (238 fresh searches) this document sent since" and the
   * reset, if known; or that nothing was read yet, or only before the allowance reset.
   */
  meta: string;
  /** What this spreadsheet spent today, as label/value pairs: with its scheduled runs once the server counts them (the request log adds up to it). */
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
  return {
    bars,
    table: last && bars.length === 0 && last.table.length > 0 ? last.table : null,
    meta: capitalize(metaText(view, now)),
    documentRows: [
      ['Requests sent', formatCount((view.spending?.today ?? view.document).requests)],
      ['Fresh searches', formatCount((view.spending?.today ?? view.document).freshSearches)],
    ],
    day: view.document.day,
  };
}

/** When the figures were read, what this document sent since that they include, and the reset. */
function metaText(view: UsageView, now: Date): string {
  const last = view.last;
  if (!last) {
    if (view.readBeforeReset === null) return NOT_READ_YET;
    const when = readWhen(view.readBeforeReset, now) ?? 'read earlier';
    return `${when}, before the allowance reset: Refresh reads today's figures (one request).`;
  }
  const when = readWhen(last.readAt, now) ?? 'read earlier';
  const meta = [`${when}${sinceText(last.spentSince, last.bars.length > 0)}`, describeReset(last.resetAt, now)]
    .filter((part) => part !== null)
    .join(' · ');
  const spent = spentText(last, now);
  return spent ? `${meta}. ${spent}` : meta;
}

/**
 * The whole story of a spent allowance, which a formula's row says in a few words ("Daily limit reached
 * (fresh searches): Refresh all formulas after 00:00 UTC"): what fills the rows, and what is still sent
 * until then (lookup/pacing.ts: a handful of requests past the fresh searches, PAST_LIMIT_HANDFUL); '' while neither allowance is spent. The same reset time as the rows (shared/reset-time.ts).
 * @param read the last read, brought up to date
 * @param now the current time
 */
export function spentText(read: UsageRead, now: Date): string {
  const { searches, calls } = allowanceBars(read.bars);
  const spent = (bar?: UsageBar) => !!bar && bar.limit > 0 && bar.used >= bar.limit;
  const which = spent(calls) ? 'API calls' : spent(searches) ? 'Fresh searches' : '';
  const after = afterReset(Date.parse(read.resetAt ?? '') || null, now.getTime());
  const sent = which === 'API calls' ? 'send nothing' : 'ask only for keywords the service may have cached (free), 3 refused at most';
  return (
    which && `${which} spent: rows that say "Daily limit reached" fill when you Refresh all formulas ${after}; until then formulas ${sent}.`
  );
}

/**
 * What the bars add to the read: what this document sent since (other spreadsheets' spending shows only
 * after Refresh), and whether that count may be short.
 * @param since what this document sent with the same key after the read
 * @param added whether there are bars it was added to (a table is shown as it was read)
 */
function sinceText(since: SpentSince | undefined, added: boolean): string {
  if (!since) return '';
  const sent =
    plural(since.requests, 'request', 'requests') +
    (since.freshSearches ? ` (${plural(since.freshSearches, 'fresh search', 'fresh searches')})` : '');
  if (!added) return since.requests ? `; this document has sent ${sent} since: Refresh for current figures` : '';
  if (!since.complete) {
    const counted = since.requests ? `, plus at least ${sent} this document sent since` : '';
    return `${counted}; this document's count may not reach back that far: Refresh for exact figures`;
  }
  return since.requests ? `, plus ${sent} this document sent since` : '';
}
