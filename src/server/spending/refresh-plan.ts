/**
 * Refresh all formulas, planned: which formula cells can be answered now and run again, and which keep
 * what they show (DESIGN, "Nothing a user saw is lost"; docs/use/functions.md, "Refreshing"). A formula
 * that runs again on a day its answers cannot be fetched shows a limit message where it showed numbers;
 * so the refresh first works out, without a request, what can be answered now: what this document's
 * cache holds (dry-run.ts), and what the allowance left and the daily-limit guard allow it to
 * fetch. Whole cells are chosen, in the sheets' order: a cell runs again only when every answer it
 * needs is cached or within what is left; the refresh fetches those answers itself (refresh/refresh-run.ts),
 * so every formula that runs again finds its answers in the cache and sends nothing. What is left is
 * known from the guard or the last usage read; a read from before the reset (or none) is read again
 * first (one request) when more than a handful of requests would go, as a refresh that does not know
 * what is left could not choose (a handful may go without it: at worst refused, and those cells keep
 * what they show).
 *
 * Formulas whose answers must stay aligned run again or wait together: on one sheet, the cells that share
 * a query (the same keyword in a template's month header and in its table of volumes, a score column
 * beside a growth column over the same keywords), directly or through others. Run apart, one would show
 * this month's answer beside another's last month (a header of months over last month's volumes).
 *
 * Past the fresh searches left, one request may still ask for a keyword the service may have cached
 * (free, pacing.ts), while the guard allows: the keyword of the first waiting group that needs only it.
 * Where the spreadsheet's own cap (spend-cap.ts) leaves fewer searches than the allowance, it is what is
 * left, and nothing goes past it, not even that one request.
 *
 * The cost model follows the lookups the refresh sends: one lookup per endpoint for the single-input
 * cells' queries (each query under its own cache key), then one per range cell (its packs: a query a
 * range holds only in its packs is fetched again, free at the service, by another range that needs it).
 */
import { answerKey } from '../cache/keys';
import { PAST_LIMIT_HANDFUL, updateGuardOf, type Guard } from './limit-guard';
import { isPacked, OWN_ENTRIES_UP_TO } from '../cache/pack';
import { currentUsageReadAt, todaysSpendKeys } from './spend-log';
import { LEADS } from '../errors/errors';
import { messageKind } from '../errors/cell-messages';
import { formulaKeyHere } from '../settings/formula-key';
import { readSubject } from '../spreadsheet/input';
import { readLookupSettings, readOwnApiKey } from '../settings/lookup-settings';
import { allowanceLeft, allowanceOf, readBeforeReset, resetTime } from './allowance';
import { dryRun, rangePacks, type DryRun } from './dry-run';
import { guardAfterRead } from './pacing';
import { capResetsAt } from './spend-cap';
import { capRoomToday } from './spend-settings';
import { openStore } from '../spreadsheet/spreadsheet-store';
import { currentUsage, readUsageNow, rememberUsage } from './usage-read';
import { ENDPOINTS, type Endpoint } from '../service/endpoints';
import { findOurFormulas } from '../spreadsheet/addon-formulas';
import { ArgumentReader } from '../spreadsheet/argument-values';
import { callsIn, type CustomFunctionName } from '../spreadsheet/formula-calls';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

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

/** The functions that show only an answer's score: a score kept alone serves them (cache/kept-answers.ts). */
export const SCORE_FUNCTIONS: Partial<Record<CustomFunctionName, string[]>> = {
  SEARCH_SCORE: ['searchscore'],
  BRAND_SCORE: ['indexscore'],
};

/** What a cell whose custom function threw shows (its message shows on hover only). */
const FORMULA_ERROR = '#ERROR!';
/** Cells named when some calls cannot be read: enough to find them. */
const MAX_UNKNOWN_CELLS = 3;

/** One call of ours in a formula cell, read as the function would read it. */
export interface PlannedCall {
  name: CustomFunctionName;
  endpoint: Endpoint;
  /** Its distinct normalised subjects ('' for an endpoint without one), in order; blanks and bad input left out. */
  subjects: string[];
  /** A range whose answers are kept in packs (lookup/packed-lookup.ts). */
  packed: boolean;
}

/** One formula cell of ours. */
export interface PlannedCell {
  sheet: Sheet;
  row: number;
  column: number;
  calls: PlannedCall[];
  /** Some call's argument cannot be read without running it. */
  unknown: boolean;
  /**
   * Whether it shows an answer now: false when its cell and the rows of its inputs show only blanks,
   * errors and the add-on's messages (a limit's rows, "Loading..."): running it again loses nothing then.
   */
  showsAnswer: boolean;
  /**
   * The cells that run again or wait with it, itself included, in the sheets' order: those of its sheet
   * sharing a query with it, directly or through others (a cell whose arguments cannot be read: itself).
   */
  together: PlannedCell[];
}

/** A lookup the refresh sends before its formulas run again. */
export interface PlannedFetch {
  endpoint: Endpoint;
  /** Single inputs' queries (one entry each), or a range's whole distinct list (its packs). */
  subjects: string[];
  packed: boolean;
}

/** Why cells keep what they show: a daily limit, the spreadsheet's own cap, or no key this viewer may fetch with. */
export type WaitReason = 'fresh searches' | 'API calls' | 'key' | 'cap';

/** What a refresh does now and what waits. */
export interface RefreshPlan {
  /** Every formula cell of ours. */
  formulaCells: number;
  /** The cells that run again: with answers fetched first, or (showing none now) fetching within what is left themselves. */
  rerun: PlannedCell[];
  /** Of them, those showing no answer now that fetch for themselves (paced, as any formula): they lose nothing. */
  paced: PlannedCell[];
  /** The searches those send (fresh ones, and requests for keywords the service may have cached). */
  pacedSends: number;
  /** Of them, those that cannot get every answer now: some of their rows will say when they are fetched. */
  pacedShort: number;
  /** The cells that keep what they show, and why. */
  waiting: PlannedCell[];
  waitingFor: WaitReason | null;
  /** When the limit they wait for resets (ms), if known. */
  resetAt: number | null;
  /** The lookups to send first, in order: single inputs by endpoint, then each range. */
  fetches: PlannedFetch[];
  /** One request past the fresh searches for a keyword the service may have cached, and the cells it would answer (one group). */
  probe: { fetch: PlannedFetch; cells: PlannedCell[] } | null;
  /** Requests: the usage read still to send, the fetches, the probe, and API_USAGE's own read once it runs. */
  requests: number;
  /** Of them, fresh searches at most. */
  freshSearches: number;
  /** Of them, requests past the fresh searches asking for keywords the service may have cached (free). */
  probes: number;
  /** API_USAGE's read of /usage once its formulas run (0 or 1): it reads again after this document spent. */
  usageFormulaReads: number;
  /** Whether the refresh reads what is left first (not known now: no current read). */
  readsUsage: boolean;
  /** Whether planning read it now (one request, already sent). */
  readUsageNow: boolean;
  /** Distinct queries the cache answers. */
  cached: number;
  /** Distinct queries the daily-limit guard holds back. */
  heldBack: number;
  /** Distinct queries to send, by endpoint path. */
  perEndpoint: Map<Endpoint, number>;
  noKey: boolean;
  unknownCalls: number;
  unknownCells: string[];
  noKeyCells: number;
  errorCells: number;
  /** The cache as read, and the formulas' key's guard: what the refresh keeps from. */
  run: DryRun;
  /** Every cell of ours, in the sheets' order. */
  cells: PlannedCell[];
  /**
   * What is left, when a kept usage read (not the guard) says it: the refresh gives it to the guard
   * before its formulas run, so those fetching for themselves pace by it instead of reading it again.
   */
  leftFromRead: { apiKey: string; fresh: number | null; calls: number | null; resetAt: number | null } | null;
}

/** What is known to be left of the formulas' key's allowance (null: not known). */
interface Known {
  fresh: number | null;
  calls: number | null;
  resetAt: number | null;
  /** The spreadsheet's own cap is what leaves `fresh`: nothing goes past it. */
  capped?: boolean;
}

/**
 * What is left under the spreadsheet's own cap too: its room when that is less than the allowance's.
 * @param known what the allowance leaves
 * @param room the searches the cap still lets go today (null: no cap)
 * @param now the time (ms)
 */
function underCap(known: Known, room: number | null, now: number): Known {
  if (room === null || (known.fresh !== null && known.fresh <= room)) return known;
  return { ...known, fresh: room, resetAt: capResetsAt(now), capped: true };
}

/**
 * Plans Refresh all formulas in the open spreadsheet.
 * @param readUsage read what is left now (one request) when no current read says it and something is
 *   to be fetched; otherwise the plan counts as if enough were left, and says it reads it first
 */
export function planRefresh(readUsage: boolean): RefreshPlan {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const found = collectCells(spreadsheet);
  const formulaKey = formulaKeyHere();
  // The refresh fetches with the formulas' key: only where this viewer may use it (theirs, or shared).
  const canFetch = (formulaKey.source === 'document' || formulaKey.source === 'owner') && !!formulaKey.apiKey;
  const now = Date.now();
  const queries = new Map<string, { endpoint: Endpoint; subject: string }>();
  const ranges: { endpoint: Endpoint; subjects: string[] }[] = [];
  for (const cell of found.cells) {
    for (const call of cell.calls) {
      for (const subject of call.subjects) queries.set(keyOf(call.endpoint, subject), { endpoint: call.endpoint, subject });
      if (call.packed) ranges.push({ endpoint: call.endpoint, subjects: call.subjects });
    }
  }
  const run = dryRun({
    queries: [...queries.values()],
    ranges,
    payer: 'formula',
    guardOf: { apiKey: formulaKey.apiKey },
    alsoRead: todaysSpendKeys(now),
  });
  const room = capRoomToday(openStore(), now);
  // What the allowance leaves (what the guard may be given), and under the cap what the refresh may send.
  let left = knownLeft(run.guard, formulaKey.apiKey, now);
  let known = underCap(left, room, now);
  let chosen = choose(found.cells, run, known, canFetch);
  let readUsageNow = false;
  let readsUsage = false;
  // Not knowing what is left, a handful may go without a read (at worst refused: those cells keep what
  // they show, as a formula's handful, pacing.ts); more are chosen within a read of what is left.
  if (canFetch && (known.fresh === null || known.calls === null) && chosen.requests > PAST_LIMIT_HANDFUL) {
    if (readUsage) {
      const read = readLeftNow(formulaKey.apiKey as string);
      readUsageNow = true;
      if (read) [left, known] = [read, underCap(read, room, now)];
      chosen = choose(found.cells, run, known, canFetch);
    } else readsUsage = true;
  }
  const usageReads = (readsUsage ? 1 : 0) + chosen.usageFormulaReads;
  return {
    formulaCells: found.cells.length,
    rerun: chosen.rerun,
    paced: chosen.paced,
    pacedSends: chosen.pacedSearches + chosen.pacedProbes,
    pacedShort: chosen.pacedShort,
    waiting: chosen.waiting,
    // Searches the cap leaves fewer of than the allowance: the cells wait for it.
    waitingFor: chosen.waiting.length ? (known.capped && chosen.waitingFor === 'fresh searches' ? 'cap' : chosen.waitingFor) : null,
    resetAt: chosen.waiting.length ? (known.capped ? known.resetAt : waitUntil(chosen.waitingFor, run.guard, known)) : null,
    fetches: chosen.fetches,
    probe: chosen.probe,
    requests: chosen.requests + chosen.pacedRequests + usageReads + (chosen.probe ? 1 : 0),
    freshSearches: chosen.freshSearches, // the paced cells' searches among them
    probes: chosen.pacedProbes + (chosen.probe ? 1 : 0),
    usageFormulaReads: chosen.usageFormulaReads,
    readsUsage,
    readUsageNow,
    cached: run.cached.size,
    heldBack: run.held.size,
    perEndpoint: chosen.perEndpoint,
    noKey: formulaKey.source === 'none',
    unknownCalls: found.unknownCalls,
    unknownCells: found.unknownCells,
    noKeyCells: found.noKeyCells,
    errorCells: found.errorCells,
    run,
    cells: found.cells,
    leftFromRead:
      canFetch && !run.guard?.left && !readUsageNow && left.fresh !== null ? { apiKey: formulaKey.apiKey as string, ...left } : null,
  };
}

/**
 * Gives the guard what a kept usage read says is left (when the plan knew it from such a read, not from
 * the guard), so formulas that fetch for themselves pace by it instead of reading it again.
 * @param plan the plan
 */
export function giveLeftToGuard(plan: RefreshPlan): void {
  const left = plan.leftFromRead;
  if (!left) return;
  updateGuardOf(left.apiKey, (guard) => guardAfterRead(guard, { fresh: left.fresh, calls: left.calls, resetAt: left.resetAt }, Date.now()));
}

/** A query's cache key, as the lookup keys it. */
export function keyOf(endpoint: Endpoint, subject: string): string {
  return answerKey(endpoint.path, endpoint.param ? subject : undefined);
}

/**
 * What is known to be left of the formulas' key's allowance, without a request: the guard (a limit known
 * spent, a read of the last minute counted down), else the last usage read kept for that key when it is
 * not from before the reset (plus what this document sent since: lookup/usage-read.ts).
 */
function knownLeft(guard: Guard | null, apiKey: string | undefined, now: number): Known {
  const resetAt = guard?.left?.resetAt ?? null;
  if (guard?.callsUntil) return { fresh: 0, calls: 0, resetAt: guard.callsUntil };
  if (guard?.freshUntil) return { fresh: 0, calls: guard.left?.calls ?? lastRead(apiKey, now)?.calls ?? null, resetAt: guard.freshUntil };
  if (guard?.left && guard.left.fresh !== null && guard.left.calls !== null)
    return { fresh: guard.left.fresh, calls: guard.left.calls, resetAt };
  const read = lastRead(apiKey, now);
  return read ?? { fresh: guard?.left?.fresh ?? null, calls: guard?.left?.calls ?? null, resetAt };
}

/** What the last usage read kept for a key says is left now, unless it is from before the reset. */
function lastRead(apiKey: string | undefined, now: number): Known | null {
  const read = apiKey ? currentUsage(apiKey) : null;
  if (!read || readBeforeReset(read, new Date(now))) return null;
  const left = allowanceLeft(read);
  const resetAt = Date.parse(read.resetAt ?? '');
  return { fresh: left.searches, calls: left.calls, resetAt: Number.isFinite(resetAt) ? resetAt : null };
}

/**
 * Reads what is left now with the formulas' key (one request) and keeps it: in the guard, so the
 * formulas pace by it; as the viewer's last read when the key is theirs. Null when it cannot be read.
 */
function readLeftNow(apiKey: string): Known | null {
  const readAt = new Date().toISOString();
  const outcome = readUsageNow(apiKey, readLookupSettings('formula').baseUrl);
  if (!outcome.ok) {
    // Refused for the API calls: nothing can be sent today.
    return outcome.limit?.daily && outcome.limit.which === 'API calls' ? { fresh: 0, calls: 0, resetAt: outcome.limit.resetAt } : null;
  }
  if (apiKey === readOwnApiKey()) rememberUsage(apiKey, outcome.data, readAt);
  else updateGuardOf(apiKey, (guard) => guardAfterRead(guard, allowanceOf(outcome.data), Date.now()));
  const left = allowanceOf(outcome.data);
  return { fresh: left.fresh, calls: left.calls, resetAt: resetTime(outcome.data) };
}

/** When what the cells wait for resets (ms), if known. */
function waitUntil(reason: WaitReason, guard: Guard | null, known: Known): number | null {
  if (reason === 'key') return null;
  if (reason === 'API calls') return guard?.callsUntil ?? known.resetAt;
  return guard?.freshUntil ?? known.resetAt;
}

/** The cells chosen, the lookups to send and what they cost. */
interface Chosen {
  rerun: PlannedCell[];
  paced: PlannedCell[];
  /** What the paced cells' formulas send themselves: requests, fresh searches, and of them requests past the searches. */
  pacedRequests: number;
  pacedSearches: number;
  pacedProbes: number;
  /** Paced cells that cannot get every answer now: some of their rows will say when they are fetched. */
  pacedShort: number;
  waiting: PlannedCell[];
  waitingFor: WaitReason;
  fetches: PlannedFetch[];
  probe: { fetch: PlannedFetch; cells: PlannedCell[] } | null;
  /** Requests of the fetches. */
  requests: number;
  freshSearches: number;
  /** API_USAGE's read of /usage once its formulas run (0 or 1). */
  usageFormulaReads: number;
  perEndpoint: Map<Endpoint, number>;
}

/** What the cells chosen so far fetch: a group is tried on a copy, kept only when all of it fits. */
interface Picked {
  /** Queries under their own key: cached, or fetched by a chosen single. */
  own: Set<string>;
  /** Subjects each pack holds: cached, or fetched by a chosen range. */
  packs: Map<string, Set<string>>;
  /** Chosen single inputs to fetch, by endpoint. */
  singles: Map<Endpoint, Set<string>>;
  ranges: PlannedFetch[];
  /** How many chosen ranges fetch a query (before a single fetches it). */
  byRanges: Map<string, number>;
  /** Searches fetched: the first fetch of a query may be fresh, any later one is not. */
  fresh: Set<string>;
  perEndpoint: Map<Endpoint, number>;
  requests: number;
}

function copyOf(p: Picked): Picked {
  return {
    own: new Set(p.own),
    packs: new Map([...p.packs].map(([k, v]) => [k, new Set(v)])),
    singles: new Map([...p.singles].map(([k, v]) => [k, new Set(v)])),
    ranges: [...p.ranges],
    byRanges: new Map(p.byRanges),
    fresh: new Set(p.fresh),
    perEndpoint: new Map(p.perEndpoint),
    requests: p.requests,
  };
}

/**
 * Chooses the cells that run again, whole groups of them (PlannedCell.together), in the sheets' order,
 * within what is left; the cost of each is what the lookups would send for it after the cells chosen
 * before it.
 */
function choose(cells: PlannedCell[], run: DryRun, known: Known, canFetch: boolean): Chosen {
  const packs = new Map<string, Set<string>>();
  for (const [key, pack] of run.packs) packs.set(key, new Set(pack ? [...pack.answers.keys(), ...pack.notFound.keys()] : []));
  let p: Picked = {
    own: new Set(run.found.keys()),
    packs,
    singles: new Map(),
    ranges: [],
    byRanges: new Map(),
    fresh: new Set(),
    perEndpoint: new Map(),
    requests: 0,
  };
  const rerun: PlannedCell[] = [];
  const waiting: PlannedCell[] = [];
  let waitingFor: WaitReason = canFetch ? 'fresh searches' : 'key';
  const usageCells: PlannedCell[] = [];
  const unknownCells: PlannedCell[] = [];
  const calls = () => (known.calls === null ? Infinity : known.calls);
  const searches = () => (known.fresh === null ? Infinity : known.fresh);
  const paced: PlannedCell[] = [];
  let pacedRequests = 0;
  let pacedSearches = 0;
  let pacedProbes = 0;
  let pacedShort = 0;
  // Past the spreadsheet's cap nothing looks for cached keywords: one run fresh would go past it.
  let probesLeft = known.capped ? 0 : PAST_LIMIT_HANDFUL - (run.guard?.freshUntil ? run.guard.past : 0);
  const sent = () => p.requests + pacedRequests;

  /**
   * What a formula fetching for itself sends (lookup/pacing.ts): searches no more than are left, then,
   * having sent none, one request for a keyword the service may have cached while the handful lasts;
   * other queries within the calls left; nothing the guard holds back.
   */
  const paceCell = (cost: ReturnType<typeof costOf>): void => {
    const sendable = cost.all.filter(([e, sub]) => !run.hold(keyOf(e, sub)));
    const searchKeys = [...new Set(sendable.filter(([e]) => e.searches).map(([e, sub]) => keyOf(e, sub)))].filter((k) => !p.fresh.has(k));
    const others = sendable.filter(([e]) => !e.searches).length;
    const room = Math.max(0, calls() - sent());
    const searchesNow = Math.min(searchKeys.length, Math.max(0, searches() - p.fresh.size), room);
    for (const key of searchKeys.slice(0, searchesNow)) p.fresh.add(key);
    const probe = searchKeys.length > searchesNow && searchesNow === 0 && probesLeft > 0 && room > searchesNow ? 1 : 0;
    probesLeft -= probe;
    const othersNow = Math.min(others, room - searchesNow - probe);
    pacedRequests += searchesNow + probe + othersNow;
    pacedSearches += searchesNow;
    pacedProbes += probe;
    // Some of its rows will say when they are fetched (a keyword the service has cached may still come).
    if (searchesNow < searchKeys.length || othersNow < others || sendable.length < cost.all.length) pacedShort++;
  };

  /** What one cell would send now: per lookup, its queries to fetch; `held` when one cannot be sent today. */
  const costOf = (cell: PlannedCell) => {
    let held = false;
    const single = new Map<Endpoint, string[]>();
    const range: { call: PlannedCall; missing: string[] }[] = [];
    for (const call of cell.calls) {
      if (call.endpoint === ENDPOINTS.usage) continue;
      const groups = call.packed ? rangePacks(call.endpoint, call.subjects) : [];
      const groupOf = new Map(groups.flatMap((g) => g.subjects.map((s) => [s, g.key] as const)));
      const missing = call.subjects.filter((s) => {
        const key = keyOf(call.endpoint, s);
        if (p.own.has(key)) return false;
        if (call.packed) return !p.packs.get(groupOf.get(s) ?? '')?.has(s);
        return !p.singles.get(call.endpoint)?.has(s);
      });
      if (!missing.length) continue;
      if (missing.some((s) => run.hold(keyOf(call.endpoint, s)))) held = true;
      if (call.packed) range.push({ call, missing });
      else single.set(call.endpoint, [...new Set([...(single.get(call.endpoint) ?? []), ...missing])]);
    }
    const all = [
      ...[...single].flatMap(([e, ss]) => ss.map((s) => [e, s] as const)),
      ...range.flatMap((r) => r.missing.map((s) => [r.call.endpoint, s] as const)),
    ];
    const newSearches = new Set(all.filter(([e, s]) => e.searches && !p.fresh.has(keyOf(e, s))).map(([e, s]) => keyOf(e, s)));
    const count = [...single.values()].reduce((n, ss) => n + ss.length, 0) + range.reduce((n, r) => n + r.missing.length, 0);
    // A single input fetched now spares every chosen range its fetch of it (singles go first).
    const spared = [...single].reduce((n, [e, ss]) => n + ss.reduce((m, s) => m + (p.byRanges.get(keyOf(e, s)) ?? 0), 0), 0);
    return { single, range, count, spared, newSearches, held, all };
  };

  const fits = (cost: ReturnType<typeof costOf>): boolean =>
    !cost.held &&
    (canFetch || cost.count === 0) &&
    p.fresh.size + cost.newSearches.size <= searches() &&
    sent() - cost.spared + cost.count <= calls();

  /** A chosen cell's lookups' queries join the refresh's. */
  const pick = (cost: ReturnType<typeof costOf>): void => {
    p.requests += cost.count - cost.spared;
    for (const key of cost.newSearches) p.fresh.add(key);
    for (const [endpoint, subjects] of cost.single) {
      const set = p.singles.get(endpoint) ?? new Set<string>();
      for (const s of subjects) {
        set.add(s);
        p.own.add(keyOf(endpoint, s));
        p.byRanges.delete(keyOf(endpoint, s));
      }
      p.singles.set(endpoint, set);
      p.perEndpoint.set(endpoint, (p.perEndpoint.get(endpoint) ?? 0) + subjects.length);
    }
    for (const { call, missing } of cost.range) {
      p.ranges.push({ endpoint: call.endpoint, subjects: call.subjects, packed: true });
      p.perEndpoint.set(call.endpoint, (p.perEndpoint.get(call.endpoint) ?? 0) + missing.length);
      for (const group of rangePacks(call.endpoint, call.subjects)) {
        const held = p.packs.get(group.key) ?? new Set<string>();
        for (const s of group.subjects) held.add(s);
        p.packs.set(group.key, held);
      }
      for (const s of missing) {
        const key = keyOf(call.endpoint, s);
        p.byRanges.set(key, (p.byRanges.get(key) ?? 0) + 1);
        if (call.subjects.length <= OWN_ENTRIES_UP_TO) p.own.add(key); // a small range keeps each answer under its own key too
      }
    }
  };

  /** Picks a group's cells one after another; the cost of the first that does not fit, with nothing picked. */
  const pickAll = (group: PlannedCell[]): ReturnType<typeof costOf> | null => {
    const before = group.length > 1 ? copyOf(p) : p;
    for (const cell of group) {
      const cost = costOf(cell);
      if (!fits(cost)) {
        p = before;
        return cost;
      }
      pick(cost);
    }
    return null;
  };

  const seen = new Set<PlannedCell>();
  for (const cell of cells) {
    if (seen.has(cell)) continue;
    if (cell.unknown) {
      unknownCells.push(cell);
      continue;
    }
    const group = cell.together;
    for (const c of group) seen.add(c);
    for (const c of group) if (c.calls.some((call) => call.endpoint === ENDPOINTS.usage)) usageCells.push(c);
    const short = pickAll(group);
    if (!short) {
      rerun.push(...group);
      continue;
    }
    // Showing no answer now, they run again and fetch what they can themselves, as any formula: nothing is lost.
    if (canFetch && group.every((c) => !c.showsAnswer)) {
      for (const c of group) {
        paceCell(costOf(c));
        rerun.push(c);
        paced.push(c);
      }
      continue;
    }
    waiting.push(...group);
    if (!canFetch) waitingFor = 'key';
    else if (run.guard?.callsUntil || (p.fresh.size + short.newSearches.size <= searches() && known.fresh !== 0)) waitingFor = 'API calls';
  }

  // API_USAGE reads /usage again when this document spent since its cached read (usage-lookup.ts): at
  // most one read, once its formulas run; they wait when no call is left for it.
  let usageFormulaReads = 0;
  const usageCell = usageCells.find((cell) => rerun.includes(cell));
  if (usageCell) {
    const key = keyOf(ENDPOINTS.usage, '');
    const entry = run.found.get(key);
    const current = entry?.kind === 'data' && !!currentUsageReadAt(entry.data, run.heads, Date.now());
    if (!current || sent() > 0) {
      if (canFetch && sent() + 1 <= calls() && !run.hold(key)) usageFormulaReads = 1;
      else for (const cell of usageCells) for (const c of cell.together) moveTo(waiting, rerun, c);
    }
  }

  // Cells whose arguments cannot be read run again only when nothing else waits: their cost is unknown.
  for (const cell of unknownCells) (waiting.length ? waiting : rerun).push(cell);

  // Past the fresh searches left, one request may find a keyword the service has cached (free): for the
  // first waiting group that needs only that keyword.
  let probe: Chosen['probe'] = null;
  if (canFetch && known.fresh !== null && p.fresh.size >= known.fresh && probesLeft > 0 && sent() + usageFormulaReads + 1 <= calls()) {
    const tried = new Set<PlannedCell>();
    for (const cell of waiting) {
      if (tried.has(cell) || cell.unknown) continue;
      const group = cell.together;
      for (const c of group) tried.add(c);
      const needs = new Map<string, [Endpoint, string]>();
      let fetchable = !group.some((c) => usageCells.includes(c));
      for (const c of group) {
        const cost = costOf(c);
        if (cost.held || cost.range.length) fetchable = false;
        for (const [e, ss] of cost.single) for (const s of ss) needs.set(keyOf(e, s), [e, s]);
      }
      const only = needs.size === 1 ? [...needs.values()][0] : undefined;
      if (fetchable && only && only[0].searches) {
        probe = { fetch: { endpoint: only[0], subjects: [only[1]], packed: false }, cells: group };
        break;
      }
    }
  }

  const fetches: PlannedFetch[] = [
    ...[...p.singles].map(([endpoint, subjects]) => ({ endpoint, subjects: [...subjects], packed: false })),
    ...p.ranges,
  ];
  return {
    rerun: sortedLike(cells, rerun),
    paced,
    pacedRequests,
    pacedSearches,
    pacedProbes,
    pacedShort,
    waiting: sortedLike(cells, waiting),
    waitingFor,
    fetches,
    probe,
    requests: p.requests,
    freshSearches: p.fresh.size,
    usageFormulaReads,
    perEndpoint: p.perEndpoint,
  };
}

function moveTo(to: PlannedCell[], from: PlannedCell[], cell: PlannedCell): void {
  const i = from.indexOf(cell);
  if (i >= 0) from.splice(i, 1);
  if (!to.includes(cell)) to.push(cell);
}

/** `some` in the order `all` has them. */
function sortedLike(all: PlannedCell[], some: PlannedCell[]): PlannedCell[] {
  const set = new Set(some);
  return all.filter((cell) => set.has(cell));
}

/** Every formula cell of ours with its calls read, and what the cells show now that the sidebar words. */
function collectCells(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): {
  cells: PlannedCell[];
  unknownCalls: number;
  unknownCells: string[];
  /** Cells whose value says "No API key" (a range's rows). */
  noKeyCells: number;
  /** Formula cells of ours showing #ERROR! (the message, "No API key" or another, shows on hover only). */
  errorCells: number;
} {
  const reader = new ArgumentReader(spreadsheet);
  const cells: PlannedCell[] = [];
  const unknownCells: string[] = [];
  let unknownCalls = 0;
  let noKeyCells = 0;
  let errorCells = 0;
  for (const { sheet, cells: found } of findOurFormulas(spreadsheet)) {
    // What the cells show now is the truth of what they said (one read per sheet with formulas of ours).
    const values = found.length ? sheet.getDataRange().getValues() : [];
    for (const row of values) for (const value of row) if (typeof value === 'string' && value.startsWith(LEADS.noKey)) noKeyCells++;
    for (const cell of found) {
      if (values[cell.row - 1]?.[cell.column - 1] === FORMULA_ERROR) errorCells++;
      const planned: PlannedCell = {
        sheet,
        row: cell.row,
        column: cell.column,
        calls: [],
        unknown: false,
        showsAnswer: true,
        together: [],
      };
      let rows = 1;
      for (const call of callsIn(cell.formula)) {
        const endpoint: Endpoint = ENDPOINTS[ENDPOINT_OF[call.name]];
        const subjects = subjectsOf(endpoint, call.args[0] ?? '', sheet, reader);
        if (subjects) {
          rows = Math.max(rows, subjects.inputs);
          const distinct = [...new Set(subjects.subjects)];
          planned.calls.push({ name: call.name, endpoint, subjects: distinct, packed: isPacked(endpoint, distinct.length) });
          continue;
        }
        planned.unknown = true;
        unknownCalls++;
        const where = `${sheet.getName()}!${sheet.getRange(cell.row, cell.column).getA1Notation()}`;
        if (unknownCells.length < MAX_UNKNOWN_CELLS && !unknownCells.includes(where)) unknownCells.push(where);
      }
      planned.showsAnswer = showsAnswer(values, found, cell, rows);
      cells.push(planned);
    }
  }
  groupTogether(cells);
  return { cells, unknownCalls, unknownCells, noKeyCells, errorCells };
}

/**
 * Sets each cell's `together`: the cells of its sheet that share a query with it, directly or through
 * others (API_USAGE's read aside: it is the account's, not the sheet's); a cell whose arguments cannot
 * be read stands alone, as its queries are not known.
 */
function groupTogether(cells: PlannedCell[]): void {
  const parent = cells.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i] as number] as number;
    return i;
  };
  const firstWith = new Map<string, number>(); // each query: the first cell asking it
  cells.forEach((cell, i) => {
    if (cell.unknown) return;
    for (const call of cell.calls) {
      if (call.endpoint === ENDPOINTS.usage) continue;
      for (const s of call.subjects) {
        const query = `${cell.sheet.getSheetId()}|${keyOf(call.endpoint, s)}`;
        const other = firstWith.get(query);
        if (other === undefined) firstWith.set(query, i);
        else parent[root(i)] = root(other);
      }
    }
  });
  const groups = new Map<number, PlannedCell[]>();
  cells.forEach((cell, i) => {
    const group = groups.get(root(i)) ?? [];
    group.push(cell); // in the sheets' order, as `cells` is
    groups.set(root(i), group);
    cell.together = group;
  });
}

/**
 * The normalised subjects one call asks for ('' for an endpoint without one); blanks and bad input send
 * nothing, so they are left out. Null when the argument cannot be read.
 */
function subjectsOf(
  endpoint: Endpoint,
  argument: string,
  sheet: Sheet,
  reader: ArgumentReader,
): { subjects: string[]; inputs: number } | null {
  if (!endpoint.param) return { subjects: [''], inputs: 1 };
  const read = reader.read(argument, sheet);
  if (!read.known) return null;
  const kind = endpoint.param.kind;
  const subjects = read.values.flatMap((value) => {
    const subject = readSubject(value, kind);
    return subject.kind === 'ok' ? [subject.value] : [];
  });
  return { subjects, inputs: read.values.length };
}

/**
 * Whether a formula cell shows an answer now: its own cell, and the cells below it down to its inputs'
 * count (a range's rows; up to the next formula of ours), hold something other than blanks, Sheets'
 * errors and the add-on's messages. Read from what the sheet shows; a range laid out across, or a table
 * beside its rows, counts as showing one as soon as its first cell does.
 */
function showsAnswer(
  values: unknown[][],
  formulas: { row: number; column: number }[],
  cell: { row: number; column: number },
  rows: number,
): boolean {
  const next = formulas.filter((f) => f.column === cell.column && f.row > cell.row).reduce((m, f) => Math.min(m, f.row), Infinity);
  for (let r = cell.row; r < Math.min(cell.row + Math.max(rows, 1), next); r++) {
    const value = values[r - 1]?.[cell.column - 1];
    if (value === '' || value === undefined || value === null || value === 'Loading...') continue;
    if (typeof value === 'string' && (/^#[A-Z/0-9!?]+$/.test(value) || messageKind(value))) continue;
    return true;
  }
  return false;
}
