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
import { mountFolds, type FoldName, type Folds, type Summarise } from './folds';
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

/** The sections shown once the viewer has a key, by the prefix of their ids (`<name>-section`). */
const NEED_KEY = ['usage', 'tables', 'cache', 'track', 'alerts', 'templates'];

/** What the menu asked the sidebar to do once it can (a key may have to come first). */
interface Asked {
  /** "Insert ranking table": go to the tables' insert form. */
  tables: boolean;
  /** "Templates": go to the templates. */
  templates: boolean;
  /**
   * "Refresh all formulas", which may spend more than is left: refresh as the section's button does
   * (asking first when it would), once the last usage read is there to compare. Without that read the
   * sidebar could not ask, so the button is left for the user to press.
   */
  refresh: boolean;
}

function start(): void {
  const folds = mountFolds();
  const requested = requestedSection();
  const asked: Asked = { tables: requested === 'tables', templates: requested === 'templates', refresh: requested === 'refresh' };
  let settings: SettingsView | null = null;
  const app: App = {
    get settings() {
      return settings;
    },
    applySettings(view, reload) {
      const hadKey = settings?.hasKey ?? false;
      const first = settings === null;
      settings = view;
      showSettings(sections, view, asked.tables);
      if (view.hasKey && (reload || !hadKey)) loadSections(sections, folds, asked, first);
      // Without a key, the key's section comes first: on the first visit, and once the key is removed.
      if (!view.hasKey && (first ? !folds.anyOpen() : hadKey)) folds.open('key');
      if (view.hasKey && asked.tables) {
        asked.tables = false;
        sections.tables.openInsert();
        // After the section that saved the key has placed its focus.
        setTimeout(() => folds.open('tables', { focus: true, scroll: true }), 0);
      }
    },
    refreshFormulas: (place) => sections.cache.refresh(place),
    countFormulaCells: () => sections.cache.cells(),
    countNoKeyCells: () => sections.cache.noKeyCells(),
  };
  const sections = mountSections(app, folds);
  mirrorUsage(folds);
  // Back from the spreadsheet, where formulas may have been typed: count them again (no request), at
  // most every 10 s (the user moves between sheet and sidebar a lot), as the usage section does.
  let countedOnFocus = 0;
  window.addEventListener('focus', () => {
    if (!settings?.hasKey || Date.now() - countedOnFocus < FOCUS_RECOUNT_MS) return;
    countedOnFocus = Date.now();
    void sections.cache.load();
  });
  if (requested === 'help') openHelp();
  boot(app);
}

/**
 * Binds every section, and what each reads again when it is opened.
 * @param app the settings and what the sections share
 * @param folds the accordion (each section's heading line)
 */
function mountSections(app: App, folds: Folds) {
  const summary =
    (name: FoldName): Summarise =>
    (text, tone) =>
      folds.summarise(name, text, tone);
  const key = mountKeySection(app, summary('key'));
  const formulas = mountFormulasSection(app, summary('formulas'));
  const advanced = mountAdvancedSection(app);
  // Usage is read from the service only on demand (Refresh). After what spends, it is counted again at
  // once without a request (the last read plus this document's spending since): a tables, tracking,
  // templates or formula refresh (which fetches before its formulas run), and once more after formulas
  // that may still spend have run; so no action sends more than its estimate.
  const usage = mountUsageSection((read) => cache.setUsage(read));
  const tables = mountTablesSection(() => void usage.load(), summary('tables'));
  const tracking = mountTrackingSection(() => void usage.load(), summary('track'));
  const alerts = mountAlertsSection(summary('alerts'));
  const cache = mountCacheSection(app, (sent, ms) => (sent || ms ? usage.spent(ms) : undefined), summary('cache'));
  const templates = mountTemplatesSection(
    () => {
      void usage.load();
      void tracking.load();
    },
    () => void cache.load(), // a template adds formulas: the count and the estimate change
    summary('templates'),
  );

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
  return { key, formulas, advanced, usage, tables, tracking, alerts, cache, templates };
}

/** The sections as mountSections binds them. */
type Sections = ReturnType<typeof mountSections>;

/**
 * Shows new settings: the version, the editors' warning, the key, formulas and advanced sections, and
 * the sections that need a key, or the notice that the tables need one.
 * @param sections the sections
 * @param view what the server returned
 * @param tablesAsked whether the menu asked for the tables, still to be shown
 */
function showSettings(sections: Sections, view: SettingsView, tablesAsked: boolean): void {
  showVersion(view);
  showEditorsWarning(view);
  sections.key.render(view);
  sections.formulas.render(view);
  sections.advanced.render(view);
  for (const name of NEED_KEY) show(byId(`${name}-section`, HTMLElement), view.hasKey);
  show(byId('tables-need-key', HTMLParagraphElement), tablesAsked && !view.hasKey);
}

/**
 * Reads every section's figures (none costs a request) once there is a key or it changed, and goes where
 * the menu asked, or on a first visit where the user is needed.
 * @param sections the sections
 * @param folds the accordion
 * @param asked what the menu asked, each cleared once done
 * @param first whether these are the first settings read
 */
function loadSections(sections: Sections, folds: Folds, asked: Asked, first: boolean): void {
  const { usage, tables, tracking, alerts, templates, cache } = sections;
  const usageShown = usage.load();
  const tablesShown = tables.load();
  void tracking.load();
  void alerts.load();
  const templatesShown = templates.load();
  if (asked.templates) {
    asked.templates = false;
    folds.open('templates', { scroll: true });
    void templatesShown.then(() => templates.focusFirst());
  }
  void cache.load();
  if (asked.refresh) {
    asked.refresh = false;
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

/**
 * The usage section renders its own bars (sections/usage.ts); closed, its heading repeats them.
 * @param folds the accordion
 */
function mirrorUsage(folds: Folds): void {
  const body = byId('usage-body', HTMLDivElement);
  const mirror = (): void => {
    const line = usageSummary(body);
    folds.summarise('usage', line.text, line.warn ? 'warn' : 'plain');
  };
  new MutationObserver(mirror).observe(body, { childList: true, subtree: true, characterData: true });
}

/**
 * Reads the settings and shows them, with a way to try again when the read failed.
 * @param app where the settings are shown
 */
function boot(app: App): void {
  const element = byId('boot-status', HTMLParagraphElement);
  const status = new StatusLine(element);
  const retryRow = byId('boot-retry-row', HTMLDivElement);
  const retry = byId('boot-retry', HTMLButtonElement);
  const read = async (): Promise<void> => {
    status.set('busy', 'Loading settings…');
    show(retryRow, false);
    try {
      const view = await call('getSettings');
      status.clear();
      show(element, false);
      app.applySettings(view, true);
    } catch (error) {
      status.error(error);
      show(retryRow, true);
    }
  };
  retry.addEventListener('click', () => void whileBusy(retry, 'Trying…', read));
  void read();
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
