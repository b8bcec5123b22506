/** Per-cell formulas evaluated many at a time, as Sheets does: worker threads sharing one document cache. */
import { GasWorkerPool } from '../dev/gas/pool.js';
import { KEY, type Stack } from '../dev/stack.js';
import { measure, type Measure } from './measure.js';

/**
 * Runs one execution per cell with `parallel` executions in flight, all sharing one cache.
 * @param stack the implementation's stack (its service is used; its runtime is not)
 * @param code the implementation's Code.js
 * @param cells keyword cells, started in column order
 * @param parallel executions at once
 */
export async function concurrentPerCell(stack: Stack, code: string, cells: string[], parallel: number): Promise<Measure> {
  const pool = new GasWorkerPool({ size: parallel, code });
  pool.properties.user.set('SDM_API_KEY', KEY);
  pool.properties.user.set('SDM_BASE_URL', stack.service.url);
  try {
    return await measure(stack, () => Promise.all(cells.map((k) => pool.run('SEARCH_SCORE', [k]))));
  } finally {
    await pool.close();
  }
}
