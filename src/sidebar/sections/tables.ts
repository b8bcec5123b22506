/**
 * The ranking tables section: the tracked tables (with Forget), the insert form (group, place, columns,
 * row limit), the refresh schedule with who set it (their trigger and key run it), Refresh now with the
 * last run's log, notes from the viewer's scheduled runs, and a notice (with a one-click repair) when
 * those runs stopped. Every server value is inserted as text.
 */
import type { Schedule, TableView, TablesView } from '../../shared/sidebar-api';
import { byId, h, replaceChildren, show } from '../dom';
import { plural } from '../format';
import { call } from '../server';
import { StatusLine, whileBusy } from '../status';
import {
  columnsRequest,
  describeSchedule,
  groupChoices,
  insertedTable,
  noteItems,
  refreshOutcome,
  runModel,
  scheduledByText,
  scheduleFromForm,
  scheduleHelp,
  tableItem,
} from '../tables-model';
import { checkGroup, checkRowLimit } from '../validate';

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
  const list = byId('tables-list', HTMLUListElement);
  const empty = byId('tables-empty', HTMLParagraphElement);
  const status = new StatusLine(byId('tables-status', HTMLParagraphElement));
  const retryRow = byId('tables-retry-row', HTMLDivElement);
  const retry = byId('tables-retry', HTMLButtonElement);

  const insertDetails = byId('insert-details', HTMLDetailsElement);
  const form = byId('insert-form', HTMLFormElement);
  const groupSelect = byId('insert-group', HTMLSelectElement);
  const typed = byId('insert-typed', HTMLInputElement);
  const groupStatus = new StatusLine(byId('insert-groups-status', HTMLParagraphElement));
  const groupsRetryRow = byId('insert-groups-retry-row', HTMLDivElement);
  const groupsRetry = byId('insert-groups-retry', HTMLButtonElement);
  const atSelection = byId('insert-selection', HTMLInputElement);
  const rowsText = byId('insert-rows', HTMLSpanElement);
  const columnsHint = byId('insert-columns-hint', HTMLParagraphElement);
  const allRow = byId('insert-all-row', HTMLDivElement);
  const allBox = byId('insert-all', HTMLInputElement);
  const columnList = byId('insert-column-list', HTMLDivElement);
  const previewStatus = new StatusLine(byId('insert-preview-status', HTMLParagraphElement));
  const limit = byId('insert-limit', HTMLInputElement);
  const submit = byId('insert-submit', HTMLButtonElement);
  const insertStatus = new StatusLine(byId('insert-status', HTMLParagraphElement));

  const scheduleForm = byId('schedule-form', HTMLFormElement);
  const kind = byId('schedule-kind', HTMLSelectElement);
  const weekdayField = byId('schedule-weekday-field', HTMLDivElement);
  const weekday = byId('schedule-weekday', HTMLSelectElement);
  const hourField = byId('schedule-hour-field', HTMLDivElement);
  const hour = byId('schedule-hour', HTMLSelectElement);
  const scheduleBy = byId('schedule-by', HTMLParagraphElement);
  const scheduleHelpText = byId('schedule-help', HTMLParagraphElement);
  const scheduleSave = byId('schedule-save', HTMLButtonElement);
  const scheduleStatus = new StatusLine(byId('schedule-status', HTMLParagraphElement));

  const force = byId('refresh-force', HTMLInputElement);
  const refresh = byId('refresh-now', HTMLButtonElement);
  const refreshStatus = new StatusLine(byId('refresh-status', HTMLParagraphElement));
  const lastRun = byId('last-run', HTMLDivElement);
  const notesBlock = byId('tables-notes-block', HTMLDivElement);
  const notes = byId('tables-notes', HTMLUListElement);
  const overdue = byId('tables-overdue', HTMLDivElement);
  const overdueText = byId('tables-overdue-text', HTMLParagraphElement);
  const repair = byId('tables-repair', HTMLButtonElement);
  const repairStatus = new StatusLine(byId('tables-repair-status', HTMLParagraphElement));

  let view: TablesView | null = null;
  let groupsLoaded = false;
  let groupsLoading: Promise<void> | null = null;
  /** The group whose columns are shown or being read, and the answer once it came. */
  let previewGroup: string | null = null;
  let preview: { group: string; headers: string[]; rows: number } | null = null;
  let previewToken = 0;
  let columnBoxes: HTMLInputElement[] = [];
  let rowId = 0;

  hour.value = '6';

  // ---- The list of tracked tables ----

  const render = (next: TablesView, withSchedule: boolean): void => {
    view = next;
    const now = new Date();
    replaceChildren(list, ...next.tables.map((table) => renderTable(table, now)));
    show(list, next.tables.length > 0);
    show(empty, next.tables.length === 0);
    if (withSchedule) applySchedule(next.schedule);
    const by = scheduledByText(next.scheduledBy);
    scheduleBy.textContent = by;
    show(scheduleBy, by !== '');
    scheduleHelpText.textContent = scheduleHelp(next.scheduledBy);
    renderLastRun(next);
    const lines = noteItems(next.notes, now);
    replaceChildren(notes, ...lines.map((line) => h('li', {}, line)));
    show(notesBlock, lines.length > 0);
    overdueText.textContent = next.overdue?.message ?? '';
    show(overdue, next.overdue !== null);
  };

  // ---- Scheduled runs that stopped (the trigger's spreadsheet turned the add-on off) ----

  repair.addEventListener('click', () => {
    repairStatus.set('busy', 'Setting up scheduled runs here…');
    whileBusy(repair, 'Setting up…', () => call('repairScheduledRuns'))
      .then((next) => {
        render(next, false);
        repairStatus.set(
          'success',
          'Scheduled refreshes and tracking lists run from this spreadsheet now: the next run comes within the hour.',
        );
      })
      .catch((error: unknown) => repairStatus.error(error));
  });

  const renderTable = (table: TableView, now: Date): HTMLElement => {
    const item = tableItem(table, now);
    const questionId = `forget-question-${++rowId}`;
    const forget = h('button', { type: 'button', class: 'secondary small', 'aria-label': `Forget ${table.group}` }, 'Forget');
    const yes = h('button', { type: 'button', class: 'action small' }, 'Forget table');
    const no = h('button', { type: 'button', class: 'secondary small' }, 'Cancel');
    const confirm = h(
      'div',
      { class: 'confirm calm', role: 'group', 'aria-labelledby': questionId, hidden: true },
      h('p', { id: questionId }, `Stop tracking ${table.group}? Its cells stay in the sheet as they are; they just no longer refresh.`),
      h('div', { class: 'buttons' }, yes, no),
    );
    forget.addEventListener('click', () => {
      show(confirm, true);
      no.focus();
    });
    no.addEventListener('click', () => {
      show(confirm, false);
      forget.focus();
    });
    yes.addEventListener('click', () => {
      const index = view?.tables.findIndex((t) => t.id === table.id) ?? 0;
      status.set('busy', `Forgetting ${table.group}…`);
      whileBusy(yes, 'Forgetting…', () => call('forgetTable', table.id))
        .then((next) => {
          render(next, false);
          status.set('success', `Stopped tracking ${table.group}. Its cells stay as they are.`);
          const buttons = list.querySelectorAll<HTMLButtonElement>('.table-head button');
          (buttons[Math.min(index, buttons.length - 1)] ?? title).focus();
        })
        .catch((error: unknown) => status.error(error));
    });
    return h(
      'li',
      { class: `table-item table-${item.status}` },
      h('div', { class: 'table-head' }, h('span', { class: 'table-group' }, item.group), forget),
      h('div', { class: 'table-where' }, item.where),
      h('div', { class: `table-state state-${item.status}` }, item.state),
      confirm,
    );
  };

  const renderLastRun = (next: TablesView): void => {
    show(lastRun, next.lastRun !== null);
    if (!next.lastRun) return replaceChildren(lastRun);
    const run = runModel(next.lastRun);
    replaceChildren(
      lastRun,
      h('p', { class: 'run-head' }, run.heading),
      run.note ? h('p', { class: 'run-note' }, run.note) : null,
      run.results.length
        ? h(
            'ul',
            { class: 'run-list' },
            ...run.results.map((r) =>
              h(
                'li',
                { class: r.ok ? 'run-ok' : 'run-fail' },
                h('span', { class: 'run-mark', role: 'img', 'aria-label': r.ok ? 'refreshed' : 'failed' }, r.ok ? '✓' : '✗'),
                h(
                  'span',
                  { class: 'run-text' },
                  h('span', { class: 'run-group' }, r.group),
                  ' ',
                  h('span', { class: 'run-message' }, r.message),
                ),
              ),
            ),
          )
        : null,
    );
  };

  const load = async (withGroups = true): Promise<void> => {
    show(retryRow, false);
    status.set('busy', 'Loading ranking tables…');
    // The group list costs a request: read it only once the insert form is open.
    const groups = withGroups && (insertDetails.open || groupsLoaded) ? loadGroups() : Promise.resolve();
    try {
      render(await call('getTables'), true);
      status.clear();
    } catch (error) {
      status.error(error);
      show(retryRow, true);
    }
    await groups;
  };

  retry.addEventListener('click', () => void whileBusy(retry, 'Trying…', () => load(!groupsLoaded)));

  // ---- Insert: group, columns, place, rows ----

  const loadGroups = (): Promise<void> => {
    groupsLoading ??= readGroups().finally(() => (groupsLoading = null));
    return groupsLoading;
  };

  const readGroups = async (): Promise<void> => {
    const previous = groupSelect.value;
    groupSelect.disabled = true;
    replaceChildren(groupSelect, h('option', { value: '' }, 'Loading groups…'));
    show(groupsRetryRow, false);
    groupStatus.clear();
    try {
      const choices = groupChoices(await call('getRankingGroups'));
      replaceChildren(
        groupSelect,
        h('option', { value: '' }, choices.length ? 'Choose a group…' : 'None offered: type one below'),
        ...choices.map((choice) =>
          h('optgroup', { label: choice.label }, ...choice.options.map((o) => h('option', { value: o.value }, o.text))),
        ),
      );
      groupsLoaded = true;
      groupSelect.value = previous; // kept when the new list still offers it
      if (!typed.value.trim() && groupSelect.value !== previewGroup) clearColumns('Pick a group to choose its columns.');
    } catch (error) {
      replaceChildren(groupSelect, h('option', { value: '' }, 'List unavailable: type a group below'));
      groupStatus.set('error', `${error instanceof Error ? error.message : String(error)} You can still type a group below.`);
      show(groupsRetryRow, true);
    } finally {
      groupSelect.disabled = false;
    }
  };

  groupsRetry.addEventListener('click', () => void whileBusy(groupsRetry, 'Loading…', loadGroups));

  insertDetails.addEventListener('toggle', () => {
    if (insertDetails.open && !groupsLoaded) void loadGroups();
  });

  const clearColumns = (hint: string): void => {
    previewGroup = null;
    preview = null;
    previewToken++;
    columnBoxes = [];
    replaceChildren(columnList);
    show(allRow, false);
    rowsText.textContent = '';
    columnsHint.textContent = hint;
    show(columnsHint, true);
    previewStatus.clear();
  };

  const syncAll = (): void => {
    const checked = columnBoxes.filter((box) => box.checked).length;
    allBox.checked = checked === columnBoxes.length;
    allBox.indeterminate = checked > 0 && checked < columnBoxes.length;
  };

  const loadPreview = async (group: string): Promise<void> => {
    if (previewGroup === group) return; // shown already, or on its way
    clearColumns('');
    show(columnsHint, false);
    previewGroup = group;
    const token = previewToken;
    previewStatus.set('busy', `Reading the columns of ${group}…`);
    try {
      const answer = await call('previewRankingTable', group);
      if (token !== previewToken) return; // another group was picked meanwhile
      preview = { group, headers: answer.headers, rows: answer.rows };
      columnBoxes = answer.headers.map((header) => h('input', { type: 'checkbox', value: header, checked: true }));
      replaceChildren(
        columnList,
        ...columnBoxes.map((box, i) => {
          box.id = `insert-column-${i}`;
          box.addEventListener('change', syncAll);
          return h('div', { class: 'checkbox-row' }, box, h('label', { for: box.id }, answer.headers[i]));
        }),
      );
      rowsText.textContent = `· ${group}, ${plural(answer.rows, 'row', 'rows')}`;
      show(allRow, columnBoxes.length > 1);
      syncAll();
      previewStatus.clear();
    } catch (error) {
      if (token !== previewToken) return;
      previewGroup = null;
      previewStatus.error(error);
    }
  };

  /** The group the form points at, checked, or null when nothing is chosen yet. */
  const chosenGroup = (): { group: string } | { error: string } => checkGroup(typed.value.trim() ? typed.value : groupSelect.value);

  groupSelect.addEventListener('change', () => {
    insertStatus.clear();
    groupStatus.clear();
    if (groupSelect.value) {
      typed.value = '';
      void loadPreview(groupSelect.value);
    } else clearColumns('Pick a group to choose its columns.');
  });

  typed.addEventListener('input', () => {
    if (typed.value.trim() && groupSelect.value) groupSelect.value = '';
    const checked = checkGroup(typed.value);
    if (!('group' in checked) || checked.group !== previewGroup) {
      clearColumns(typed.value.trim() ? 'Press Enter to see its columns.' : 'Pick a group to choose its columns.');
    }
  });

  const typedDone = (): void => {
    if (!typed.value.trim()) return;
    const checked = checkGroup(typed.value);
    if ('error' in checked) {
      groupStatus.set('error', checked.error);
      return;
    }
    groupStatus.clear();
    void loadPreview(checked.group);
  };
  typed.addEventListener('change', typedDone);
  typed.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // Enter here shows the columns; it does not insert yet
    typedDone();
  });

  allBox.addEventListener('change', () => {
    for (const box of columnBoxes) box.checked = allBox.checked;
    allBox.indeterminate = false;
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    const checked = chosenGroup();
    if ('error' in checked) {
      insertStatus.set('error', checked.error);
      (typed.value.trim() || groupSelect.disabled ? typed : groupSelect).focus();
      return;
    }
    const rows = limit.validity.badInput ? { error: 'Rows must be a whole number, or empty for all.' } : checkRowLimit(limit.value);
    if ('error' in rows) {
      insertStatus.set('error', rows.error);
      limit.focus();
      return;
    }
    let columns: string[] | null = null;
    if (preview && preview.group === checked.group) {
      const picked = columnBoxes.filter((box) => box.checked).map((box) => box.value);
      if (!picked.length) {
        insertStatus.set('error', 'Tick at least one column.');
        (columnBoxes.length > 1 ? allBox : (columnBoxes[0] ?? allBox)).focus();
        return;
      }
      columns = columnsRequest(preview.headers, picked);
    }
    const placement = atSelection.checked ? 'selection' : 'new-sheet';
    const before = view?.tables ?? [];
    insertStatus.set(
      'busy',
      placement === 'new-sheet' ? `Inserting ${checked.group} into a new sheet…` : `Inserting ${checked.group} at the selected cell…`,
    );
    whileBusy(submit, 'Inserting…', () => call('insertRankingTable', { group: checked.group, placement, columns, limit: rows.limit }))
      .then((next) => {
        render(next, false);
        status.clear();
        const added = insertedTable(before, next.tables);
        insertStatus.set(
          'success',
          added ? `Inserted ${added.group} at ${added.range} (${plural(added.rows, 'row', 'rows')}).` : `Inserted ${checked.group}.`,
        );
        onSpent();
      })
      .catch((error: unknown) => insertStatus.error(error));
  });

  // ---- Schedule ----

  const syncScheduleFields = (): void => {
    show(hourField, kind.value === 'daily' || kind.value === 'weekly');
    show(weekdayField, kind.value === 'weekly');
  };

  const applySchedule = (schedule: Schedule): void => {
    kind.value = schedule.kind;
    if (schedule.kind === 'daily' || schedule.kind === 'weekly') hour.value = String(schedule.hour);
    if (schedule.kind === 'weekly') weekday.value = String(schedule.weekday);
    syncScheduleFields();
  };

  kind.addEventListener('change', () => {
    scheduleStatus.clear();
    syncScheduleFields();
  });

  scheduleForm.addEventListener('submit', (event) => {
    event.preventDefault();
    if (scheduleSave.disabled) return;
    const schedule = scheduleFromForm(kind.value, hour.value, weekday.value);
    scheduleStatus.set('busy', 'Saving the schedule…');
    whileBusy(scheduleSave, 'Saving…', () => call('setRefreshSchedule', schedule))
      .then((next) => {
        render(next, true);
        const words = describeSchedule(next.schedule);
        scheduleStatus.set(
          'success',
          next.schedule.kind === 'off'
            ? 'Saved: no scheduled refreshes here.'
            : `Saved: tables refresh ${words.charAt(0).toLowerCase()}${words.slice(1)}.`,
        );
      })
      .catch((error: unknown) => scheduleStatus.error(error));
  });

  // ---- Refresh now ----

  refresh.addEventListener('click', () => {
    if (view && view.tables.length === 0) {
      refreshStatus.set('info', 'Insert a table first: there is nothing to refresh yet.');
      return;
    }
    refreshStatus.set('busy', 'Refreshing… (progress appears in the spreadsheet)');
    whileBusy(refresh, 'Refreshing…', () => call('refreshTablesNow', force.checked))
      .then((next) => {
        render(next, false);
        const outcome = refreshOutcome(next.run);
        refreshStatus.set(outcome.kind, outcome.message);
        force.checked = false; // skipping the cache costs requests: one run at a time
        onSpent();
      })
      .catch((error: unknown) => refreshStatus.error(error));
  });

  const reveal = (): void => {
    insertDetails.open = true;
    section.scrollIntoView({ block: 'start' });
    title.focus({ preventScroll: true });
  };

  return { load, reveal };
}
