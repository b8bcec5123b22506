/**
 * Two cells asking for the same new keyword, the second started d ms after the first: how many requests
 * reach the service, and what the second did. It shows where the add-on's marks (written, then read
 * back) stop two executions from both fetching, and where they do not.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { GasWorkerPool } from '../dev/gas/index.js';
import type { Stack } from '../dev/stack.js';
import { hotPathOf } from './executions.js';

/** One offset's outcome. */
export interface RaceRow {
  offsetMs: number;
  requests: number;
  /** What the second execution did: fetched itself, waited (polls), or found the answer. */
  second: 'fetched' | 'waited, then fetched' | 'waited' | 'hit';
  secondPolls: number;
}

/**
 * Runs the probe at each offset (one new keyword per offset, latency on).
 * @param pool the add-on's pool (idle)
 * @param stack whose service counts the requests
 * @param offsets start offsets of the second execution, in ms
 */
export async function raceOffsets(pool: GasWorkerPool, stack: Stack, offsets: number[]): Promise<RaceRow[]> {
  const rows: RaceRow[] = [];
  for (const offsetMs of offsets) {
    const keyword = `race ${offsetMs} ${rows.length}`;
    await stack.service.control.resetStats();
    const first = pool.run('SEARCH_SCORE', [keyword]);
    await sleep(offsetMs);
    const second = await pool.run('SEARCH_SCORE', [keyword]);
    await first;
    const path = hotPathOf(second);
    rows.push({
      offsetMs,
      requests: (await stack.service.control.stats()).requests,
      second: path.polls > 0 ? (path.fetched ? 'waited, then fetched' : 'waited') : path.fetched ? 'fetched' : 'hit',
      secondPolls: path.polls,
    });
  }
  return rows;
}
