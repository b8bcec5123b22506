/**
 * What "Refresh all formulas" could spend, against what is left at the last usage read, and whether to
 * ask before refreshing (pure, so it is unit-tested). The server counts; this words it.
 */
import type { RefreshEstimate, UsageRead } from '../shared/sidebar-api';
import { formatCount, plural, readWhen } from './format';
import { allowanceLeft, asksFirst, readBeforeReset } from '../shared/allowance-rules';
import { waitText } from '../shared/refresh-words';

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
  const { requests, freshSearches: searches, cached, heldBack, probes } = estimate;
  const spends = requests > 0;
  const notes = [unknownText(estimate)];
  if (estimate.formulaCells === 0) return { text: '', confirm: null, spends: false };
  if (estimate.noKey) {
    return {
      text: join([
        `No key reaches these formulas: a refresh sends nothing${estimate.cellsWaiting ? ', and cells keep what they show' : ''}.`,
        ...notes,
      ]),
      confirm: null,
      spends: false,
    };
  }
  const free = [
    cached ? `${plural(cached, 'answer is', 'answers are')} cached` : '',
    heldBack ? `${formatCount(heldBack)} held back by a daily limit until it resets` : '',
  ]
    .filter(Boolean)
    .join('; ');
  // What runs again and what is left as it is: a cell that cannot be answered now keeps what it shows;
  // a new one fetches what it can, its other rows saying when they are fetched.
  const { cellsRerun: rerun, cellsInPart: inPart, cellsWaiting: waits } = estimate;
  const cells =
    waits || inPart
      ? `${[
          rerun
            ? `${plural(rerun, 'formula cell runs', 'formula cells run')} again${inPart ? ` (${formatCount(inPart)} of them in part: their other rows say when they are fetched)` : ''}`
            : '',
          waits
            ? `${plural(waits, 'formula cell keeps', 'formula cells keep')} what ${waits === 1 ? 'it shows' : 'they show'} ${waitText(estimate.waitingFor, estimate.resetAt)}`
            : '',
        ]
          .filter(Boolean)
          .join('; ')}.`
      : '';
  if (!spends) return { text: join([`A refresh sends no request${free ? ` (${free})` : ''}.`, cells, ...notes]), confirm: null, spends };

  // Without a current read of what is left, the refresh reads it first, then sends no more than is left.
  const atMost = estimate.usageReads ? 'at most ' : '';
  const asking = 'asking for a keyword the service may have cached (no search)';
  const parts = [
    searches ? `${formatCount(searches)} of them new searches (each may use a fresh search)` : '',
    probes ? `${formatCount(probes)}${searches ? '' : ' of them'} ${asking}` : '',
    estimate.usageReads ? (searches || probes ? 'one read of what is left today' : 'one of them a read of what is left today') : '',
  ].filter(Boolean);
  const sends = `A refresh sends ${atMost}${plural(requests, 'request', 'requests')}${parts.length ? `, ${listed(parts)}` : ''}${free ? `; ${free}` : ''}.`;
  const against = compare(last, yours, now);
  // Asked only when the click would spend the last fresh searches on part of the sheet.
  const confirm =
    yours && asksFirst(estimate)
      ? `This refresh uses ${plural(searches, 'fresh search', 'fresh searches')} and cannot answer every cell now: ${cells} Refresh anyway?`
      : null;
  return { text: join([sends, cells, against, ...notes]), confirm, spends };
}

/** The sentence about what is left. */
function compare(last: UsageRead | null, yours: boolean, now: Date): string {
  if (!yours) return "Formulas here spend another account's allowance; the bars above are yours.";
  if (!last) return 'Refresh usage above to compare with what is left.';
  const when = readWhen(last.readAt, now) ?? 'read earlier';
  if (readBeforeReset(last, now)) return `Usage was ${when}, before the allowance reset: the refresh reads it again first.`;
  const left = allowanceLeft(last);
  const parts = [
    left.searches === null ? '' : plural(left.searches, 'fresh search', 'fresh searches'),
    left.calls === null ? '' : plural(left.calls, 'API call', 'API calls'),
  ].filter(Boolean);
  if (!parts.length) return '';
  const old = now.getTime() - Date.parse(last.readAt) > OLD_MS ? ' (old: Refresh usage for current figures)' : '';
  // The server adds to the read what this document sent since (usage-panel.ts): say so.
  const since = last.spentSince?.requests ? `${when}, less what this document sent since` : null;
  return `${since ? `Left now (${since})` : `Left when ${when}`}${old}: ${parts.join(', ')}.`;
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
