/** The ranking tables panel as the sidebar shows it. */
import type { TableView, TablesView } from '../../shared/sidebar-api';
import { readNotes, userId } from '../trigger/registry';
import { overdueNotice } from '../trigger/repair';
import { runStopNotice } from '../trigger/run-outcome';
import type { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import { areaA1 } from '../spreadsheet/sheet-areas';
import { groupListCost } from '../spending/table-cost';
import { listTables, readLastRun, readSchedule, type TableRecord } from '../tables/table-records';

/**
 * A stored table for the sidebar.
 * @param t the record
 */
export function tableView(t: TableRecord): TableView {
  const range = areaA1(t.sheetName, t.row, t.column, t.height, t.width);
  return {
    id: t.id,
    group: t.group,
    name: t.name ?? t.group,
    sheetName: t.sheetName,
    range,
    rows: Math.max(0, t.height - (t.moves ? 3 : 2)),
    updatedAt: t.updatedAt,
    status: t.status,
    message: t.message,
  };
}

/**
 * Tables, schedule (and who set it), the last run, the viewer's notes from their scheduled runs, and
 * whether those runs stopped (their trigger, or at each run: why).
 * @param store the open spreadsheet's records
 */
export function tablesView(store: SpreadsheetStore): TablesView {
  const schedule = readSchedule(store);
  return {
    tables: listTables(store).map(tableView),
    schedule: schedule?.schedule ?? { kind: 'off' },
    scheduledBy: schedule ? { you: schedule.by === userId(), email: schedule.byEmail } : null,
    lastRun: readLastRun(store),
    notes: readNotes(),
    overdue: overdueNotice(),
    runStop: runStopNotice(),
    groupListCost: groupListCost(),
  };
}
