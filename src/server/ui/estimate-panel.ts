/**
 * What "Refresh all formulas" could spend, worked out without a request: every call of the add-on's
 * functions in this spreadsheet, its subject argument read as Sheets would pass it and normalised as
 * the functions do, then looked up under the same cache keys and stamp as the formulas (lookup/pipeline.ts)
 * and checked against the daily-limit guard, which holds back what a limit refused. Each distinct
 * query left is at most one request, and at most one fresh search on a searching endpoint; a range
 * formula with more than a handful left reads what is left first (lookup/pacing.ts), one request more.
 */
import type { RefreshEstimate } from '../../shared/sidebar-api';
import { readLookupConfig } from '../cache/config-entry';
import { fingerprint, GUARD_KEY, heldBack, PAST_LIMIT_HANDFUL, readGuard, type Guard } from '../cache/limit-guard';
import { answerKey, CONFIG_KEY, stampOf } from '../cache/keys';
import { packGroups, readPack } from '../cache/pack';
import { getAll, openCache } from '../cache/cache-store';
import { findOurFormulas } from '../spreadsheet/addon-formulas';
import { readSubject } from '../core/input';
import { LEADS } from '../core/errors';
import { readsUsageFirst } from '../lookup/pacing';
import { currentUsageReadAt } from '../lookup/usage-lookup';
import { todaysSpendKeys } from '../cache/spend';
import { readState } from '../lookup/pipeline';
import { ENDPOINTS, type Endpoint } from '../service/endpoints';
import { readLookupSettings } from '../core/lookup-settings';
import { ArgumentReader } from './argument-values';
import { callsIn, type CustomFunctionName } from './formula-calls';
import { formulaKeyHere } from './settings-panel';
import { allowanceLeft, readBeforeReset } from '../lookup/allowance';
import { capToAllowance, type Known } from './estimate-allowance';
import { currentUsage } from './usage-panel';

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
  const keys = new Map<string, Endpoint>();
  for (const [endpoint, subjects] of queries) {
    for (const subject of subjects) keys.set(answerKey(endpoint.path, endpoint.param ? subject : undefined), endpoint);
  }
  // The packs range formulas keep their answers in (lookup/packed-lookup.ts), keyed as they key them.
  const packs = new Map<string, { endpoint: Endpoint; subjects: string[] }>();
  for (const { endpoint, subjects } of ranges) {
    for (const group of packGroups(endpoint.path, subjects)) packs.set(group.key, { endpoint, subjects: group.subjects });
  }

  // One round trip, as a formula's: the answers, the packs, the formulas' config entry (their stamp), the
  // guard, and the spend log (what API_USAGE's cached read is compared with).
  const cache = openCache();
  const now = Date.now();
  const heads = getAll(cache, [CONFIG_KEY, GUARD_KEY, ...packs.keys(), ...keys.keys(), ...todaysSpendKeys(now)]);
  const known = readLookupConfig(heads[CONFIG_KEY]) ?? readLookupSettings('user');
  const ids = new Map([...packs.keys(), ...keys.keys()].map((key) => [key, key] as const));
  const found = readState(cache, heads, ids, stampOf(known.generation, known.baseUrl));
  const packed = new Set<string>();
  for (const [key, { endpoint, subjects }] of packs) {
    const entry = found.found.get(key);
    const pack = entry?.kind === 'data' ? readPack(entry.data, Date.now()) : null;
    for (const subject of subjects) {
      if (pack?.answers.has(subject) || pack?.notFound.has(subject)) packed.add(answerKey(endpoint.path, subject));
    }
  }
  const inPack = (key: string) => packed.has(key) && keys.has(key);
  const state = {
    found: new Set([...found.found.keys(), ...packed].filter((key) => keys.has(key))),
    missing: found.missing.filter((key) => keys.has(key) && !inPack(key)),
    pending: found.pending.filter((key) => keys.has(key) && !inPack(key)),
  };

  // The guard belongs to one key: it says something only when the formulas' key is known here.
  const formulaKey = formulaKeyHere();
  const guard = formulaKey.apiKey ? readGuard(heads[GUARD_KEY], fingerprint(formulaKey.apiKey), Date.now()) : null;
  const noKey = formulaKey.source === 'none';
  // API_USAGE reads /usage again when this document spent after its cached read (lookup/usage-lookup.ts),
  // and so after what this refresh sends, when it runs after that: at most one read.
  const usageKey = answerKey(ENDPOINTS.usage.path, undefined);
  const usage = found.found.get(usageKey);
  // Once the searches are spent and the handful refused, every search is held (limit-guard.ts).
  const held = (key: string) => heldBack(guard, key, keys.get(key)?.searches === true);
  const sends = [...state.missing, ...state.pending].some((key) => !held(key));
  if (state.found.has(usageKey) && (sends || !currentUsageReadAt(usage?.kind === 'data' ? usage.data : undefined, heads, now))) {
    state.found.delete(usageKey);
    state.missing.push(usageKey);
  }
  const perEndpoint = new Map<Endpoint, number>();
  let heldCount = 0;
  for (const key of [...state.missing, ...state.pending]) {
    if (held(key)) {
      heldCount++;
      continue;
    }
    const endpoint = keys.get(key);
    if (endpoint) perEndpoint.set(endpoint, (perEndpoint.get(endpoint) ?? 0) + 1);
  }
  const endpoints = noKey
    ? []
    : (Object.values(ENDPOINTS) as Endpoint[]).flatMap((e) =>
        perEndpoint.get(e) ? [{ path: e.path, queries: perEndpoint.get(e) ?? 0, searches: e.searches === true }] : [],
      );
  // A range with more than a handful left reads /usage first; the guard keeps that read for the ones after it.
  const left = new Set([...state.missing, ...state.pending].filter((key) => !held(key)));
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
  const capped = capToAllowance(counted, knownLeft(guard, formulaKey.apiKey, now));
  return {
    formulaCells,
    endpoints,
    requests: capped.requests,
    usageReads,
    freshSearches: capped.freshSearches,
    probes: capped.probes,
    waiting: capped.waiting,
    cached: state.found.size,
    heldBack: heldCount,
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
 * (plus what this document sent since: usage-panel.ts).
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
