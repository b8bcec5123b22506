/**
 * The usage a formula shows (API_USAGE). Its /usage answer is cached for a minute like any answer
 * (USAGE_TTL_S), but it is never older than what this document spent since (DESIGN, "Spending within
 * the limits a user has"): a cached read after which this document's spend log (cache/spend.ts) holds
 * any spending lookup but the read's own is read again. The spend log's shards are read in the lookup's
 * one getAll, beside the answer (a layout of the pipeline), so a hit still costs one round trip, and a
 * recalculation that changes nothing sends no request within the minute.
 *
 * Read again rather than the spend log added to the cached figures, as the sidebar does: the answer's
 * field names are not known (they are read by meaning, service/usage-bars.ts), so added figures could
 * not be written back into every field that counts them; and a new read shows what other documents
 * spent too. It costs one API call, and only after this document spent.
 *
 * The answer says when it was read, the moment of the /usage answer its figures rest on, as an ISO
 * instant in a top-level field `read_at`, which the shaping turns into cells like any other field.
 */
import type { Budget } from '../core/budget';
import { USAGE_TTL_S } from '../core/constants';
import { entryExpiry } from '../cache/entry';
import { lookupsSince, todaysSpendKeys } from '../cache/spend';
import { ENDPOINTS } from '../service/endpoints';
import { isObject } from '../shape/shape';
import { ownKeys, perQuery, runLookup, type Answer } from './pipeline';

/**
 * When a cached /usage answer was read (ms), if this document spent nothing since: else NaN (as when
 * there is none), and it is read again. Its entry expires USAGE_TTL_S after the answer came
 * (lookup/fetch-misses.ts). The read's own lookup is logged a moment after its answer came: one
 * spending lookup from then on is its own; any key's count, since a hit does not know the formulas'
 * key without a property read. (Were the read's own log entry lost to a parallel write of its shard,
 * one other lookup would go unseen.)
 * @param heads the cache entries read: the answer's entry and today's spend shards (todaysSpendKeys)
 * @param key the answer's cache key
 * @param now the current time (ms)
 */
export function currentUsageReadAt(heads: Record<string, string>, key: string, now: number): number {
  const readAt = entryExpiry(heads[key]) - USAGE_TTL_S * 1000;
  return lookupsSince(
    todaysSpendKeys(now).map((shard) => heads[shard]),
    readAt - 1,
  ) < 2
    ? readAt
    : NaN;
}

/**
 * /usage for a formula, as lookupAll gives it: as cached, or read again once expired or once this
 * document spent since; its answer says when it was read, as an ISO instant in a top-level `read_at`
 * (the service's own field of that name, if it has one, is left as it is).
 * @param budget time left in this execution
 */
export function lookupUsage(budget: Budget): { answers: Map<string, Answer> } {
  const endpoint = ENDPOINTS.usage;
  const keys = ownKeys(endpoint, ['']);
  const key = keys.get('') ?? '';
  const started = Date.now();
  let readAt = started; // read in this lookup, or by a cell it waited for: after it began
  const layout = perQuery(endpoint, keys);
  const result = runLookup(endpoint, [''], keys, budget, 'formula', {
    ...layout,
    keys: [key, ...todaysSpendKeys(started)],
    sort(cache, heads, stamp, answers, stats) {
      const cachedAt = currentUsageReadAt(heads, key, started);
      // Older than what was spent since: read as absent, so it is fetched (its mark overwrites it).
      if (!cachedAt) delete heads[key];
      const claims = layout.sort(cache, heads, stamp, answers, stats);
      if (cachedAt && answers.has('')) readAt = cachedAt;
      return claims;
    },
  });
  const answer = result.answers.get('');
  if (answer?.ok && isObject(answer.data)) answer.data = { read_at: new Date(readAt).toISOString(), ...answer.data };
  return result;
}
