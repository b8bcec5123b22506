/**
 * Who fetches a missing answer when several executions want it at once. Sheets evaluates many cells in
 * parallel; without this, two cells with the same keyword both miss the cache and both spend a credit.
 * The check and the mark happen under the document lock, so exactly one execution claims each key.
 */
import { markPending, readCached, type Cached } from './store';

/** How long to queue for the lock; claims take milliseconds, so this only matters under heavy load. */
const CLAIM_LOCK_WAIT_MS = 3_000;

/** The split of some missing keys: answers that arrived meanwhile, keys another execution fetches, ours. */
export interface Claim {
  found: Map<string, Cached>;
  pending: Set<string>;
  claimed: string[];
}

/**
 * Claims the keys nobody has answered or claimed, marking them pending for the others.
 * Without a lock (busy, or none in this context) it still claims: a rare duplicate beats no answer.
 * @param keys cache keys that missed
 */
export function claimMisses(keys: string[]): Claim {
  const lock = documentLock();
  let locked = false;
  try {
    locked = lock?.tryLock(CLAIM_LOCK_WAIT_MS) ?? false;
  } catch {
    locked = false;
  }
  try {
    const { found, pending } = readCached(keys, true);
    const claimed = keys.filter((key) => !found.has(key) && !pending.has(key));
    markPending(claimed, true);
    return { found, pending, claimed };
  } finally {
    if (locked) lock?.releaseLock();
  }
}

function documentLock(): GoogleAppsScript.Lock.Lock | null {
  try {
    return LockService.getDocumentLock();
  } catch {
    return null;
  }
}
