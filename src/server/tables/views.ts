/** The ranking tables panel as the sidebar shows it. */
import type { TableView, TablesView } from '../../shared/sidebar-api';
import { areaA1 } from './sheets';
import { listTables, readLastRun, readSchedule, type TableRecord } from './store';

/**
 * A stored table for the sidebar.
 * @param t the record
 */
export function tableView(t: TableRecord): TableView {
  const range = areaA1(t.sheetName, t.row, t.column, t.height, t.width);
  return {
    id: t.id,
    group: t.group,
    sheetName: t.sheetName,
    range,
    rows: Math.max(0, t.height - 2),
    updatedAt: t.updatedAt,
    status: t.status,
    message: t.message,
  };
}

/** Tables, schedule and the last run. */
export function tablesView(): TablesView {
  return { tables: listTables().map(tableView), schedule: readSchedule(), lastRun: readLastRun() };
}
