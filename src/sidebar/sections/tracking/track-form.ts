/**
 * The form that starts tracking typed or selected keywords or brands, with what it costs shown before
 * anything is asked (the rule at once, then the server's count once typing pauses) and the fields to
 * keep (track-fields.ts).
 */
import type { TrackingView, TrackKind, TrackPeriod } from '../../../shared/sidebar-api';
import { byId } from '../../dom';
import { call } from '../../server';
import { busyCall, statusLine, whileBusy } from '../../status';
import { itemsText, parseItems, selectionText, trackCostText } from '../../tracking-model';
import { mountTrackFields } from './track-fields';

/** How long typing pauses before the items' cost is counted on the server. */
const COST_DELAY_MS = 400;

/**
 * Binds the form.
 * @param render shows the lists the server returns
 * @param spent called after tracking started (it may have spent: usage is counted again)
 */
export function mountTrackForm(render: (view: TrackingView) => void, spent: () => void): void {
  const form = byId('track-form', HTMLFormElement);
  const kind = byId('track-kind', HTMLSelectElement);
  const items = byId('track-items', HTMLTextAreaElement);
  const fromSelection = byId('track-selection', HTMLButtonElement);
  const period = byId('track-period', HTMLSelectElement);
  const name = byId('track-name', HTMLInputElement);
  const submit = byId('track-submit', HTMLButtonElement);
  const status = statusLine('track-form-status');
  const selectedKind = (): TrackKind => (kind.value === 'brands' ? 'brands' : 'keywords');
  const selectedPeriod = (): TrackPeriod => (period.value === 'day' ? 'day' : 'week');
  const fields = mountTrackFields(items, selectedKind, status);
  const updateCost = bindCost(items, selectedKind, selectedPeriod, submit);
  for (const input of [items, kind, period]) input.addEventListener('input', updateCost);
  kind.addEventListener('change', () => {
    fields.clear();
    updateCost();
  });

  fromSelection.addEventListener('click', () => {
    whileBusy(fromSelection, 'Reading…', () => call('readSelectedItems', selectedKind()))
      .then((read) => {
        items.value = read.items.join('\n');
        updateCost();
        status.set('info', selectionText(read, selectedKind()));
      })
      .catch((error: unknown) => status.error(error));
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const request = {
      name: name.value,
      kind: selectedKind(),
      items: parseItems(items.value),
      period: selectedPeriod(),
      fields: fields.picked(),
    };
    if (!request.items.length) {
      status.set('error', `Type or select at least one ${request.kind === 'keywords' ? 'keyword' : 'brand slug'}.`);
      return items.focus();
    }
    const busy = [`Tracking ${itemsText(request.items.length, request.kind)}: reading their answers…`, 'Tracking…'] as const;
    busyCall(
      status,
      submit,
      busy,
      () => call('addTrackingList', request),
      (view) => {
        render(view);
        const added = view.lists[view.lists.length - 1];
        status.set('success', added ? `Tracking on "${added.sheetName}": ${added.message}` : 'Tracking.');
        spent();
        items.value = '';
        name.value = '';
        updateCost();
      },
    );
  });
}

/**
 * Binds the cost line: the rule as the items are typed, then what the server counts (a dry run, no
 * request) once typing pauses; the newest count wins. The submit button names the kind.
 * @param items the box of typed items
 * @param kind the kind chosen
 * @param period how often the list would run
 * @param submit the form's button
 * @returns what shows the cost for the form as it is now
 */
function bindCost(items: HTMLTextAreaElement, kind: () => TrackKind, period: () => TrackPeriod, submit: HTMLButtonElement): () => void {
  const cost = byId('track-cost', HTMLParagraphElement);
  let token = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    const typed = parseItems(items.value);
    const n = new Set(typed.map((s) => s.toLowerCase())).size;
    const k = kind();
    const p = period();
    submit.textContent = `Track these ${k}`;
    cost.textContent = trackCostText(n, k, p, null);
    const mine = ++token;
    clearTimeout(timer);
    if (!n) return;
    timer = setTimeout(() => {
      call('estimateTracking', k, typed)
        .then((counted) => {
          if (mine === token) cost.textContent = trackCostText(n, k, p, counted);
        })
        .catch(() => undefined); // bad items are named when tracking; the count above stays
    }, COST_DELAY_MS);
  };
}
