/** Pure text of the tracking section (no DOM, so it is unit-tested in node). */
import type { SelectedItems, SpendCost, TrackFieldsView, TrackingView, TrackKind, TrackListView, TrackPeriod } from '../shared/sidebar-api';
import { sendsText } from './cost-model';
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

/**
 * What tracking the typed items costs, under the form: the rule at once, then what the server counted
 * (a dry run, no request); '' when nothing is typed.
 * @param count the distinct items typed
 * @param kind keywords or brands
 * @param period how often the list runs
 * @param counted what the server counted, or null before its answer
 */
export function trackCostText(count: number, kind: TrackKind, period: TrackPeriod, counted: SpendCost | null): string {
  const then = `then as much each ${period}`;
  if (counted) return `Tracking these now sends ${sendsText(counted)}; ${then}.`;
  return count ? `Adding asks for ${itemsText(count, kind)} now: ${spendText(count, kind === 'keywords')}; ${then}.` : '';
}

/**
 * What "Use the selected cells" read: "3 keywords from Sheet1!A1:A4; 1 cells skipped."
 * @param read what readSelectedItems returned
 * @param kind keywords or brands
 */
export function selectionText(read: SelectedItems, kind: TrackKind): string {
  return `${itemsText(read.items.length, kind)} from ${read.range}${read.skipped ? `; ${read.skipped} cells skipped` : ''}.`;
}

/**
 * The fields a list can keep, in words: what is always kept, and a box per field (ticked by default or not).
 * @param view what previewTrackFields returned
 */
export function fieldsModel(view: TrackFieldsView): { always: string; fields: { path: string; label: string; checked: boolean }[] } {
  const said = (path: string) => view.words[path] ?? path;
  const always = [view.score && `Score (${said(view.score)})`, view.series && said(view.series)].filter(Boolean).join(', ');
  return {
    always: `Always kept: ${always || 'the score'}.`,
    fields: view.fields.map((path) => ({ path, label: said(path), checked: view.defaults.includes(path) })),
  };
}
