/** The insert form's columns: read from a preview of the chosen group, each a checkbox, with All columns. */
import type { SpendCost } from '../../../shared/sidebar-api';
import { byId, checkboxRow, h, replaceChildren, show } from '../../dom';
import { plural } from '../../format';
import { call } from '../../server';
import { statusLine } from '../../status';
import { columnsRequest } from '../../tables-model';

/** The columns' part of the insert form. */
export interface ColumnPicker {
  /**
   * Shows a group's columns, read once (a newer pick wins over an answer still on its way).
   * @param group a checked group, such as sector:fintech
   */
  load(group: string, name?: string): Promise<void>;
  /**
   * Empties the list and shows a hint instead.
   * @param hint what to do to see columns
   */
  clear(hint: string): void;
  /** The group whose columns are shown or being read, or null. */
  group(): string | null;
  /** What inserting the shown group sends, as its preview counted it; null before a preview came. */
  insertCost(): SpendCost | null;
  /**
   * The columns to ask for when inserting a group: null for all (its columns were not read), or the
   * ticked ones; an error, and the box to focus, when none is ticked.
   * @param group the group being inserted
   */
  request(group: string): { columns: string[] | null } | { error: string; focus: HTMLElement };
}

/**
 * Binds the column list of the insert form.
 * @param onCost told when what inserting sends may have changed (a preview came, or was cleared)
 */
export function mountColumnPicker(onCost: () => void): ColumnPicker {
  const rowsText = byId('insert-rows', HTMLSpanElement);
  const hintText = byId('insert-columns-hint', HTMLParagraphElement);
  const allRow = byId('insert-all-row', HTMLDivElement);
  const allBox = byId('insert-all', HTMLInputElement);
  const columnList = byId('insert-column-list', HTMLDivElement);
  const status = statusLine('insert-preview-status');

  /** The group whose columns are shown or being read, and the answer once it came. */
  let previewGroup: string | null = null;
  let preview: { group: string; headers: string[]; rows: number; insertCost: SpendCost } | null = null;
  let previewToken = 0;
  let boxes: HTMLInputElement[] = [];

  const clear = (hint: string): void => {
    previewGroup = null;
    preview = null;
    previewToken++;
    boxes = [];
    replaceChildren(columnList);
    show(allRow, false);
    rowsText.textContent = '';
    hintText.textContent = hint;
    show(hintText, true);
    status.clear();
    onCost();
  };

  const syncAll = (): void => {
    const checked = boxes.filter((box) => box.checked).length;
    allBox.checked = checked === boxes.length;
    allBox.indeterminate = checked > 0 && checked < boxes.length;
  };

  allBox.addEventListener('change', () => {
    for (const box of boxes) box.checked = allBox.checked;
    allBox.indeterminate = false;
  });

  const load = async (group: string, name = group): Promise<void> => {
    if (previewGroup === group) return; // shown already, or on its way
    clear('');
    show(hintText, false);
    previewGroup = group;
    const token = previewToken;
    status.set('busy', `Reading the columns of ${name}…`);
    try {
      const answer = await call('previewRankingTable', group);
      if (token !== previewToken) return; // another group was picked meanwhile
      preview = { group, headers: answer.headers, rows: answer.rows, insertCost: answer.insertCost };
      onCost();
      boxes = answer.headers.map((header) => h('input', { type: 'checkbox', value: header, checked: true }));
      for (const box of boxes) box.addEventListener('change', syncAll);
      replaceChildren(columnList, ...boxes.map((box, i) => checkboxRow(box, `insert-column-${i}`, answer.labels[i] ?? answer.headers[i])));
      rowsText.textContent = `· ${answer.name}, ${plural(answer.rows, 'row', 'rows')}`;
      show(allRow, boxes.length > 1);
      syncAll();
      status.clear();
    } catch (error) {
      if (token !== previewToken) return;
      previewGroup = null;
      status.error(error);
    }
  };

  return {
    load,
    clear,
    group: () => previewGroup,
    insertCost: () => preview?.insertCost ?? null,
    request(group) {
      if (!preview || preview.group !== group) return { columns: null };
      const picked = boxes.filter((box) => box.checked).map((box) => box.value);
      if (!picked.length) return { error: 'Tick at least one column.', focus: boxes.length > 1 ? allBox : (boxes[0] ?? allBox) };
      return { columns: columnsRequest(preview.headers, picked) };
    },
  };
}
