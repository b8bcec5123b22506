/**
 * The usage a formula shows (API_USAGE). Its /usage answer is cached for a minute like any answer
 * (USAGE_TTL_S), but it is never older than what this document spent since (docs/use/functions.md,
 * "Your usage: API_USAGE"): a cached read after which this document's spend log (spending/spend-log.ts) holds
 * any spending lookup but the read's own is read again. The spend log's shards are read in the lookup's
 * one getAll, beside the answer (a layout of the pipeline), so a hit still costs one round trip, and a
 * recalculation that changes nothing sends no request within the minute.
 *
 * Read again rather than the spend log added to the cached figures, as the sidebar does: the answer's
 * field names are not known (they are read by meaning, spending/usage-bars.ts), so added figures could
 * not be written back into every field that counts them; and a new read shows what other documents
 * spent too. It costs one API call, and only after this document spent.
 *
 * The answer says when it was read, the moment its answer came, as an ISO instant in a top-level field
 * `read_at` which the shaping turns into cells like any other field. It is kept in the cached
 * answer, so every cell showing one read shows the same time, and the spend log is compared with it
 * (currentUsageReadAt, beside the spend log: the refresh estimate asks it too).
 *
 * A tracking run reads what is left through the same lookup (lookupAllowance), from the cache within
 * the minute.
 */
import type { Budget } from '../execution/time-budget';
import { USAGE_TTL_S } from '../settings/constants';
import { readEntry, writeEntry } from '../cache/entry';
import { currentUsageReadAt, todaysSpendKeys } from '../spending/spend-log';
import { ENDPOINTS } from '../service/endpoints';
import { isObject } from '../shape/shape';
import { lookupAll, ownKeys, perQuery, runLookup, type LookupResult } from './pipeline';
import { allowanceOf, UNKNOWN_ALLOWANCE, type AllowanceLeft } from '../spending/allowance';

/**
 * /usage for a formula, as lookupAll gives it: as cached, or read again once expired or once this
 * document spent since; its answer (an object, as the spec describes it) says when it was read.
 * @param budget time left in this execution
 */
export function lookupUsage(budget: Budget): LookupResult {
  const endpoint = ENDPOINTS.usage;
  const keys = ownKeys(endpoint, ['']);
  const key = keys.get('') ?? '';
  const layout = perQuery(endpoint, keys);
  const now = Date.now();
  return runLookup(endpoint, [''], keys, budget, 'formula', {
    ...layout,
    keys: [key, ...todaysSpendKeys(now)],
    sort(cache, entries, stamp) {
      const entry = readEntry(entries[key], stamp, now);
      // Older than what was spent since: read as absent, so it is fetched (its mark overwrites it). A split
      // answer (over 100 KB: /usage has a few fields) is not checked.
      const current = { ...entries };
      if (entry?.kind === 'data' && !currentUsageReadAt(entry.data, entries, now)) delete current[key];
      return layout.sort(cache, current, stamp);
    },
    // Kept again over what the fetch wrote, with when it was read.
    store(_claim, _fetched, answers, stamp) {
      const answer = answers.get('');
      const at = new Date();
      if (!answer?.ok || !isObject(answer.data)) return {};
      answer.data = { ...answer.data, read_at: at.toISOString() };
      return writeEntry(key, { kind: 'data', data: answer.data }, stamp, +at + USAGE_TTL_S * 1000);
    },
  });
}

/**
 * What is left of the viewer's allowance, read through the lookup as a run that spends with their key
 * needs it: /usage from the cache if read within the minute, else one request; nothing known when it
 * cannot be read (an answer not understood, no key).
 * @param budget time left in this execution
 */
export function lookupAllowance(budget: Budget): AllowanceLeft {
  const answer = lookupAll(ENDPOINTS.usage, [undefined], budget, 'user').answers.get('');
  return answer?.ok ? allowanceOf(answer.data) : { ...UNKNOWN_ALLOWANCE };
}
