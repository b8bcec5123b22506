/**
 * The group of the insert form: picked from the offered list (read once the form opens: it costs a
 * request), or typed; choosing one shows its columns (columns.ts).
 */
import type { TablesView } from '../../../shared/sidebar-api';
import { sendsText } from '../../cost-model';
import { byId, h, replaceChildren, show } from '../../dom';
import { call } from '../../server';
import { statusLine, whileBusy, type StatusLine } from '../../status';
import { groupChoices, type GroupChoices } from '../../tables-model';
import { checkGroup } from '../../validate';
import type { ColumnPicker } from './columns';

/** The group's part of the insert form. */
export interface GroupPicker {
  /** Reads the list (a read under way is shared). */
  load(): Promise<void>;
  /** Whether the list has been read. */
  loaded(): boolean;
  /** The group the form points at, typed or picked, checked, with its name (the list's words for it, else the group). */
  chosen(): { group: string; name: string } | { error: string };
  /** Moves focus to where the group is chosen: the box when something is typed there or the list is not there yet. */
  focus(): void;
  /**
   * Says what opening the form sends (reading the list), while it was not read.
   * @param view what the server sent
   */
  showCost(view: TablesView): void;
}

/** The hint shown while no group is picked. */
const PICK_A_GROUP = 'Pick a group to choose its columns.';

/**
 * Binds the list and the box of the insert form.
 * @param columns the columns' part, shown for the chosen group
 * @param insertStatus the form's status line, cleared when another group is picked
 */
export function mountGroupPicker(columns: ColumnPicker, insertStatus: StatusLine): GroupPicker {
  const select = byId('insert-group', HTMLSelectElement);
  const typed = byId('insert-typed', HTMLInputElement);
  const status = statusLine('insert-groups-status');
  const retryRow = byId('insert-groups-retry-row', HTMLDivElement);
  const retry = byId('insert-groups-retry', HTMLButtonElement);
  const cost = byId('insert-groups-cost', HTMLParagraphElement);
  let loaded = false;
  let loading: Promise<void> | null = null;

  const read = async (): Promise<void> => {
    const previous = select.value;
    select.disabled = true;
    replaceChildren(select, h('option', { value: '' }, 'Loading groups…'));
    show(retryRow, false);
    status.clear();
    try {
      replaceChildren(select, ...groupOptions(groupChoices(await call('getRankingGroups'))));
      loaded = true;
      show(cost, false);
      select.value = previous; // kept when the new list still offers it
      if (!typed.value.trim() && select.value !== columns.group()) columns.clear(PICK_A_GROUP);
    } catch (error) {
      replaceChildren(select, h('option', { value: '' }, 'List unavailable: type a group below'));
      status.set('error', `${error instanceof Error ? error.message : String(error)} You can still type a group below.`);
      show(retryRow, true);
    } finally {
      select.disabled = false;
    }
  };
  const load = (): Promise<void> => {
    loading ??= read().finally(() => (loading = null));
    return loading;
  };
  retry.addEventListener('click', () => void whileBusy(retry, 'Loading…', load));

  select.addEventListener('change', () => {
    insertStatus.clear();
    status.clear();
    if (select.value) {
      typed.value = '';
      void columns.load(select.value, select.selectedOptions[0]?.text);
    } else columns.clear(PICK_A_GROUP);
  });
  bindTyped(typed, select, status, columns);

  return {
    load,
    loaded: () => loaded,
    chosen: () => {
      const checked = checkGroup(typed.value.trim() ? typed.value : select.value);
      const picked = typed.value.trim() ? undefined : select.selectedOptions[0]?.text;
      return 'group' in checked ? { ...checked, name: picked || checked.group } : checked;
    },
    focus: () => (typed.value.trim() || select.disabled ? typed : select).focus(),
    showCost(view) {
      cost.textContent = `Opening the form below reads the group list: it sends ${sendsText(view.groupListCost)}.`;
      show(cost, !loaded);
    },
  };
}

/**
 * The list's options: a first line that says what to do, then the groups under their headings.
 * @param choices the offered groups, grouped
 */
function groupOptions(choices: GroupChoices[]): HTMLElement[] {
  return [
    h('option', { value: '' }, choices.length ? 'Choose a group…' : 'None offered: type one below'),
    ...choices.map((choice) =>
      h('optgroup', { label: choice.label }, ...choice.options.map((o) => h('option', { value: o.value }, o.text))),
    ),
  ];
}

/**
 * Binds the box where a group is typed: typing clears the pick and the columns shown; Enter (or leaving
 * the box) shows the typed group's columns, or says what is wrong with it.
 * @param typed the box
 * @param select the offered list
 * @param status the group's status line
 * @param columns the columns' part
 */
function bindTyped(typed: HTMLInputElement, select: HTMLSelectElement, status: StatusLine, columns: ColumnPicker): void {
  typed.addEventListener('input', () => {
    if (typed.value.trim() && select.value) select.value = '';
    const checked = checkGroup(typed.value);
    if (!('group' in checked) || checked.group !== columns.group()) {
      columns.clear(typed.value.trim() ? 'Press Enter to see its columns.' : PICK_A_GROUP);
    }
  });
  const done = (): void => {
    if (!typed.value.trim()) return;
    const checked = checkGroup(typed.value);
    if ('error' in checked) return status.set('error', checked.error);
    status.clear();
    void columns.load(checked.group);
  };
  typed.addEventListener('change', done);
  typed.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // Enter here shows the columns; it does not insert yet
    done();
  });
}
