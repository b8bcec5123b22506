/**
 * The templates section: the three templates, each with what inserting it may spend, counted without a
 * request and shown before the button; Insert makes a new sheet; after a brand watch, one click tracks its
 * brands week by week. Server values are inserted as text.
 */
import type { TemplateView } from '../../shared/sidebar-api';
import { byId, h, replaceChildren } from '../dom';
import { call } from '../server';
import { StatusLine, whileBusy } from '../status';

/**
 * What a template may spend, in words.
 * @param t a template as listed
 */
export function templateCostText(t: TemplateView): string {
  if (!t.requests) return 'Costs nothing now: every answer it needs is cached.';
  const requests = `${t.requests} request${t.requests === 1 ? '' : 's'}`;
  const searches = t.freshSearches ? `, ${t.freshSearches} of them new searches (each may use a fresh search)` : ', no fresh search';
  return `Inserting it sends at most ${requests}${searches}.`;
}

/**
 * Binds the templates section.
 * @param spent called after something spent (usage is read again)
 */
export function mountTemplatesSection(spent: () => void): { load(): Promise<void>; reveal(): void } {
  const section = byId('templates-section', HTMLElement);
  const list = byId('templates-list', HTMLUListElement);
  const status = new StatusLine(byId('templates-status', HTMLParagraphElement));

  const render = (templates: TemplateView[]): void => {
    replaceChildren(list, ...templates.map(renderTemplate));
  };

  const load = async (): Promise<void> => {
    try {
      render(await call('listTemplates'));
    } catch (error) {
      status.error(error);
    }
  };

  const renderTemplate = (t: TemplateView): HTMLElement => {
    const insert = h('button', { type: 'button', class: 'secondary small', 'aria-label': `Insert ${t.title}` }, 'Insert');
    const item = h(
      'li',
      { class: 'template' },
      h('strong', {}, t.title),
      h('p', { class: 'hint' }, t.description),
      h('p', { class: 'hint template-cost' }, templateCostText(t)),
      h('div', { class: 'buttons' }, insert),
    );
    insert.addEventListener('click', () => {
      status.set('busy', `Inserting ${t.title}…`);
      whileBusy(insert, 'Inserting…', () => call('insertTemplate', t.id))
        .then((sheetName) => {
          status.set('success', `Inserted on the new sheet "${sheetName}".`);
          if (t.id === 'brand-watch') item.append(trackButton(sheetName));
          spent();
          void load();
        })
        .catch((error: unknown) => status.error(error));
    });
    return item;
  };

  const trackButton = (sheetName: string): HTMLElement => {
    const track = h('button', { type: 'button', class: 'action small' }, 'Track these brands');
    track.addEventListener('click', () => {
      status.set('busy', 'Starting the tracking list…');
      whileBusy(track, 'Tracking…', () => call('trackTemplateBrands', sheetName))
        .then(() => {
          status.set('success', `Tracking the brands of "${sheetName}" every week: see "Tracking over time".`);
          track.remove();
          spent();
        })
        .catch((error: unknown) => status.error(error));
    });
    return h('div', { class: 'buttons' }, track);
  };

  return {
    load,
    reveal() {
      section.scrollIntoView({ block: 'start' });
      list.querySelector('button')?.focus();
    },
  };
}
