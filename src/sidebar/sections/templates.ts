/**
 * The templates section: the four templates, each with what inserting it may spend, counted without a
 * request and shown before the button; Insert makes a new sheet. Under Brand watch, each brand watch sheet
 * of the spreadsheet (found by its mark, whenever the section loads, so after reopening the sidebar or a
 * rename too) offers Track these brands until its brands are tracked, then says they are. Server values
 * are inserted as text.
 */
import type { TemplateSheetView, TemplateView } from '../../shared/sidebar-api';
import { byId, h, replaceChildren } from '../dom';
import { call } from '../server';
import { busyCall, StatusLine } from '../status';
import { templateCostText } from '../templates-model';
import type { Summarise } from '../folds';

/**
 * Binds the templates section.
 * @param spent called after something spent (usage is read again)
 * @param added called after formulas were added to the spreadsheet (the formula count is read again)
 * @param summarise told the line beside the section's heading
 */
export function mountTemplatesSection(
  spent: () => void,
  added: () => void,
  summarise: Summarise,
): { load(): Promise<void>; focusFirst(): void } {
  const list = byId('templates-list', HTMLUListElement);
  const statusElement = byId('templates-status', HTMLParagraphElement);
  const status = new StatusLine(statusElement);
  /** The template whose item shows the status line (its last action), so a new list keeps it there. */
  let statusAt: TemplateView['id'] | null = null;

  const render = (templates: TemplateView[], sheets: TemplateSheetView[]): void => {
    list.after(statusElement); // out of the items it may sit in, before they are replaced
    replaceChildren(list, ...templates.map((t) => renderTemplate(t, sheets)));
    summarise(templates.map((t) => t.title).join(', '));
  };

  const load = async (): Promise<void> => {
    try {
      const [templates, sheets] = await Promise.all([call('listTemplates'), call('templateSheets')]);
      render(templates, sheets);
    } catch (error) {
      status.error(error);
    }
  };

  const renderTemplate = (t: TemplateView, sheets: TemplateSheetView[]): HTMLElement => {
    const insert = h('button', { type: 'button', class: 'secondary small', 'aria-label': `Insert ${t.title}` }, 'Insert');
    const mine = t.id === 'brand-watch' ? sheets.filter((s) => s.id === t.id) : [];
    const track = (sheet: TemplateSheetView, button: HTMLButtonElement): void => {
      here();
      busyCall(
        status,
        button,
        ['Starting the tracking list…', 'Tracking…'],
        () => call('trackTemplateBrands', sheet.sheetName),
        () => {
          status.set('success', `Tracking the brands of "${sheet.sheetName}" every week: see "Tracking over time".`);
          spent();
          void load();
        },
      );
    };
    const item = templateItem(
      t,
      insert,
      mine.map((sheet) => sheetItem(sheet, track)),
    );
    // The status line shows in the item of the last action, under its buttons, where the user looks.
    const here = (): void => {
      statusAt = t.id;
      item.append(statusElement);
    };
    if (statusAt === t.id) item.append(statusElement);
    insert.addEventListener('click', () => {
      here();
      busyCall(
        status,
        insert,
        [`Inserting ${t.title}…`, 'Inserting…'],
        () => call('insertTemplate', t.id),
        (sheetName) => {
          status.set('success', `Inserted on the new sheet "${sheetName}".`);
          spent();
          added();
          void load();
        },
      );
    });
    return item;
  };

  return { load, focusFirst: () => list.querySelector('button')?.focus() };
}

/**
 * A template as the list shows it: its title and what it does, Insert beside what it may spend (the
 * choice and its cost read together, in less height), and its brand watch sheets.
 * @param t the template
 * @param insert its Insert button
 * @param sheets its sheets' items
 */
function templateItem(t: TemplateView, insert: HTMLButtonElement, sheets: HTMLElement[]): HTMLElement {
  return h(
    'li',
    { class: 'template' },
    h('strong', {}, t.title),
    h('p', { class: 'hint' }, t.description),
    h('div', { class: 'buttons template-action' }, insert, h('p', { class: 'hint template-cost' }, templateCostText(t))),
    sheets.length > 0 && h('ul', { class: 'template-sheets', 'aria-label': `${t.title} sheets` }, ...sheets),
  );
}

/**
 * A brand watch sheet: it says its brands are tracked, or offers to track them.
 * @param sheet the sheet, found by its mark
 * @param track what the button does
 */
function sheetItem(sheet: TemplateSheetView, track: (sheet: TemplateSheetView, button: HTMLButtonElement) => void): HTMLElement {
  if (sheet.tracked) {
    return h('li', { class: 'hint' }, `"${sheet.sheetName}": its brands are tracked every week (see Tracking over time).`);
  }
  const button = h(
    'button',
    { type: 'button', class: 'action small', 'aria-label': `Track these brands of "${sheet.sheetName}"` },
    'Track these brands',
  );
  button.addEventListener('click', () => track(sheet, button));
  return h('li', {}, h('span', { class: 'hint' }, `"${sheet.sheetName}" `), button);
}
