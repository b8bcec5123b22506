/**
 * Refresh all formulas, run: from the menu, the sidebar (its button, and after a new key), and wherever a
 * cell says to run it (a daily limit's row, the time budget). It plans (spending/refresh-plan.ts), sends
 * the plan's lookups itself with the formulas' key, one wave each (what it counted, nothing more), keeps
 * the answers the formulas use (spending/refresh-keep.ts), then makes Sheets run again exactly the cells
 * whose answers are all in the cache now (spending/refresh-outcome.ts). Every other cell keeps its
 * arguments, so Sheets keeps showing what it shows.
 */
import type { RefreshView } from '../../shared/sidebar-api';
import { createBudget } from '../execution/time-budget';
import { lookupPacked } from '../lookup/packed-lookup';
import { lookupAll, type Answer } from '../lookup/pipeline';
import type { Json } from '../shape/shape';
import { refreshOurFormulas } from '../spreadsheet/addon-formulas';
import { giveLeftToGuard, keyOf, planRefresh, type PlannedFetch, type RefreshPlan } from '../spending/refresh-plan';
import { keepTheirAnswers } from '../spending/refresh-keep';
import { refreshOutcome } from '../spending/refresh-outcome';
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
  if (plan.probe) send(plan.probe.fetch);
  const outcome = refreshOutcome(plan, new Map([...answers].map(([key, answer]) => [key, came(answer)])));
  keepTheirAnswers(plan, fetchedData(answers));
  // Formulas fetching for themselves pace by the guard: tell it what the kept read said is left.
  if (plan.paced.length) giveLeftToGuard(plan);
  const ran = refreshOurFormulas(spreadsheet, outcome.runsAgain);
  return { ...ran, waiting: outcome.waiting, waitingFor: outcome.waitingFor, resetAt: outcome.resetAt, requests, freshSearches };
}

/** Whether an answer came: a "not found" is an answer too. */
function came(answer: Answer): boolean {
  return answer.ok || answer.error.kind === 'not-found';
}

/** The answers fetched now (not kept ones a limit put in their place), by cache key. */
function fetchedData(answers: Map<string, Answer>): Map<string, Json> {
  const data = new Map<string, Json>();
  for (const [key, answer] of answers) if (answer.ok && !answer.kept) data.set(key, answer.data);
  return data;
}
