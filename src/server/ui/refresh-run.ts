/**
 * Refresh all formulas, run: from the menu, the sidebar (its button, and after a new key), and wherever a
 * cell says to run it (a daily limit's row, the time budget). It plans (spending/refresh-plan.ts), sends the plan's
 * lookups itself with the formulas' key, one wave each (what it counted, nothing more), keeps the answers
 * the formulas use (cache/kept-answers.ts), then makes Sheets run again exactly the cells whose answers
 * are all in the cache now. Every other cell keeps its arguments, so Sheets keeps showing what it shows.
 */
import type { RefreshView } from '../../shared/sidebar-api';
import { createBudget } from '../core/time-budget';
import { lookupPacked } from '../lookup/packed-lookup';
import { lookupAll, type Answer } from '../lookup/pipeline';
import { ENDPOINTS } from '../service/endpoints';
import type { Json } from '../shape/shape';
import { refreshOurFormulas } from '../spreadsheet/addon-formulas';
import { giveLeftToGuard, keyOf, planRefresh, type PlannedCell, type PlannedFetch, type RefreshPlan } from '../spending/refresh-plan';
import { keepTheirAnswers } from '../spending/refresh-keep';
import { sendingFor } from '../spending/request-log';

/** A menu or sidebar call has Google's 6 minutes: fetch within 5, then rewrite the formulas. */
const REFRESH_LIMIT_MS = 300_000;

/**
 * Refreshes what can be answered now and leaves every other formula cell showing what it shows.
 * @param plan the plan, when the caller made it just now (the menu, deciding whether to ask first)
 * @returns what ran again, what waits and until when, and what was sent (the plan's usage read included)
 */
export function refreshFormulas(plan: RefreshPlan = planRefresh(true)): RefreshView {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const budget = createBudget(REFRESH_LIMIT_MS);
  const answers = new Map<string, Answer>();
  let requests = plan.readUsageNow ? 1 : 0;
  let freshSearches = 0;
  sendingFor('Refresh all formulas');
  const send = (fetch: PlannedFetch): void => {
    // One wave: the plan counted it within what is left (a formula's lookup paces instead); the action's batch.
    const result = fetch.packed
      ? lookupPacked(fetch.endpoint, fetch.subjects, budget, { paced: false, action: true })
      : lookupAll(fetch.endpoint, fetch.subjects, budget, 'formula', { paced: false, action: true });
    requests += result.stats.requests;
    freshSearches += result.stats.freshSearches;
    for (const [subject, answer] of result.answers) answers.set(keyOf(fetch.endpoint, subject), answer);
  };
  plan.fetches.forEach(send);
  const rerun = new Set(plan.rerun);
  const waiting = new Set(plan.waiting);
  if (plan.probe) {
    send(plan.probe.fetch);
    if (answeredNow(plan.probe.cell, answers)) {
      rerun.add(plan.probe.cell);
      waiting.delete(plan.probe.cell);
    }
  }
  // A cell whose answer did not come (a refusal, the service down, the time budget) keeps what it shows;
  // one that shows no answer yet runs anyway, with what came (its other rows say why they wait).
  for (const cell of rerun) {
    if (!cell.showsAnswer || answeredNow(cell, answers)) continue;
    rerun.delete(cell);
    waiting.add(cell);
  }
  keepTheirAnswers(plan, fetchedData(answers));
  // Formulas fetching for themselves pace by the guard: tell it what the kept read said is left.
  if (plan.paced.length) giveLeftToGuard(plan);
  const ids = new Set([...rerun].map(cellId));
  const ran = refreshOurFormulas(spreadsheet, (sheet, cell) => ids.has(cellId({ sheet, ...cell })));
  const waits = plan.cells.filter((cell) => waiting.has(cell)).length;
  return {
    ...ran,
    waiting: waits,
    waitingFor: waits ? (plan.waitingFor ?? 'fresh searches') : null,
    resetAt: waits && plan.resetAt !== null ? new Date(plan.resetAt).toISOString() : null,
    requests,
    freshSearches,
  };
}

/** A cell as refreshOurFormulas names it. */
function cellId(cell: Pick<PlannedCell, 'sheet' | 'row' | 'column'>): string {
  return `${cell.sheet.getSheetId()}:${cell.row}:${cell.column}`;
}

/**
 * Whether every answer a cell needs is in the cache now: those the refresh fetched came (a "not found"
 * is an answer too); the others the plan found cached.
 */
function answeredNow(cell: PlannedCell, answers: Map<string, Answer>): boolean {
  return cell.calls.every(
    (call) =>
      call.endpoint === ENDPOINTS.usage ||
      call.subjects.every((s) => {
        const answer = answers.get(keyOf(call.endpoint, s));
        return !answer || answer.ok || answer.error.kind === 'not-found';
      }),
  );
}

/** The answers fetched now (not kept ones a limit put in their place), by cache key. */
function fetchedData(answers: Map<string, Answer>): Map<string, Json> {
  const data = new Map<string, Json>();
  for (const [key, answer] of answers) if (answer.ok && !answer.kept) data.set(key, answer.data);
  return data;
}
