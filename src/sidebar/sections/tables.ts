/**
 * The ranking tables section: the tracked tables (with Forget), the insert form (group, place, columns,
 * row limit), the refresh schedule with who set it (their trigger and key run it), Refresh now with the
 * last run's log, notes from the viewer's scheduled runs, and a notice (with a one-click repair) when
 * those runs stopped. Every server value is inserted as text. Each part lives in sections/tables/; this
 * module ties them to one view of the tables and loads it.
 */
import type { TablesView } from '../../shared/sidebar-api';
import { byId, show } from '../dom';
import { call } from '../server';
import { StatusLine, whileBusy } from '../status';
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
  /** Opens the insert form, scrolls the section into view and focuses its heading (the menu's "Insert ranking table"). */
  // A property, not a method: main.ts hands it to setTimeout unbound (it is an arrow function).
  reveal: () => void;
}

/**
 * Binds the ranking tables section.
 * @param onSpent told after an insert or a refresh, which may have spent requests
 */
export function mountTablesSection(onSpent: () => void): TablesSection {
  const section = byId('tables-section', HTMLElement);
  const title = byId('tables-title', HTMLHeadingElement);
  const status = new StatusLine(byId('tables-status', HTMLParagraphElement));
  const retryRow = byId('tables-retry-row', HTMLDivElement);
  const retry = byId('tables-retry', HTMLButtonElement);

  let view: TablesView | null = null;
  // Every part shows each view the server sends; the parts call render after their own actions.
  const page: TablesPage = {
    view: () => view,
    render: (next, withSchedule) => {
      view = next;
      const now = new Date();
      tableList.show(next, now);
      schedule.show(next, withSchedule);
      refreshNow.show(next);
      scheduledRuns.show(next, now);
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

  const reveal = (): void => {
    insertForm.open();
    section.scrollIntoView({ block: 'start' });
    title.focus({ preventScroll: true });
  };

  return { load, reveal };
}
