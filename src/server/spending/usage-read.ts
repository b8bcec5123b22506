/**
 * Reading /usage for the sidebar, the menu and the templates: a read now (one request, kept as the last
 * read of its key: last-usage.ts), a pasted key checked by such a read, and without a request the last
 * read brought up to date with what this document sent with that key since (spending/spend-log.ts logs it),
 * with this document's spend today.
 */
import type { UsageView } from '../../shared/sidebar-api';
import type { CellValue, SpentSince, UsageRead } from '../../shared/allowance-rules';
import type { Outcome } from '../service/classify';
import { SELF_INSTALL } from '../settings/constants';
import { createBudget } from '../execution/time-budget';
import { fingerprint, updateGuardOf } from './limit-guard';
import { guardAfterRead } from './pacing';
import { addDocumentSpend, readDocumentSpend, readSpend } from './spend-log';
import { AddonError } from '../errors/errors';
import { flattenToTable, headerWords, tableToGrid, type Cell, type Json } from '../shape/shape';
import { allowanceBars, allowanceOf, fetchUsage, readBeforeReset, resetText, usageBars } from './allowance';
import { readStoredUsage, storeUsageRead } from './last-usage';
import { noteBatch, sendingFor, sentOf } from './request-log';

/** Interactive calls get the same budget as a cell: the user is waiting. */
const SIDEBAR_LIMIT_MS = 30_000;

/**
 * Asks /usage now with a given key (not from the cache: the caller wants the current answer). The request
 * is this document's spending like any other (the spend log, the request log), counted as of the read:
 * the read's own figures hold it, so it is not added to them again (usageView).
 * @param apiKey the key to ask with (the stored one, or a pasted one being checked)
 * @param baseUrl the address of the service the key belongs to
 * @param readAt ISO time the service is asked (what the read is kept with)
 */
export function readUsageNow(apiKey: string, baseUrl: string, readAt: string = new Date().toISOString()): Outcome {
  const outcome = fetchUsage(baseUrl, { apiKey, budget: createBudget(SIDEBAR_LIMIT_MS) });
  // One request, unless Google sent nothing (no time, a quota, a permission).
  if (outcome.ok || !['budget', 'quota', 'busy', 'permission'].includes(outcome.error.kind)) {
    const spend = { requests: 1, freshSearches: 0 };
    addDocumentSpend(spend, fingerprint(apiKey), Date.parse(readAt));
    sendingFor('Usage read (the sidebar)');
    noteBatch(sentOf(spend, 0, !outcome.ok && outcome.limit?.daily ? 1 : 0, outcome.ok ? [] : [outcome.error.message]));
  }
  return outcome;
}

/**
 * Keeps a /usage answer just read as the last read for this key, and in the limit guard (what is left,
 * and every call spent when it shows that), and returns it as the sidebar shows it.
 * @param apiKey the key it was read with
 * @param data the /usage answer
 * @param readAt ISO time the service was asked
 */
export function rememberUsage(apiKey: string, data: Json, readAt: string): UsageRead {
  updateGuardOf(apiKey, (guard) => guardAfterRead(guard, allowanceOf(data), Date.now()));
  const read: UsageRead = { bars: usageBars(data), table: usageTable(data), readAt, resetAt: resetText(data) };
  storeUsageRead(apiKey, read);
  return read;
}

/**
 * Throws why a key cannot be saved: refused, or not checkable right now. The check is a read of /usage,
 * so an accepted key's answer is kept as its last usage read: the sidebar shows it without another request.
 * @param key the key to check
 * @param baseUrl the service address to check it at
 */
export function checkKey(key: string, baseUrl: string): void {
  const readAt = new Date().toISOString();
  const outcome = readUsageNow(key, baseUrl, readAt);
  if (outcome.ok) {
    rememberUsage(key, outcome.data, readAt);
    return;
  }
  const { error } = outcome;
  // A limit answer means the service knew the key: it is valid, just spent for today.
  if (error.kind === 'limit') return;
  if (error.kind === 'auth') {
    throw new AddonError(
      'auth',
      'The service refused this key (invalid or revoked), so it was not saved. Copy it again from your account page.',
    );
  }
  // A self-install's address is as likely wrong as the key: say so, and that nothing was kept (not the
  // address itself: a key pasted into the address box by mistake must not come back in a message).
  if (SELF_INSTALL) {
    throw new AddonError(
      error.kind,
      `The key could not be checked at that address, so nothing was saved: ${error.message} Check the address too.`,
    );
  }
  throw new AddonError(error.kind, `The key could not be checked, so it was not saved: ${error.message}`);
}

/** The usage answer as the sidebar's fallback table (when its bars are not understood): a header in words, text as sent. */
function usageTable(data: Json): CellValue[][] {
  const [header = [], ...rows] = tableToGrid(flattenToTable(data), true);
  const text = (c: Cell): CellValue => (c instanceof Date ? c.toISOString() : c);
  return [header.map((h) => headerWords(String(h))), ...rows.map((row) => row.map(text))];
}

/**
 * A key's usage as far as this document can tell, without a request: its last read plus what this
 * document sent with it since; null without a read, or when the read is from before the allowance reset.
 * What the sidebar shows, and what inserting a template and the menu's refresh compare with.
 * @param apiKey the key
 */
export function currentUsage(apiKey: string): UsageRead | null {
  return usageView(apiKey, readStoredUsage(apiKey)).last;
}

/**
 * The last usage read kept for a key (no request), brought up to date: what the sidebar's usage shows.
 * @param apiKey the viewer's key, if any
 */
export function lastUsageView(apiKey: string | undefined): UsageView {
  return usageView(apiKey, apiKey ? readStoredUsage(apiKey) : null);
}

/**
 * The usage section for a read: before the reset it says only when it was read; otherwise its bars
 * plus what this document sent with the same key after it (one cache round trip with today's spend).
 * @param apiKey the key it was read with
 * @param read the read, if any
 */
export function usageView(apiKey: string | undefined, read: UsageRead | null): UsageView {
  const now = Date.now();
  if (!apiKey || !read) return { last: null, readBeforeReset: null, document: readSpend() };
  if (readBeforeReset(read, new Date(now))) return { last: null, readBeforeReset: read.readAt, document: readSpend() };
  const spend = readDocumentSpend(fingerprint(apiKey), Date.parse(read.readAt), now);
  return { last: spend.since ? withSpend(read, spend.since) : read, readBeforeReset: null, document: spend.today };
}

/**
 * The read with what was sent since added to its bars, never past a bar's limit (the service refuses
 * past it; a refused request may still have been counted here).
 * @param read the read as kept
 * @param since what this document sent with its key after it
 */
export function withSpend(read: UsageRead, since: SpentSince): UsageRead {
  const { searches, calls } = allowanceBars(read.bars);
  const add = (bar: (typeof read.bars)[number]) => {
    const more = bar === searches ? since.freshSearches : bar === calls ? since.requests : 0;
    return more ? { ...bar, used: Math.min(Math.max(bar.limit, bar.used), bar.used + more) } : bar;
  };
  return { ...read, bars: read.bars.map(add), spentSince: since };
}
