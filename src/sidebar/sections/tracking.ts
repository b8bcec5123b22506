/**
 * The tracking section: each list (where it lives, its last run, what its next run asks for and may
 * spend), Run now, Add items, Forget; and the form that starts tracking typed or selected keywords or
 * brands, with the cost shown before anything is asked. Server values are inserted as text.
 */
import type { TrackingView, TrackKind, TrackListView } from '../../shared/sidebar-api';
import { byId, h, replaceChildren, show } from '../dom';
import { call } from '../server';
import { StatusLine, whileBusy } from '../status';
import { localWhen } from '../tables-model';
import { itemsText, listWhere, nextRunText, parseItems, spendText, trackingSummary } from '../tracking-model';
import type { Summarise } from '../folds';
import { sendsText } from '../cost-model';

/** How long typing pauses before the items' cost is counted on the server. */
const COST_DELAY_MS = 400;

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
  const form = byId('track-form', HTMLFormElement);
  const kind = byId('track-kind', HTMLSelectElement);
  const items = byId('track-items', HTMLTextAreaElement);
  const fromSelection = byId('track-selection', HTMLButtonElement);
  const period = byId('track-period', HTMLSelectElement);
  const name = byId('track-name', HTMLInputElement);
  const showFields = byId('track-fields-show', HTMLButtonElement);
  const fieldList = byId('track-field-list', HTMLDivElement);
  const cost = byId('track-cost', HTMLParagraphElement);
  const submit = byId('track-submit', HTMLButtonElement);
  const formStatus = new StatusLine(byId('track-form-status', HTMLParagraphElement));
  /** The field boxes once shown (null: the answer's main numbers). */
  let boxes: HTMLInputElement[] | null = null;

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
    status.set('busy', `${label}`);
    whileBusy(button, label, task)
      .then((view) => {
        render(view);
        status.set('success', done);
        spent();
      })
      .catch((error: unknown) => status.error(error));
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

  const load = async (): Promise<void> => {
    try {
      render(await call('getTracking'));
      status.clear();
    } catch (error) {
      status.error(error);
    }
  };

  const selectedKind = (): TrackKind => (kind.value === 'brands' ? 'brands' : 'keywords');
  /** Counts the items' cost on the server (a dry run, no request) once typing pauses; the newest count wins. */
  let costToken = 0;
  let costTimer: ReturnType<typeof setTimeout> | undefined;
  const updateCost = (): void => {
    const typed = parseItems(items.value);
    const n = new Set(typed.map((s) => s.toLowerCase())).size;
    const k = selectedKind();
    const then = `then as much each ${period.value}`;
    submit.textContent = `Track these ${k}`;
    cost.textContent = n ? `Adding asks for ${itemsText(n, k)} now: ${spendText(n, k === 'keywords')}; ${then}.` : '';
    const token = ++costToken;
    clearTimeout(costTimer);
    if (!n) return;
    costTimer = setTimeout(() => {
      call('estimateTracking', k, typed)
        .then((counted) => {
          if (token === costToken) cost.textContent = `Tracking these now sends ${sendsText(counted)}; ${then}.`;
        })
        .catch(() => undefined); // bad items are named when tracking; the count above stays
    }, COST_DELAY_MS);
  };
  for (const input of [items, kind, period]) input.addEventListener('input', updateCost);
  kind.addEventListener('change', () => {
    boxes = null;
    replaceChildren(fieldList);
    updateCost();
  });

  fromSelection.addEventListener('click', () => {
    whileBusy(fromSelection, 'Reading…', () => call('readSelectedItems', selectedKind()))
      .then((read) => {
        items.value = read.items.join('\n');
        updateCost();
        formStatus.set(
          'info',
          `${itemsText(read.items.length, selectedKind())} from ${read.range}${read.skipped ? `; ${read.skipped} cells skipped` : ''}.`,
        );
      })
      .catch((error: unknown) => formStatus.error(error));
  });

  showFields.addEventListener('click', () => {
    const [first] = parseItems(items.value);
    if (!first) return formStatus.set('error', 'Type an item first: its answer shows the fields.');
    whileBusy(showFields, 'Reading…', () => call('previewTrackFields', selectedKind(), first))
      .then((view) => {
        boxes = view.fields.map((field) => h('input', { type: 'checkbox', value: field, checked: view.defaults.includes(field) }));
        const said = (path: string) => view.words[path] ?? path;
        const always = [view.score && `Score (${said(view.score)})`, view.series && said(view.series)].filter(Boolean).join(', ');
        replaceChildren(
          fieldList,
          h('p', { class: 'hint' }, `Always kept: ${always || 'the score'}.`),
          ...boxes.map((box, i) => {
            box.id = `track-field-${i}`;
            return h('div', { class: 'checkbox-row' }, box, h('label', { for: box.id }, said(box.value)));
          }),
        );
        formStatus.clear();
      })
      .catch((error: unknown) => formStatus.error(error));
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const request = {
      name: name.value,
      kind: selectedKind(),
      items: parseItems(items.value),
      period: period.value === 'day' ? ('day' as const) : ('week' as const),
      fields: boxes ? boxes.filter((b) => b.checked).map((b) => b.value) : null,
    };
    if (!request.items.length) {
      formStatus.set('error', `Type or select at least one ${request.kind === 'keywords' ? 'keyword' : 'brand slug'}.`);
      items.focus();
      return;
    }
    formStatus.set('busy', `Tracking ${itemsText(request.items.length, request.kind)}: reading their answers…`);
    whileBusy(submit, 'Tracking…', () => call('addTrackingList', request))
      .then((view) => {
        render(view);
        const added = view.lists[view.lists.length - 1];
        formStatus.set('success', added ? `Tracking on "${added.sheetName}": ${added.message}` : 'Tracking.');
        spent();
        items.value = '';
        name.value = '';
        updateCost();
      })
      .catch((error: unknown) => formStatus.error(error));
  });

  return { load };
}
