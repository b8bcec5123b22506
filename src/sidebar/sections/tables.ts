/**
 * The ranking tables section: the tracked tables (with Forget), the insert form (group, place, columns,
 * row limit), the refresh schedule with who set it (their trigger and key run it), Refresh now with the
 * last run's log, notes from the viewer's scheduled runs, and a notice (with a one-click repair) when
 * those runs stopped. Every server value is inserted as text. Each part lives in sections/tables/; this
 * module ties them to one view of the tables and loads it.
 */
import type { TablesView } from '../../shared/sidebar-api';
import { byId, show } from '../dom';
import type { Summarise } from '../folds';
import { tablesSummary } from '../tables-model';
import { call } from '../server';
import { statusLine, whileBusy } from '../status';
import { mountInsertForm } from './tables/insert-form';
import type { TablesPage } from './tables/page';
import { mountRefreshNow } from './tables/refresh-now';
import { mountScheduleForm } from './tables/schedule-form';
import { mountScheduledRuns } from './tables/scheduled-runs';
import { mountTableList } from './tables/table-list';

/** The ranking tables section's controls. */
export interface TablesSection {
  /**
   * Reads the tables and shows them.
   * @param withGroups read the group list too (the key or the service changed); default true
   */
  load(withGroups?: boolean): Promise<void>;
  /** Opens the insert form (the menu's "Insert ranking table": main.ts opens the section and focuses its heading). */
  openInsert(): void;
  /** Whether the section asks for the user: the viewer's scheduled runs stopped (their trigger, or at each run). */
  needsAttention(): boolean;
}

/**
 * Binds the ranking tables section.
 * @param onSpent told after an insert or a refresh, which may have spent requests
 * @param summarise told the line beside the section's heading
 */
export function mountTablesSection(onSpent: () => void, summarise: Summarise): TablesSection {
  const title = byId('tables-title', HTMLButtonElement);
  const status = statusLine('tables-status');
  const retryRow = byId('tables-retry-row', HTMLDivElement);
  const retry = byId('tables-retry', HTMLButtonElement);

  let view: TablesView | null = null;
  // Every part shows each view the server sends; the parts call render after their own actions.
  const page: TablesPage = {
    view: () => view,
    render: (next, withSchedule) => {
      view = next;
      const now = new Date();
      const line = tablesSummary(next);
      summarise(line.text, line.warn ? 'warn' : 'plain');
      tableList.show(next, now);
      schedule.show(next, withSchedule);
      refreshNow.show(next);
      scheduledRuns.show(next, now);
      insertForm.showCost(next);
    },
  };
  const scheduledRuns = mountScheduledRuns(page);
  const tableList = mountTableList(page, status, title);
  const insertForm = mountInsertForm(page, status, onSpent);
  const schedule = mountScheduleForm(page);
  const refreshNow = mountRefreshNow(page, onSpent);

  const load = async (withGroups = true): Promise<void> => {
    show(retryRow, false);
    status.set('busy', 'Loading ranking tables…');
    // The group list costs a request: read it only once the insert form is open.
    const groups = insertForm.reloadGroups(withGroups);
    try {
      page.render(await call('getTables'), true);
      status.clear();
    } catch (error) {
      status.error(error);
      show(retryRow, true);
    }
    await groups;
  };

  retry.addEventListener('click', () => void whileBusy(retry, 'Trying…', () => load(!insertForm.groupsLoaded())));

  return { load, openInsert: () => insertForm.open(), needsAttention: () => view?.overdue != null || view?.runStop != null };
}
