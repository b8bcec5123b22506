/**
 * What "Refresh all formulas" could spend, worked out without a request: every call of the add-on's
 * functions in this spreadsheet, its subject argument read as Sheets would pass it and normalised as
 * the functions do, then dry-run through the lookup (spending/dry-run.ts: the same cache keys, packs and
 * stamp as the formulas, and the daily-limit guard, which holds back what a limit refused). Each distinct
 * query left is at most one request, and at most one fresh search on a searching endpoint; a range
 * formula with more than a handful left reads what is left first (spending/pacing.ts), one request more.
 */
import type { RefreshEstimate } from '../../shared/sidebar-api';
import { PAST_LIMIT_HANDFUL, type Guard } from './limit-guard';
import { answerKey } from '../cache/keys';
import { findOurFormulas } from '../spreadsheet/addon-formulas';
import { readSubject } from '../core/input';
import { LEADS } from '../core/errors';
import { readsUsageFirst } from './pacing';
import { currentUsageReadAt, todaysSpendKeys } from './spend-log';
import { dryRun } from './dry-run';
import { ENDPOINTS, type Endpoint } from '../service/endpoints';
import { ArgumentReader } from '../spreadsheet/argument-values';
import { callsIn, type CustomFunctionName } from '../spreadsheet/formula-calls';
import { formulaKeyHere } from '../core/formula-key';
import { allowanceLeft, readBeforeReset } from './allowance';
import { capToAllowance, type Known } from './refresh-cap';
import { currentUsage } from './usage-read';
import { capRoomToday } from './spend-settings';
import { openStore } from '../spreadsheet/spreadsheet-store';

/**
 * The endpoint each function asks (its first argument is the subject when the endpoint takes one). Names,
 * not the objects, so that the formulas' bundle, which never calls this module, can leave it out.
 */
const ENDPOINT_OF: Record<CustomFunctionName, keyof typeof ENDPOINTS> = {
  SEARCH_TREND: 'trend',
  SEARCH_SCORE: 'trend',
  SEARCH_COMPARE: 'trend',
  SHARE_OF_SEARCH: 'trend',
  SEARCH_SEASONALITY: 'trend',
  BRAND_SCORE: 'brand',
  BRAND_PROFILE: 'brand',
  COMPANY_PROFILE: 'company',
  MARKET_ANALYSIS: 'markets',
  AI_INDUSTRIES: 'industries',
  RANKING_OVERVIEW: 'ranking',
  RANKING_LIST: 'rankingList',
  API_USAGE: 'usage',
};

/** What a cell whose custom function threw shows (its message shows on hover only). */
const FORMULA_ERROR = '#ERROR!';

/** Cells named when some calls cannot be read: enough to find them. */
const MAX_UNKNOWN_CELLS = 3;

/** What Refresh all formulas could spend in this spreadsheet (no request). */
export function estimateRefresh(): RefreshEstimate {
  const { queries, ranges, lookups, formulaCells, unknownCalls, unknownCells, noKeyCells, errorCells } = collectQueries(
    SpreadsheetApp.getActiveSpreadsheet(),
  );
  const formulaKey = formulaKeyHere();
  const noKey = formulaKey.source === 'none';
  const now = Date.now();
  // One round trip, as a formula's: the answers, the packs, the formulas' config entry (their stamp), the
  // guard (the formulas' key's, when it is known here), and the spend log (what API_USAGE's cached read is
  // compared with).
  const run = dryRun({
    queries: [...queries].flatMap(([endpoint, subjects]) => [...subjects].map((subject) => ({ endpoint, subject }))),
    ranges,
    payer: 'formula',
    guardOf: { apiKey: formulaKey.apiKey },
    alsoRead: todaysSpendKeys(now),
  });
  const { guard, hold } = run;
  const cached = new Set(run.cached);
  const toSend = [...run.toSend];
  const held = new Map(run.held);
  // API_USAGE reads /usage again when this document spent after its cached read (lookup/usage-lookup.ts),
  // and so after what this refresh sends, when it runs after that: at most one read.
  const usageKey = answerKey(ENDPOINTS.usage.path, undefined);
  const usage = run.found.get(usageKey);
  if (cached.has(usageKey) && (toSend.length || !currentUsageReadAt(usage?.kind === 'data' ? usage.data : undefined, run.heads, now))) {
    cached.delete(usageKey);
    const why = hold(usageKey);
    if (why) held.set(usageKey, why);
    else toSend.push(usageKey);
  }
  const keys = run.endpoints;
  const perEndpoint = new Map<Endpoint, number>();
  for (const key of toSend) {
    const endpoint = keys.get(key);
    if (endpoint) perEndpoint.set(endpoint, (perEndpoint.get(endpoint) ?? 0) + 1);
  }
  const endpoints = noKey
    ? []
    : (Object.values(ENDPOINTS) as Endpoint[]).flatMap((e) =>
        perEndpoint.get(e) ? [{ path: e.path, queries: perEndpoint.get(e) ?? 0, searches: e.searches === true }] : [],
      );
  // A range with more than a handful left reads /usage first; the guard keeps that read for the ones after it.
  const left = new Set(toSend);
  const readsUsage = ranges.some(({ endpoint, subjects }) =>
    readsUsageFirst(guard, subjects.filter((s) => left.has(answerKey(endpoint.path, s))).length, endpoint.searches === true),
  );
  const usageReads = !noKey && readsUsage ? 1 : 0;
  // What is left caps what the formulas send (pacing.ts): searches past it wait for the reset.
  const searches = endpoints.reduce((n, e) => n + (e.searches ? e.queries : 0), 0);
  const searchFormulas = lookups.filter(
    (l) => l.endpoint.searches && l.subjects.some((s) => left.has(answerKey(l.endpoint.path, s))),
  ).length;
  const counted = { searches, searchFormulas, others: endpoints.reduce((n, e) => n + e.queries, 0) - searches, usageReads };
  // And what this spreadsheet's own cap leaves today: past it, the formulas send no search.
  const known = { ...knownLeft(guard, formulaKey.apiKey, now), capLeft: capRoomToday(openStore(), now) };
  const capped = capToAllowance(counted, known);
  return {
    formulaCells,
    endpoints,
    requests: capped.requests,
    usageReads,
    freshSearches: capped.freshSearches,
    probes: capped.probes,
    waiting: capped.waiting,
    ...(capped.capped ? { capped: true as const } : {}),
    cached: cached.size,
    heldBack: held.size,
    noKey,
    unknownCalls,
    unknownCells,
    noKeyCells,
    errorCells,
  };
}

/**
 * What is known to be left of the formulas' key's allowance, without a request: the guard (a limit known
 * spent, a read of the last minute counted down), else the viewer's last usage read when it is that key's
 * (plus what this document sent since: usage-read.ts).
 * @param guard the formulas' key's guard, if any
 * @param apiKey the formulas' key, if known here
 * @param now the time (ms)
 */
function knownLeft(guard: Guard | null, apiKey: string | undefined, now: number): Known {
  const probes = guard?.freshUntil ? Math.max(0, PAST_LIMIT_HANDFUL - guard.past) : PAST_LIMIT_HANDFUL;
  if (guard?.callsUntil) return { fresh: 0, calls: 0, probes };
  if (guard?.freshUntil) return { fresh: 0, calls: guard.left?.calls ?? null, probes };
  if (guard?.left) return { fresh: guard.left.fresh, calls: guard.left.calls, probes };
  const read = apiKey ? currentUsage(apiKey) : null;
  if (!read || readBeforeReset(read, new Date(now))) return { fresh: null, calls: null, probes };
  const left = allowanceLeft(read);
  return { fresh: left.searches, calls: left.calls, probes };
}

/** The distinct normalised subjects per endpoint in the spreadsheet's formulas, and the calls that cannot be read. */
function collectQueries(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): {
  queries: Map<Endpoint, Set<string>>;
  /** Each range call's distinct subjects, in order: the packs it keeps its answers in. */
  ranges: { endpoint: Endpoint; subjects: string[] }[];
  /** Every call's distinct subjects: each call is a lookup of its own. */
  lookups: { endpoint: Endpoint; subjects: string[] }[];
  formulaCells: number;
  unknownCalls: number;
  unknownCells: string[];
  /** Cells whose value says "No API key" (a range's rows). */
  noKeyCells: number;
  /** Formula cells of ours showing #ERROR! (the message, "No API key" or another, shows on hover only). */
  errorCells: number;
} {
  const reader = new ArgumentReader(spreadsheet);
  const queries = new Map<Endpoint, Set<string>>();
  const ranges: { endpoint: Endpoint; subjects: string[] }[] = [];
  const lookups: { endpoint: Endpoint; subjects: string[] }[] = [];
  const unknownCells: string[] = [];
  let formulaCells = 0;
  let unknownCalls = 0;
  let noKeyCells = 0;
  let errorCells = 0;
  for (const { sheet, cells } of findOurFormulas(spreadsheet)) {
    // What the cells show now is the truth of what they said (one read per sheet with formulas of ours).
    const values = cells.length ? sheet.getDataRange().getValues() : [];
    for (const row of values) for (const value of row) if (typeof value === 'string' && value.startsWith(LEADS.noKey)) noKeyCells++;
    for (const cell of cells) if (values[cell.row - 1]?.[cell.column - 1] === FORMULA_ERROR) errorCells++;
    for (const cell of cells) {
      formulaCells++;
      for (const call of callsIn(cell.formula)) {
        const endpoint: Endpoint = ENDPOINTS[ENDPOINT_OF[call.name]];
        const subjects = subjectsOf(endpoint, call.args[0] ?? '', sheet, reader);
        if (subjects) {
          const set = queries.get(endpoint) ?? new Set<string>();
          for (const subject of subjects) set.add(subject);
          queries.set(endpoint, set);
          const distinct = [...new Set(subjects)];
          if (distinct.length > 1) ranges.push({ endpoint, subjects: distinct });
          lookups.push({ endpoint, subjects: distinct });
          continue;
        }
        unknownCalls++;
        const where = `${sheet.getName()}!${sheet.getRange(cell.row, cell.column).getA1Notation()}`;
        if (unknownCells.length < MAX_UNKNOWN_CELLS && !unknownCells.includes(where)) unknownCells.push(where);
      }
    }
  }
  return { queries, ranges, lookups, formulaCells, unknownCalls, unknownCells, noKeyCells, errorCells };
}

/**
 * The normalised subjects one call asks for ('' for an endpoint without one); blanks and bad input send
 * nothing, so they are left out. Null when the argument cannot be read.
 */
function subjectsOf(
  endpoint: Endpoint,
  argument: string,
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  reader: ArgumentReader,
): string[] | null {
  if (!endpoint.param) return [''];
  const read = reader.read(argument, sheet);
  if (!read.known) return null;
  const kind = endpoint.param.kind;
  return read.values.flatMap((value) => {
    const subject = readSubject(value, kind);
    return subject.kind === 'ok' ? [subject.value] : [];
  });
}
