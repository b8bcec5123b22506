/**
 * What Refresh all formulas comes to once the lookups its plan counted are back (refresh-plan.ts): which
 * cells Sheets runs again and which keep what they show, and what those wait for. A cell the plan would
 * run again keeps what it shows when an answer it needs did not come (a refusal, the service down, the
 * time budget), unless it shows no answer yet: then it runs anyway, with what came (its other rows say
 * why they wait). The probe's cell runs again when the probe's answer came.
 */
import { ENDPOINTS } from '../service/endpoints';
import { keyOf, type PlannedCell, type RefreshPlan, type WaitReason } from './refresh-plan';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** Which cells run again, and how many keep what they show, waiting for what, until when. */
export interface RefreshOutcome {
  /** Whether the formula in this cell runs again (as spreadsheet/addon-formulas.ts's refresh asks). */
  runsAgain: (sheet: Sheet, cell: { row: number; column: number }) => boolean;
  /** Formula cells left as they are. */
  waiting: number;
  waitingFor: WaitReason | null;
  /** When what they wait for resets (ISO), if known. */
  resetAt: string | null;
}

/**
 * The refresh's outcome, from its plan and what its lookups brought.
 * @param plan the plan the refresh sent
 * @param came for each query sent now (by refresh-plan.ts's keyOf), whether its answer came (a "not
 *   found" is an answer too); a query not in it was answered by the cache, as the plan found
 */
export function refreshOutcome(plan: RefreshPlan, came: ReadonlyMap<string, boolean>): RefreshOutcome {
  const answered = (cell: PlannedCell) =>
    cell.calls.every(
      (call) => call.endpoint === ENDPOINTS.usage || call.subjects.every((s) => came.get(keyOf(call.endpoint, s)) !== false),
    );
  const rerun = new Set(plan.rerun);
  const waiting = new Set(plan.waiting);
  if (plan.probe && plan.probe.cells.every(answered)) {
    for (const cell of plan.probe.cells) {
      rerun.add(cell);
      waiting.delete(cell);
    }
  }
  // A cell whose answer did not come keeps what it shows, and so do the cells that run with it
  // (PlannedCell.together); one that shows no answer yet runs anyway, with what came.
  for (const cell of rerun) {
    if (!cell.showsAnswer || answered(cell)) continue;
    for (const c of cell.together) {
      rerun.delete(c);
      waiting.add(c);
    }
  }
  const ids = new Set([...rerun].map((cell) => cellId(cell.sheet, cell)));
  const waits = plan.cells.filter((cell) => waiting.has(cell)).length;
  return {
    runsAgain: (sheet, cell) => ids.has(cellId(sheet, cell)),
    waiting: waits,
    waitingFor: waits ? (plan.waitingFor ?? 'fresh searches') : null,
    resetAt: waits && plan.resetAt !== null ? new Date(plan.resetAt).toISOString() : null,
  };
}

/** A cell as the refresh of the formulas names it. */
function cellId(sheet: Sheet, cell: { row: number; column: number }): string {
  return `${sheet.getSheetId()}:${cell.row}:${cell.column}`;
}
