/**
 * What the viewer's scheduled runs left to say: their notes, why they stop at each run (a permission, the
 * key, the allowance, the service: what to do), and a notice with a one-click repair when those runs
 * stopped altogether (the trigger's spreadsheet turned the add-on off).
 */
import type { TablesView } from '../../../shared/sidebar-api';
import { byId, h, replaceChildren, show } from '../../dom';
import { call } from '../../server';
import { busyCall, statusLine } from '../../status';
import { noteItems } from '../../tables-model';
import type { TablesPage } from './page';

/** The scheduled runs' part of the section. */
export interface ScheduledRunsNotice {
  /**
   * Shows the notes and the notice of a view.
   * @param next what the server sent
   * @param now the time the notes are told against
   */
  show(next: TablesView, now: Date): void;
}

/**
 * Binds the notes and the stopped-runs notice.
 * @param page the section (showing what the repair returns)
 */
export function mountScheduledRuns(page: TablesPage): ScheduledRunsNotice {
  const notesBlock = byId('tables-notes-block', HTMLDivElement);
  const notes = byId('tables-notes', HTMLUListElement);
  const stopped = byId('tables-stopped', HTMLParagraphElement);
  const overdue = byId('tables-overdue', HTMLDivElement);
  const overdueText = byId('tables-overdue-text', HTMLParagraphElement);
  const repair = byId('tables-repair', HTMLButtonElement);
  const repairStatus = statusLine('tables-repair-status');

  repair.addEventListener('click', () => {
    busyCall(
      repairStatus,
      repair,
      ['Setting up scheduled runs here…', 'Setting up…'],
      () => call('repairScheduledRuns'),
      (next) => {
        page.render(next, false);
        repairStatus.set(
          'success',
          'Scheduled refreshes and tracking lists run from this spreadsheet now: the next run comes within the hour.',
        );
      },
    );
  });

  return {
    show(next, now) {
      const lines = noteItems(next.notes, now);
      replaceChildren(notes, ...lines.map((line) => h('li', {}, line)));
      show(notesBlock, lines.length > 0);
      stopped.textContent = next.runStop?.message ?? '';
      show(stopped, next.runStop !== null);
      overdueText.textContent = next.overdue?.message ?? '';
      show(overdue, next.overdue !== null);
    },
  };
}
