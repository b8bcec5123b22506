/**
 * What a refresh really sends once the day's allowance is nearly or fully spent (pure): formulas send
 * no more searches than are left, and past them only the handful that looks for keywords the service
 * has cached (spending/pacing.ts); nothing goes past the API calls left. The refresh estimate
 * (refresh-estimate.ts) counts its queries, then this caps them by what is known to be left, and by
 * what the spreadsheet's own cap leaves today (spend-cap.ts): past that, nothing is sent, not even the
 * handful.
 */

/** What the estimate counted, before what is left is known. */
export interface Counted {
  /** Distinct search queries the formulas would send (not cached, not held back). */
  searches: number;
  /** Formulas (calls) with at least one of them: each may look for cached keywords once the searches are spent. */
  searchFormulas: number;
  /** Distinct queries to endpoints that cost no fresh search. */
  others: number;
  /** Reads of what is left (0 or 1), sent first. */
  usageReads: number;
}

/** What is known to be left (null: not known; the formulas then read it, or send as if plenty were left). */
export interface Known {
  fresh: number | null;
  calls: number | null;
  /** Requests that may still be refused past the fresh-search limit (the handful less those refused). */
  probes: number;
  /** Searches the spreadsheet's own cap still lets go today (null or absent: no cap). */
  capLeft?: number | null;
}

/** What the refresh sends at most. */
export interface Capped {
  requests: number;
  freshSearches: number;
  /** Requests past the fresh-search limit, asking for keywords the service may have cached. */
  probes: number;
  /** Search queries not sent: they wait for the fresh searches (or the spreadsheet's cap) to reset. */
  waiting: number;
  /** Whether the spreadsheet's own cap, not the daily limit, is what holds them back (absent: it is not). */
  capped?: true;
}

/**
 * Caps what the estimate counted by what is left.
 * @param counted the estimate's counts
 * @param known what is left, as far as the guard or the last usage read tell
 */
export function capToAllowance(counted: Counted, known: Known): Capped {
  const { searches, searchFormulas, others, usageReads } = counted;
  const allowance = known.fresh ?? Infinity;
  const cap = known.capLeft ?? Infinity;
  const fresh = Math.min(searches, allowance, cap);
  const past = searches - fresh;
  const byCap = past > 0 && cap <= allowance;
  // Past the searches left, each formula asks once for a cached keyword while the handful lasts; the
  // formula that spends the last search asks none (pacing.ts: it saw no cached answer). Past the cap, none.
  const probes = past > 0 && !byCap ? Math.min(past, known.probes, Math.max(0, searchFormulas - (fresh > 0 ? 1 : 0))) : 0;
  const room = known.calls === null ? Infinity : Math.max(0, known.calls - usageReads);
  const sent = Math.min(fresh + probes + others, room);
  const freshSearches = Math.min(fresh, sent);
  const capped: Capped = {
    requests: usageReads + sent,
    freshSearches,
    probes: Math.min(probes, sent - freshSearches),
    waiting: past - probes,
  };
  if (byCap) capped.capped = true;
  return capped;
}
