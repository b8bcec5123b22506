/**
 * The tracking section: each list (where it lives, its last run, what its next run asks for and may
 * spend), Run now, Add items, Forget; and the form that starts tracking typed or selected keywords or
 * brands, with the cost shown before anything is asked. Server values are inserted as text. The form
 * lives in sections/tracking/; this module shows the lists and acts on them.
 */
import type { TrackingView, TrackListView } from '../../shared/sidebar-api';
import { byId, h, replaceChildren, show } from '../dom';
import { call } from '../server';
import { busyCall, StatusLine } from '../status';
import { localWhen } from '../tables-model';
import { listWhere, nextRunText, parseItems, trackingSummary } from '../tracking-model';
import type { Summarise } from '../folds';
import { mountTrackForm } from './tracking/track-form';

/**
 * Binds the tracking section; `load` reads the lists.
 * @param spent called after a run that may have spent (usage is counted again)
 * @param summarise told the line beside the section's heading
 */
export function mountTrackingSection(spent: () => void, summarise: Summarise): { load(): Promise<void> } {
  const list = byId('track-list', HTMLUListElement);
  const stopped = byId('track-stopped', HTMLParagraphElement);
  const statusElement = byId('track-status', HTMLParagraphElement);
  const status = new StatusLine(statusElement);
  /** The list whose item shows the status line (its last action), so a new view keeps it there. */
  let statusAt: string | null = null;

  const render = (view: TrackingView): void => {
    list.after(statusElement); // out of the items it may sit in, before they are replaced
    replaceChildren(list, ...view.lists.map(renderList));
    show(list, view.lists.length > 0);
    stopped.textContent = view.runStop?.message ?? '';
    show(stopped, view.runStop !== null);
    const line = trackingSummary(view);
    summarise(line.text, line.warn ? 'warn' : 'plain');
  };

  const act = (button: HTMLButtonElement, label: string, task: () => Promise<TrackingView>, done: string): void => {
    // Under the list it acts on, where the user looks.
    const item = button.closest('li');
    statusAt = item?.dataset.id ?? null;
    item?.append(statusElement);
    busyCall(status, button, [label, label], task, (view) => {
      render(view);
      status.set('success', done);
      spent();
    });
  };

  const renderList = (item: TrackListView): HTMLElement => {
    const run = h('button', { type: 'button', class: 'secondary small' }, 'Run now');
    const forget = h('button', { type: 'button', class: 'secondary small', 'aria-label': `Forget ${item.name}` }, 'Forget');
    const more = h('input', {
      type: 'text',
      'aria-label': `Add ${item.kind} to ${item.name}`,
      placeholder: `Add ${item.kind}, comma separated`,
    });
    const add = h('button', { type: 'button', class: 'secondary small' }, 'Add');
    run.addEventListener('click', () => act(run, 'Running…', () => call('runTrackingNow', item.id), `Ran ${item.name}.`));
    add.addEventListener('click', () =>
      act(add, 'Adding…', () => call('addTrackedItems', item.id, parseItems(more.value)), `Added to ${item.name}; see its sheet.`),
    );
    // Two clicks to forget: the history sheet stays either way.
    forget.addEventListener('click', () => {
      if (forget.textContent === 'Forget') {
        forget.textContent = 'Sure? Its sheet stays';
        forget.setAttribute('aria-label', `Forget ${item.name} for sure? Its sheet stays`);
      } else act(forget, 'Forgetting…', () => call('forgetTrackingList', item.id), `Stopped tracking ${item.name}; its sheet stays.`);
    });
    const when = localWhen(item.lastRun);
    const li = h(
      'li',
      { class: `table-item table-${item.status}`, 'data-id': item.id },
      h('div', { class: 'table-head' }, h('span', { class: 'table-group' }, item.name), run, forget),
      h('div', { class: 'table-where' }, listWhere(item)),
      h('div', { class: `table-state state-${item.status}` }, (when ? `${when}: ` : '') + item.message),
      h('div', { class: 'table-where' }, nextRunText(item)),
      h('div', { class: 'inline' }, more, add),
    );
    if (statusAt === item.id) li.append(statusElement);
    return li;
  };

  mountTrackForm(render, spent);
  return {
    async load() {
      try {
        render(await call('getTracking'));
        status.clear();
      } catch (error) {
        status.error(error);
      }
    },
  };
}
