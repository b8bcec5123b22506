/**
 * What is left of the daily allowance at a usage read, and whether a refresh may need more: pure, and
 * shared so that the sidebar's question and the menu's decision to ask it are the same test.
 */
import type { UsageBar, UsageRead } from './sidebar-api';

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
 * @param read a usage read
 */
export function allowanceLeft(read: UsageRead): { searches: number | null; calls: number | null } {
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
 * Whether the allowance has reset since the read (its figures then say nothing of what is left now).
 * @param read a usage read
 * @param now the current time
 */
export function readBeforeReset(read: UsageRead, now: Date): boolean {
  const readAt = Date.parse(read.readAt);
  const resetAt = Date.parse(read.resetAt ?? '');
  return resetAt > readAt && resetAt <= now.getTime();
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
