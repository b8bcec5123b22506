/**
 * What the add-on spends and what is left, as both sides count it, and the allowance's rules on a usage
 * read, pure and shared with the sidebar page. The figures: a read of /usage and its bars, what this
 * document sent since and today, what an action will send. The rules: which bar counts what, what is
 * left, whether the read is from before the allowance reset, and whether a refresh may need more than
 * was left. The server reaches the rules through src/server/spending/allowance.ts, so the sidebar's
 * question and the menu's decision to ask it are the same test.
 */
import { DAY_MS } from './day';

/** One cell of a table shown in the sidebar. */
export type CellValue = string | number | boolean;

/** One allowance, read from /usage by meaning. */
export interface UsageBar {
  label: string;
  used: number;
  limit: number;
}

/**
 * What this document's formulas spent today, as far as it can be counted: counted only when something is
 * spent (a cache hit writes nothing, so hits are not counted), approximately under load, and an idle
 * day's counts expire after 6 hours.
 */
export interface DocumentSpend {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  /** Requests this document's formulas sent to the service. */
  requests: number;
  /** Of those, searches the service says it ran fresh (not from its 7-day cache): what costs credits. */
  freshSearches: number;
}

/** One read of /usage. `bars` may be empty when the answer's shape is not understood; `table` always has it. */
export interface UsageRead {
  bars: UsageBar[];
  /** The whole answer as rows (header first), for when bars are not enough. */
  table: CellValue[][];
  /** ISO time the service was asked. */
  readAt: string;
  /** The reset time the service reported, as it sent it, if any. */
  resetAt: string | null;
  /**
   * Set when the read is brought up to date: what this document sent with the same key after it, already
   * added to the bars (its fresh searches to the fresh-search bar, its requests to the API-call bar).
   * Other spreadsheets' and scheduled runs' spending since is not in it.
   */
  spentSince?: SpentSince;
}

/** What this document sent with one key after a usage read. */
export interface SpentSince {
  requests: number;
  freshSearches: number;
  /**
   * False when some of it may be missing: the read is older than this document's counts reach (they live
   * 6 hours, and keep only each key's latest spending lookups: src/server/spending/spend-log.ts), so the bars
   * are at least these figures.
   */
  complete: boolean;
}

/**
 * What an action will send, counted before it acts by the lookup's dry run (src/server/spending/dry-run.ts: one cache
 * round trip, no request).
 */
export interface SpendCost {
  /** At most this many requests: what the cache does not answer (0: nothing, it is cached). */
  requests: number;
  /** At most this many of them cost a fresh search. */
  freshSearches: number;
  /** Queries a daily limit holds back until it resets: not sent. */
  heldBack: number;
  /** Searches past what this spreadsheet's own cap leaves today: not sent until it resets (absent: none). */
  capped?: number;
}

/** What a refresh may need beyond what was left at the read. */
export interface Shortfall {
  /** Which allowance: fresh searches, or API calls. */
  kind: 'searches' | 'calls';
  /** What the refresh may spend of it. */
  needed: number;
  /** What was left at the read. */
  left: number;
}

/**
 * What is left of each allowance at a read, found by meaning as the bars are (null where no bar says).
 * @param read a usage read, or just its bars
 */
export function allowanceLeft(read: Pick<UsageRead, 'bars'>): { searches: number | null; calls: number | null } {
  const left = (bar: UsageBar | undefined) => (bar ? Math.max(0, bar.limit - bar.used) : null);
  const { searches, calls } = allowanceBars(read.bars);
  return { searches: left(searches), calls: left(calls) };
}

/**
 * The bar of fresh searches and the bar of API calls among a read's bars, found by meaning (undefined
 * where none says).
 * @param bars a read's bars
 */
export function allowanceBars(bars: UsageBar[]): { searches: UsageBar | undefined; calls: UsageBar | undefined } {
  return { searches: bars.find((b) => /search|fresh|credit/i.test(b.label)), calls: bars.find((b) => /call|request/i.test(b.label)) };
}

/**
 * Whether the allowance may have reset since the read, so its figures say nothing of what is left now:
 * the reset time the service named has passed, or a day has gone by (the spec does not show when the
 * daily windows reset, so without a named time nothing else is assumed). A read that says not when it
 * was made counts as before.
 * @param read a usage read
 * @param now the current time
 */
export function readBeforeReset(read: Pick<UsageRead, 'readAt' | 'resetAt'>, now: Date): boolean {
  const readAt = Date.parse(read.readAt);
  if (!Number.isFinite(readAt)) return true;
  const resetAt = Date.parse(read.resetAt ?? '');
  if (resetAt > readAt && resetAt <= now.getTime()) return true;
  return now.getTime() - readAt >= DAY_MS;
}

/**
 * What a refresh sending `requests` (of them `searches` new searches) may need beyond what was left at
 * the read; null when it fits, or when the read cannot say (none of its bars, or the allowance reset since).
 * @param requests the most requests it may send
 * @param searches the most fresh searches it may use
 * @param read the last usage read with the key that pays
 * @param now the current time
 */
export function shortfall(requests: number, searches: number, read: UsageRead, now: Date): Shortfall | null {
  if (readBeforeReset(read, now)) return null;
  const left = allowanceLeft(read);
  if (left.searches !== null && searches > left.searches) return { kind: 'searches', needed: searches, left: left.searches };
  if (left.calls !== null && requests > left.calls) return { kind: 'calls', needed: requests, left: left.calls };
  return null;
}

/**
 * Whether Refresh all formulas asks before it runs: it would spend fresh searches and still not answer
 * every cell (some keep what they show until a reset, some new ones fill in part), so the click spends
 * the last of the day on part of the sheet. The sidebar's question and the menu's decision to open it
 * are this one test.
 * @param refresh what the refresh would spend and leave
 */
export function asksFirst(refresh: {
  freshSearches: number;
  cellsWaiting: number;
  cellsInPart: number;
  waitingFor: string | null;
}): boolean {
  return refresh.freshSearches > 0 && (refresh.cellsInPart > 0 || (refresh.cellsWaiting > 0 && refresh.waitingFor !== 'key'));
}
