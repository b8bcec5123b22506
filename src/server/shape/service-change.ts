/**
 * The service's own change figures, said as the service's: "Change (service)". The service does not say
 * over what period a ranking's change counts (API-SPEC shows no field), and the add-on computes a rank
 * change of its own beside it in ranking tables, so wherever the add-on shows the service's figure its
 * header says whose it is. Found by shape: the spec shows no field names.
 */
import type { Cell } from './types';

/** What the service's own change column gets after its words. */
export const SERVICE_MARK = ' (service)';

/**
 * The service's own change columns: whole numbers (up or down) under words of change ("Change",
 * "Delta", "Movement"), never a percentage (a growth). The add-on cannot know what period they count.
 * @param header the service's columns' headers
 * @param rows the rows
 */
export function serviceChangeColumns(header: string[], rows: Cell[][]): number[] {
  return header.flatMap((words, i) =>
    /\b(change|delta|movement|moved?|shift|diff(erence)?)\b/i.test(words) &&
    !words.includes('%') &&
    rows.length > 0 &&
    rows.every((row) => row[i] === '' || (typeof row[i] === 'number' && Number.isInteger(row[i])))
      ? [i]
      : [],
  );
}

/**
 * The headers with the service's own change columns marked as its: "Change (service)".
 * @param header the columns' headers
 * @param rows the rows
 */
export function withServiceMarks(header: string[], rows: Cell[][]): string[] {
  const marked = new Set(serviceChangeColumns(header, rows));
  return header.map((words, i) => (marked.has(i) ? `${words}${SERVICE_MARK}` : words));
}
