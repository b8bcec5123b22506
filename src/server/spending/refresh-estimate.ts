/**
 * What "Refresh all formulas" would do and spend, as the sidebar shows it before the click: the refresh's
 * own plan (refresh-plan.ts: every call of the add-on's functions in this spreadsheet, dry-run through
 * the lookup, chosen within what is left), so the estimate is what the refresh sends. Without a current
 * usage read it says the refresh reads what is left first; asked to, it reads it now (one request), and
 * then counts exactly. Each count also keeps the answers the cache holds (refresh-keep.ts).
 */
import type { RefreshEstimate } from '../../shared/sidebar-api';
import { readOwnApiKey } from '../settings/lookup-settings';
import { formulaKeyHere } from '../settings/formula-key';
import { ENDPOINTS, type Endpoint } from '../service/endpoints';
import { asksFirst } from './allowance';
import { keyOf, planRefresh, type RefreshPlan } from './refresh-plan';
import { keepTheirAnswers } from './refresh-keep';

/**
 * What Refresh all formulas would send and which cells it would leave as they are.
 * @param readUsage read what is left now when no current read says it (one request); else no request
 */
export function estimateRefresh(readUsage = false): RefreshEstimate {
  const plan = planRefresh(readUsage);
  // The sidebar counts often (opening, coming back to it): the answers the cache holds are kept then,
  // for a formula Sheets runs again on a day they cannot be fetched.
  keepTheirAnswers(plan, new Map());
  const endpoints = plan.noKey
    ? []
    : (Object.values(ENDPOINTS) as Endpoint[]).flatMap((e) => {
        const queries =
          (plan.perEndpoint.get(e) ?? 0) +
          (plan.probe?.fetch.endpoint === e ? 1 : 0) +
          (e === ENDPOINTS.usage ? plan.usageFormulaReads : 0);
        return queries ? [{ path: e.path, queries, searches: e.searches === true }] : [];
      });
  // Searches not sent now (and not held back by the guard: those are counted apart): those of the cells
  // left as they are (but the one asked for), and those the cells fetching for themselves leave.
  const uncachedSearches = (cells: typeof plan.cells) =>
    new Set(
      cells.flatMap((cell) =>
        cell.calls.flatMap((call) =>
          call.endpoint.searches
            ? call.subjects.map((s) => keyOf(call.endpoint, s)).filter((key) => !plan.run.cached.has(key) && !plan.run.hold(key))
            : [],
        ),
      ),
    ).size;
  const pacedLeft = Math.max(0, uncachedSearches(plan.paced) - plan.pacedSends);
  const waiting = Math.max(0, uncachedSearches(plan.waiting) - (plan.probe ? 1 : 0)) + pacedLeft;
  return {
    formulaCells: plan.formulaCells,
    endpoints,
    requests: plan.requests,
    usageReads: plan.readsUsage ? 1 : 0,
    freshSearches: plan.freshSearches,
    probes: plan.probes,
    waiting,
    cellsRerun: plan.rerun.length,
    cellsInPart: plan.pacedShort,
    cellsWaiting: plan.waiting.length,
    waitingFor: plan.waitingFor,
    resetAt: plan.resetAt === null ? null : new Date(plan.resetAt).toISOString(),
    cached: plan.cached,
    heldBack: plan.heldBack,
    noKey: plan.noKey,
    unknownCalls: plan.unknownCalls,
    unknownCells: plan.unknownCells,
    noKeyCells: plan.noKeyCells,
    errorCells: plan.errorCells,
  };
}

/**
 * Whether the menu's Refresh all formulas asks first (opens the sidebar's estimate) instead of running:
 * the sidebar's test (allowance-rules.ts, asksFirst, as src/sidebar/estimate-model.ts applies it), on
 * the formulas' key when it is the viewer's own. Another's key is not the viewer's to ration.
 * @param plan the refresh's plan, made just now
 */
export function refreshAsksFirst(plan: RefreshPlan): boolean {
  const own = readOwnApiKey();
  if (!own || formulaKeyHere().apiKey !== own) return false;
  return asksFirst({
    freshSearches: plan.freshSearches,
    cellsWaiting: plan.waiting.length,
    cellsInPart: plan.pacedShort,
    waitingFor: plan.waitingFor,
  });
}
