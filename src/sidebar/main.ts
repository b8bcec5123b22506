/**
 * The sidebar's entry point: reads the settings (the viewer's key, and whose key this spreadsheet's
 * formulas use), then (with a key) the last usage read, ranking tables, tracking lists and what a refresh of the
 * formulas would send, none of which costs a request, and binds each section. The sections are an
 * accordion (folds.ts): one open at a time, each closed one summed up in a line beside its heading.
 * A section reads its figures again each time it is opened, and the formula count again when the user
 * comes back to the sidebar from the spreadsheet (formulas may have been typed meanwhile). Built by
 * scripts/build/sidebar.ts into dist/Sidebar.html.
 */
import type { SettingsView } from '../shared/sidebar-api';
import type { App } from './app';
import { byId, show } from './dom';
import { showEditorsWarning } from './editors';
import { mountFolds, type FoldName, type Summarise } from './folds';
import { mountAdvancedSection } from './sections/advanced';
import { mountAlertsSection } from './sections/alerts';
import { mountCacheSection } from './sections/cache';
import { mountFormulasSection } from './sections/formulas';
import { mountKeySection } from './sections/key';
import { mountTablesSection } from './sections/tables';
import { mountTemplatesSection } from './sections/templates';
import { mountTrackingSection } from './sections/tracking';
import { mountUsageSection } from './sections/usage';
import { call } from './server';
import { StatusLine, whileBusy } from './status';
import { usageSummary } from './summaries';
import { showVersion } from './version';

/** Counting the formulas again on focus at most this often. */
const FOCUS_RECOUNT_MS = 10_000;

function start(): void {
  const bootStatus = new StatusLine(byId('boot-status', HTMLParagraphElement));
  const retryRow = byId('boot-retry-row', HTMLDivElement);
  const retry = byId('boot-retry', HTMLButtonElement);
  const usageSection = byId('usage-section', HTMLElement);
  const tablesSection = byId('tables-section', HTMLElement);
  const tablesNeedKey = byId('tables-need-key', HTMLParagraphElement);
  const cacheSection = byId('cache-section', HTMLElement);
  const trackSection = byId('track-section', HTMLElement);
  const alertsSection = byId('alerts-section', HTMLElement);
  const templatesSection = byId('templates-section', HTMLElement);
  const folds = mountFolds();
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
      const first = settings === null;
      settings = view;
      showVersion(view);
      showEditorsWarning(view);
      key.render(view);
      formulas.render(view);
      advanced.render(view);
      show(usageSection, view.hasKey);
      show(tablesSection, view.hasKey);
      show(cacheSection, view.hasKey);
      show(trackSection, view.hasKey);
      show(alertsSection, view.hasKey);
      show(templatesSection, view.hasKey);
      show(tablesNeedKey, revealTables && !view.hasKey);
      if (view.hasKey && (reload || !hadKey)) {
        const usageShown = usage.load();
        const tablesShown = tables.load();
        void tracking.load();
        void alerts.load();
        const templatesShown = templates.load();
        if (revealTemplates) {
          revealTemplates = false;
          folds.open('templates', { scroll: true });
          void templatesShown.then(() => templates.focusFirst());
        }
        void cache.load();
        if (refreshRequested) {
          refreshRequested = false;
          folds.open('cache', { scroll: true });
          void usageShown.then((shown) => shown && cache.refresh());
        }
        // A first visit opens what needs the user (stopped scheduled runs), else the usage.
        if (first && !folds.anyOpen()) {
          folds.open('usage');
          void tablesShown.then(() => {
            if (tables.needsAttention() && folds.isOpen('usage')) folds.open('tables');
          });
        }
      }
      // Without a key, the key's section comes first: on the first visit, and once the key is removed.
      if (!view.hasKey && (first ? !folds.anyOpen() : hadKey)) folds.open('key');
      if (view.hasKey && revealTables) {
        revealTables = false;
        tables.openInsert();
        // After the section that saved the key has placed its focus.
        setTimeout(() => folds.open('tables', { focus: true, scroll: true }), 0);
      }
    },
    refreshFormulas(place) {
      cache.refresh(place);
    },
    countFormulaCells: () => cache.cells(),
    countNoKeyCells: () => cache.noKeyCells(),
  };
  const summary =
    (name: FoldName): Summarise =>
    (text, tone) =>
      folds.summarise(name, text, tone);
  const key = mountKeySection(app, summary('key'));
  const formulas = mountFormulasSection(app, summary('formulas'));
  const advanced = mountAdvancedSection(app);
  // Usage is read from the service only on demand (Refresh). After what spends, it is counted again
  // without a request (the last read plus this document's spending since): a tables, tracking or
  // templates action at once, a formula refresh once the formulas have run; so no action sends more
  // than its estimate.
  const usage = mountUsageSection((read) => cache.setUsage(read));
  const tables = mountTablesSection(() => void usage.load(), summary('tables'));
  const tracking = mountTrackingSection(() => void usage.load(), summary('track'));
  const alerts = mountAlertsSection(summary('alerts'));
  const cache = mountCacheSection(app, (ms) => usage.readLater(ms), summary('cache'));
  const templates = mountTemplatesSection(
    () => {
      void usage.load();
      void tracking.load();
    },
    () => void cache.load(), // a template adds formulas: the count and the estimate change
    summary('templates'),
  );

  // The usage section renders its own bars (sections/usage.ts); closed, its heading repeats them.
  const usageBody = byId('usage-body', HTMLDivElement);
  const mirrorUsage = (): void => {
    const line = usageSummary(usageBody);
    folds.summarise('usage', line.text, line.warn ? 'warn' : 'plain');
  };
  new MutationObserver(mirrorUsage).observe(usageBody, { childList: true, subtree: true, characterData: true });

  // Each section reads its figures again when opened: they may have changed since they were read.
  folds.onOpen('usage', () => void usage.load());
  folds.onOpen('templates', () => void templates.load());
  folds.onOpen('tables', () => void tables.load(false));
  folds.onOpen('track', () => void tracking.load());
  folds.onOpen('alerts', () => void alerts.load());
  folds.onOpen('cache', () => void cache.load());
  folds.onOpen(
    'formulas',
    () =>
      void call('getSettings').then(
        (view) => app.applySettings(view, false),
        () => undefined,
      ),
  );
  // Back from the spreadsheet, where formulas may have been typed: count them again (no request), at
  // most every 10 s (the user moves between sheet and sidebar a lot), as the usage section does.
  let countedOnFocus = 0;
  window.addEventListener('focus', () => {
    if (!settings?.hasKey || Date.now() - countedOnFocus < FOCUS_RECOUNT_MS) return;
    countedOnFocus = Date.now();
    void cache.load();
  });

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
