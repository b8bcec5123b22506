/**
 * The fields a new tracking list keeps: "Choose" reads one answer of the first typed item and offers a
 * box per numeric field (the defaults ticked); until then the list keeps the answer's main numbers.
 */
import { byId, checkboxRow, h, replaceChildren } from '../../dom';
import { call } from '../../server';
import { whileBusy, type StatusLine } from '../../status';
import { fieldsModel, parseItems } from '../../tracking-model';
import type { TrackKind } from '../../../shared/sidebar-api';

/** The fields' part of the form. */
export interface TrackFields {
  /** The ticked fields, or null while none were offered (the answer's main numbers are kept). */
  picked(): string[] | null;
  /** Forgets the boxes shown (the kind changed: its answers have other fields). */
  clear(): void;
}

/**
 * Binds "Choose" and the field list.
 * @param items the box of typed items (the first one is read)
 * @param kind the kind chosen in the form
 * @param status the form's status line
 */
export function mountTrackFields(items: HTMLTextAreaElement, kind: () => TrackKind, status: StatusLine): TrackFields {
  const choose = byId('track-fields-show', HTMLButtonElement);
  const list = byId('track-field-list', HTMLDivElement);
  /** The field boxes once shown (null: the answer's main numbers). */
  let boxes: HTMLInputElement[] | null = null;

  choose.addEventListener('click', () => {
    const [first] = parseItems(items.value);
    if (!first) return status.set('error', 'Type an item first: its answer shows the fields.');
    whileBusy(choose, 'Reading…', () => call('previewTrackFields', kind(), first))
      .then((view) => {
        const model = fieldsModel(view);
        boxes = model.fields.map((field) => h('input', { type: 'checkbox', value: field.path, checked: field.checked }));
        replaceChildren(
          list,
          h('p', { class: 'hint' }, model.always),
          ...boxes.map((box, i) => checkboxRow(box, `track-field-${i}`, model.fields[i]!.label)),
        );
        status.clear();
      })
      .catch((error: unknown) => status.error(error));
  });

  return {
    picked: () => (boxes ? boxes.filter((b) => b.checked).map((b) => b.value) : null),
    clear() {
      boxes = null;
      replaceChildren(list);
    },
  };
}
