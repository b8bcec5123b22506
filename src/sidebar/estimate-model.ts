/**
 * What "Refresh all formulas" could spend, against what is left at the last usage read, and whether to
 * ask before refreshing (pure, so it is unit-tested). The server counts; this words it.
 */
import type { RefreshEstimate, UsageRead } from '../shared/sidebar-api';
import { formatCount, plural, readWhen } from './format';
import { allowanceLeft, readBeforeReset, shortfall } from '../shared/allowance-rules';

/** A usage read older than this is called old: other documents may have spent since. */
const OLD_MS = 3_600_000;

export interface EstimateModel {
  /** What a refresh would send, against what is left ("" when there are no formulas). */
  text: string;
  /** The question to ask first, when a refresh may spend more than is left; null: refresh at once. */
  confirm: string | null;
  /** Whether a refresh may send anything (usage is then read again once the formulas have run). */
  spends: boolean;
}

/**
 * The estimate's words for this viewer.
 * @param estimate what estimateRefresh returned
 * @param last the last usage read with the viewer's key, or null
 * @param yours whether formulas here spend the viewer's key (else their usage is not the formulas')
 * @param now the current time
 */
export function estimateModel(estimate: RefreshEstimate, last: UsageRead | null, yours: boolean, now: Date = new Date()): EstimateModel {
  const { requests, freshSearches: searches, cached, heldBack, probes, waiting } = estimate;
  const spends = requests > 0;
  const notes = [unknownText(estimate)];
  if (estimate.formulaCells === 0) return { text: '', confirm: null, spends: false };
  if (estimate.noKey) {
    return {
      text: join(['No key reaches these formulas: a refresh sends nothing, and cells keep saying "No API key".', ...notes]),
      confirm: null,
      spends: false,
    };
  }
  const free = [
    cached ? `${plural(cached, 'answer is', 'answers are')} cached` : '',
    heldBack ? `${formatCount(heldBack)} held back by a daily limit until it resets` : '',
    waiting
      ? `${plural(waiting, 'new search waits', 'new searches wait')} for ${estimate.capped ? "this spreadsheet's cap" : 'the fresh searches'} to reset`
      : '',
  ]
    .filter(Boolean)
    .join('; ');
  if (!spends) return { text: join([`A refresh sends no request${free ? ` (${free})` : ''}.`, ...notes]), confirm: null, spends };

  // Past the searches left (pacing.ts), a handful looks for keywords the service has cached.
  const asking = 'asking for keywords the service may have cached (no search; more go if it has some)';
  const parts = [
    searches ? `${formatCount(searches)} of them new searches (each may use a fresh search)` : '',
    probes ? `${formatCount(probes)}${searches ? '' : ' of them'} ${asking}` : '',
    estimate.usageReads ? (searches || probes ? 'one read of what is left today' : 'one of them a read of what is left today') : '',
  ].filter(Boolean);
  const sends = `A refresh sends at most ${plural(requests, 'request', 'requests')}${parts.length ? `, ${listed(parts)}` : ''}${free ? `; ${free}` : ''}.`;
  // The searches the formulas have to make, sent or not: more than are left, and cells will wait for the reset.
  const against = compare(requests, searches + probes + waiting, last, yours, now);
  return { text: join([sends, against.text, ...notes]), confirm: against.confirm, spends };
}

/** The sentence about what is left, and the question when the refresh may need more. */
function compare(
  requests: number,
  searches: number,
  last: UsageRead | null,
  yours: boolean,
  now: Date,
): { text: string; confirm: string | null } {
  if (!yours) return { text: "Formulas here spend another account's allowance; the bars above are yours.", confirm: null };
  if (!last) return { text: 'Refresh usage above to compare with what is left.', confirm: null };
  const when = readWhen(last.readAt, now) ?? 'read earlier';
  if (readBeforeReset(last, now)) {
    return { text: `Usage was ${when}, before the allowance reset: Refresh usage to compare.`, confirm: null };
  }
  const left = allowanceLeft(last);
  const parts = [
    left.searches === null ? '' : plural(left.searches, 'fresh search', 'fresh searches'),
    left.calls === null ? '' : plural(left.calls, 'API call', 'API calls'),
  ].filter(Boolean);
  if (!parts.length) return { text: '', confirm: null };
  const old = now.getTime() - Date.parse(last.readAt) > OLD_MS ? ' (old: Refresh usage for current figures)' : '';
  // The server adds to the read what this document sent since (usage-panel.ts): say so.
  const since = last.spentSince?.requests ? `${when}, less what this document sent since` : null;
  const text = `${since ? `Left now (${since})` : `Left when ${when}`}${old}: ${parts.join(', ')}.`;
  const short = shortfall(requests, searches, last, now);
  const needs = !short
    ? null
    : short.kind === 'searches'
      ? `has ${plural(short.needed, 'new search', 'new searches')} to make, and ${plural(short.left, 'fresh search is', 'fresh searches are')} left`
      : `may send up to ${plural(short.needed, 'request', 'requests')}, and ${plural(short.left, 'API call is', 'API calls are')} left`;
  const confirm = needs
    ? `This refresh ${needs} (${since ?? when}). Cells past the limit will say "Daily limit reached". Refresh anyway?`
    : null;
  return { text, confirm };
}

function unknownText(estimate: RefreshEstimate): string {
  const { unknownCalls: n, unknownCells: cells } = estimate;
  if (!n) return '';
  return `${plural(n, 'call', 'calls')} (${cells.join(', ')}${n > cells.length ? ', …' : ''}) ${n === 1 ? 'passes' : 'pass'} an expression the estimate cannot read, so ${n === 1 ? 'it is' : 'they are'} not counted.`;
}

function join(sentences: string[]): string {
  return sentences.filter(Boolean).join(' ');
}

/** "a", "a and b", "a, b and c". */
function listed(items: string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}
