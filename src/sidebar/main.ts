/**
 * The sidebar's entry point: reads the settings (the viewer's key, and whose key this spreadsheet's
 * formulas use), then (with a key) the last usage read, ranking tables, tracking lists and what a refresh of the
 * formulas would send, none of which costs a request, and binds each section. Built by
 * scripts/build/sidebar.ts into dist/Sidebar.html.
 */
import type { SettingsView } from '../shared/sidebar-api';
import type { App } from './app';
import { byId, show } from './dom';
import { mountAdvancedSection } from './sections/advanced';
import { mountCacheSection } from './sections/cache';
import { mountFormulasSection } from './sections/formulas';
import { mountKeySection } from './sections/key';
import { mountTablesSection } from './sections/tables';
import { mountTemplatesSection } from './sections/templates';
import { mountTrackingSection } from './sections/tracking';
import { mountUsageSection } from './sections/usage';
import { call } from './server';
import { StatusLine, whileBusy } from './status';

function start(): void {
  const bootStatus = new StatusLine(byId('boot-status', HTMLParagraphElement));
  const retryRow = byId('boot-retry-row', HTMLDivElement);
  const retry = byId('boot-retry', HTMLButtonElement);
  const usageSection = byId('usage-section', HTMLElement);
  const tablesSection = byId('tables-section', HTMLElement);
  const tablesNeedKey = byId('tables-need-key', HTMLParagraphElement);
  const cacheSection = byId('cache-section', HTMLElement);
  const trackSection = byId('track-section', HTMLElement);
  const templatesSection = byId('templates-section', HTMLElement);
  const requested = requestedSection();
  // Opened by "Insert ranking table": go to the tables once they can be shown (a key may come first).
  let revealTables = requested === 'tables';
  let revealTemplates = requested === 'templates';
  // Opened by the menu's "Refresh all formulas" because it may spend more than is left: refresh as the
  // section's button does (asking first when it would), once the last usage read is there to compare.
  // Without that read the sidebar could not ask, so the button is left for the user to press.
  let refreshRequested = requested === 'refresh';

  let settings: SettingsView | null = null;
  const app: App = {
    get settings() {
      return settings;
    },
    applySettings(view, reload) {
      const hadKey = settings?.hasKey ?? false;
      settings = view;
      key.render(view);
      formulas.render(view);
      advanced.render(view);
      show(usageSection, view.hasKey);
      show(tablesSection, view.hasKey);
      show(cacheSection, view.hasKey);
      show(trackSection, view.hasKey);
      show(templatesSection, view.hasKey);
      show(tablesNeedKey, revealTables && !view.hasKey);
      if (view.hasKey && (reload || !hadKey)) {
        const usageShown = usage.load();
        void tables.load();
        void tracking.load();
        const templatesShown = templates.load();
        if (revealTemplates) {
          revealTemplates = false;
          void templatesShown.then(() => templates.reveal());
        }
        void cache.load();
        if (refreshRequested) {
          refreshRequested = false;
          cacheSection.scrollIntoView({ block: 'start' });
          void usageShown.then((shown) => shown && cache.refresh());
        }
      }
      if (view.hasKey && revealTables) {
        revealTables = false;
        setTimeout(tables.reveal, 0); // after the section that saved the key has placed its focus
      }
    },
    refreshFormulas() {
      cache.refresh();
    },
  };
  const key = mountKeySection(app);
  const formulas = mountFormulasSection(app);
  const advanced = mountAdvancedSection(app);
  // Usage is read from the service only on demand (Refresh). After what spends, it is counted again
  // without a request (the last read plus this document's spending since): a tables, tracking or
  // templates action at once, a formula refresh once the formulas have run; so no action sends more
  // than its estimate.
  const usage = mountUsageSection((read) => cache.setUsage(read));
  const tables = mountTablesSection(() => void usage.load());
  const tracking = mountTrackingSection(() => void usage.load());
  const templates = mountTemplatesSection(() => {
    void usage.load();
    void tracking.load();
  });
  const cache = mountCacheSection(app, (ms) => usage.readLater(ms));

  const boot = async (): Promise<void> => {
    bootStatus.set('busy', 'Loading settings…');
    show(retryRow, false);
    try {
      const view = await call('getSettings');
      bootStatus.clear();
      show(byId('boot-status', HTMLParagraphElement), false);
      app.applySettings(view, true);
    } catch (error) {
      bootStatus.error(error);
      show(retryRow, true);
    }
  };

  retry.addEventListener('click', () => void whileBusy(retry, 'Trying…', boot));
  if (requested === 'help') openHelp();
  void boot();
}

/**
 * The section the menu asked for by appending `window.SDM_OPEN_SECTION = "help"` (or "tables", or
 * "refresh") to the page (src/server/ui/menu.ts); other values are ignored.
 */
function requestedSection(): 'help' | 'tables' | 'refresh' | 'templates' | null {
  const requested = (window as { SDM_OPEN_SECTION?: unknown }).SDM_OPEN_SECTION;
  return requested === 'help' || requested === 'tables' || requested === 'refresh' || requested === 'templates' ? requested : null;
}

/** Opens the function reference and moves focus to it. */
function openHelp(): void {
  const details = document.getElementById('help');
  if (!(details instanceof HTMLDetailsElement)) return;
  details.open = true;
  details.scrollIntoView({ block: 'start' });
  details.querySelector('summary')?.focus();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
