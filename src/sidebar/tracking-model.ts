/** Pure text of the tracking section (no DOM, so it is unit-tested in node). */
import type { TrackingView, TrackKind, TrackListView } from '../shared/sidebar-api';
import { plural } from './format';
import { RUNS_STOPPED } from './tables-model';

/**
 * Typed items: one per line, or separated by commas or semicolons; blanks dropped.
 * @param text what the user typed
 */
export function parseItems(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * "3 keywords", "1 brand".
 * @param count how many
 * @param kind keywords or brands
 */
export function itemsText(count: number, kind: TrackKind): string {
  return kind === 'keywords' ? plural(count, 'keyword', 'keywords') : plural(count, 'brand', 'brands');
}

/**
 * What asking for `count` items may spend: a request each (and one that reads the allowance, so the run
 * stops before a daily limit), and for keywords a fresh search each unless the service answered it
 * within 7 days (then it is free).
 * @param count items to ask for
 * @param searches whether fresh answers cost fresh searches
 */
export function spendText(count: number, searches: boolean): string {
  const requests = `at most ${plural(count, 'request', 'requests')} (and one that reads your allowance)`;
  return searches
    ? `${requests}, and at most ${plural(count, 'fresh search', 'fresh searches')} (none for those the service answered in the last 7 days)`
    : `${requests}, no fresh searches`;
}

/**
 * A list's next run, before it happens: what it asks for and what it may spend.
 * @param list the list
 */
export function nextRunText(list: TrackListView): string {
  const per = list.period === 'week' ? 'this week' : 'today';
  if (!list.due) return `Next run: nothing due, every item has its row ${per}.`;
  return `Next run asks for ${itemsText(list.due, list.kind)}: ${spendText(list.due, list.searches)}.`;
}

/**
 * Where the list lives and who runs it: "Tracking: coffee · 3 keywords · weekly · runs with your key".
 * @param list the list
 */
export function listWhere(list: TrackListView): string {
  const runner = list.runBy.you ? 'your key' : list.runBy.email ? `${list.runBy.email}'s key` : "its creator's key";
  return `${list.sheetName} · ${itemsText(list.items, list.kind)} · ${list.period === 'week' ? 'weekly' : 'daily'} · runs with ${runner}`;
}

/**
 * The line beside the section's heading: how many lists, and how many failed their last run (a warning).
 * @param view the tracking panel
 */
export function trackingSummary(view: TrackingView): { text: string; warn: boolean } {
  const n = view.lists.length;
  if (n && view.runStop) return { text: RUNS_STOPPED, warn: true };
  if (!n) return { text: 'No list yet', warn: false };
  const failed = view.lists.filter((l) => l.status === 'error').length;
  const lists = plural(n, 'list', 'lists');
  if (failed) return { text: `${lists} · ${failed} failed ${failed === 1 ? 'its' : 'their'} last run`, warn: true };
  return {
    text: `${lists} · ${plural(
      view.lists.reduce((sum, l) => sum + l.items, 0),
      'item',
      'items',
    )} tracked`,
    warn: false,
  };
}
