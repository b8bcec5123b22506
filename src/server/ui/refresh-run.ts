/**
 * Refresh all formulas, run: from the menu, the sidebar (its button, and after a new key), and wherever a
 * cell says to run it (a daily limit's row, the time budget). It plans (refresh-plan.ts), sends the plan's
 * lookups itself with the formulas' key, one wave each (what it counted, nothing more), keeps the answers
 * the formulas use (cache/kept-answers.ts), then makes Sheets run again exactly the cells whose answers
 * are all in the cache now. Every other cell keeps its arguments, so Sheets keeps showing what it shows.
 */
import type { RefreshView } from '../../shared/sidebar-api';
import { keepAnswers, type KeptAnswer } from '../cache/kept-answers';
import { CACHE_TTL_S } from '../cache/cache-store';
import { updateGuardOf } from '../cache/limit-guard';
import { guardAfterRead } from '../lookup/pacing';
import { createBudget } from '../core/budget';
import { readLookupSettings } from '../core/lookup-settings';
import { lookupPacked } from '../lookup/packed-lookup';
import { lookupAll, type Answer } from '../lookup/pipeline';
import { ENDPOINTS } from '../service/endpoints';
import { findScore, type Json } from '../shape/shape';
import { refreshOurFormulas } from '../spreadsheet/addon-formulas';
import { keyOf, planRefresh, SCORE_FUNCTIONS, type PlannedCell, type PlannedFetch, type RefreshPlan } from './refresh-plan';

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
  const send = (fetch: PlannedFetch): void => {
    // One wave: the plan counted it within what is left (a formula's lookup paces instead).
    const result = fetch.packed
      ? lookupPacked(fetch.endpoint, fetch.subjects, budget, { paced: false })
      : lookupAll(fetch.endpoint, fetch.subjects, budget, 'formula', { paced: false });
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
  keepTheirAnswers(plan, answers);
  // Formulas fetching for themselves pace by the guard: tell it what the kept read said is left.
  const left = plan.leftFromRead;
  if (plan.paced.length && left) {
    updateGuardOf(left.apiKey, (guard) =>
      guardAfterRead(guard, { fresh: left.fresh, calls: left.calls, resetAt: left.resetAt }, Date.now()),
    );
  }
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

/**
 * Keeps the answers of every formula cell's queries (cache/kept-answers.ts): those fetched now, and those
 * the cache held; an answer only score functions read is kept as its score alone. The refresh keeps
 * them, and so does the sidebar each time it counts what a refresh would send (estimate-panel.ts).
 * @param plan the plan, with the cache as read
 * @param fetched the answers fetched now, by cache key
 */
export function keepTheirAnswers(plan: RefreshPlan, fetched: Map<string, Answer>): void {
  const now = Date.now();
  const scoresOnly = new Map<string, string[] | null>(); // each query: the score's preferred names, or null when more is read
  for (const cell of plan.cells) {
    for (const call of cell.calls) {
      if (call.endpoint === ENDPOINTS.usage) continue;
      const preferred = SCORE_FUNCTIONS[call.name] ?? null;
      for (const s of call.subjects) {
        const key = keyOf(call.endpoint, s);
        scoresOnly.set(key, scoresOnly.has(key) && scoresOnly.get(key) === null ? null : preferred);
      }
    }
  }
  const fromPacks = new Map<string, { data: Json; fetchedAt: number }>();
  for (const cell of plan.cells) {
    for (const call of cell.calls) {
      if (!call.packed) continue;
      for (const pack of plan.run.packs.values()) {
        if (!pack) continue;
        for (const s of call.subjects) {
          const data = pack.answers.get(s);
          if (data !== undefined) fromPacks.set(keyOf(call.endpoint, s), { data, fetchedAt: pack.fetchedAt });
        }
      }
    }
  }
  const keep = new Map<string, KeptAnswer>();
  for (const [key, preferred] of scoresOnly) {
    const cached = plan.run.found.get(key);
    const answer = fetched.get(key);
    const found =
      cached?.kind === 'data'
        ? { data: cached.data, fetchedAt: now, earliest: now - CACHE_TTL_S * 1000 }
        : (fromPacks.get(key) ?? (answer?.ok && !answer.kept ? { data: answer.data, fetchedAt: now } : undefined));
    if (!found) continue;
    const score = preferred ? scoreAlone(found.data, preferred) : null;
    keep.set(key, { ...found, data: score ?? found.data, scoreOnly: score !== null });
  }
  keepAnswers(keep, readLookupSettings('formula').baseUrl);
}

/** An answer with its score alone (its other fields left out), or null when no one score is found. */
function scoreAlone(data: Json, preferred: string[]): Json | null {
  const found = findScore(data, preferred);
  if (!found.ok) return null;
  const parts = found.path.split('.');
  let out: Json = found.value;
  for (let i = parts.length - 1; i >= 0; i--) out = { [parts[i] as string]: out };
  return out;
}
