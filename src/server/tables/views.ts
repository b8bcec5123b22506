/** The ranking tables panel as the sidebar shows it. */
import type { TableView, TablesView } from '../../shared/sidebar-api';
import { listTables, readLastRun, readSchedule, type TableRecord } from './store';

function columnName(n: number): string {
  return n <= 0 ? '' : columnName(Math.floor((n - 1) / 26)) + String.fromCharCode(65 + ((n - 1) % 26));
}

/**
 * A stored table for the sidebar.
 * @param t the record
 */
export function tableView(t: TableRecord): TableView {
  const range = `'${t.sheetName}'!${columnName(t.column)}${t.row}:${columnName(t.column + t.width - 1)}${t.row + t.height - 1}`;
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
