// @ts-check
/**
 * The playground page: the grid, the add-on's menu, the real sidebar (an iframe of dev/host), toasts and
 * the status line, all from the server's PlaygroundState (a long poll that answers when it changes, and after each action).
 * Undo, Redo and Clear sheet act on the server, which keeps the history of the user's edits.
 */
import { renderChart } from './chart.js';
import { cellOfA1, createGrid } from './grid.js';
import { a1 } from './grid-cells.js';
import { mountOutbox } from './outbox.js';

/** @typedef {import('../state.js').PlaygroundState} PlaygroundState */
/** @typedef {import('../state.js').MenuResponse} MenuResponse */

/**
 * @template {HTMLElement} T
 * @param {string} id
 * @returns {T}
 */
function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing`);
  return /** @type {T} */ (el);
}

const scroll = byId('grid-scroll');
const chartsLayer = byId('charts');
const tabs = byId('tabs');
const menuItems = byId('menu-items');
const triggerButton = /** @type {HTMLButtonElement} */ (byId('run-trigger'));
const sidebarPanel = byId('sidebar-panel');
const sidebar = /** @type {HTMLIFrameElement} */ (byId('sidebar'));
const statusLine = byId('status');
const busyMark = byId('busy');
const toasts = byId('toasts');
const undoButton = /** @type {HTMLButtonElement} */ (byId('undo'));
const redoButton = /** @type {HTMLButtonElement} */ (byId('redo'));
const outbox = mountOutbox({
  button: /** @type {HTMLButtonElement} */ (byId('outbox-button')),
  panel: byId('outbox'),
  list: byId('outbox-list'),
  empty: byId('outbox-empty'),
  close: /** @type {HTMLButtonElement} */ (byId('outbox-close')),
});

/** @type {PlaygroundState | null} */
let state = null;
let shownSheet = '';
let lastActiveSheet = '';
let lastToast = -1;
let busy = 0;
/** The chart the user clicked (Delete removes the demo's), by id. */
let selectedChart = '';

const grid = createGrid({
  scroll,
  table: /** @type {HTMLTableElement} */ (byId('grid')),
  editor: /** @type {HTMLInputElement} */ (byId('cell-editor')),
  suggestions: byId('autocomplete'),
  formulaInput: /** @type {HTMLInputElement} */ (byId('formula-input')),
  nameBox: /** @type {HTMLInputElement} */ (byId('name-box')),
  cellError: byId('cell-error'),
  hoverCard: byId('hover-card'),
  selection: byId('selection'),
  onEdit: (cells, move) => {
    void action('/api/edit', move ? { sheet: shownSheet, cells, move } : { sheet: shownSheet, cells });
  },
  onSelect: (rect) => {
    selectChart('');
    tellSelection(rect);
  },
  onHistory: (what) => void action(`/api/${what}`, {}),
  onNotice: (message) => toast({ title: 'Playground', message, seconds: 6 }, true),
  onGoToSheet: (name) => {
    const sheet = state?.sheets.find((s) => s.name.toLowerCase() === name.toLowerCase());
    if (sheet) showSheet(sheet.name);
    return Boolean(sheet);
  },
});

/** The selection's last report to the server, so a menu item runs only once the server has it. */
/** @type {Promise<unknown>} */
let selectionSent = Promise.resolve();
/** @type {unknown} */
let latestSelection = null;

/**
 * Tells the server the selected range (what the add-on's getActiveRange() returns), in order.
 * @param {{ top: number, left: number, bottom: number, right: number }} rect
 * @param {string} [sheet]
 */
function tellSelection(rect, sheet = shownSheet) {
  const body = { sheet, row: rect.top, column: rect.left, numRows: rect.bottom - rect.top + 1, numColumns: rect.right - rect.left + 1 };
  latestSelection = body;
  // A drag reports many ranges: only the latest still waiting is sent. The page then says which range
  // the server has (body's data-selected), so a test clicks the sidebar's "Use the selected cells" only
  // once the add-on would read it: the sidebar's calls do not wait for the page.
  const said = `${sheet}!${a1(rect.top, rect.left)}:${a1(rect.bottom, rect.right)}`;
  selectionSent = selectionSent.then(() =>
    latestSelection === body
      ? post('/api/select', body).then(
          () => (document.body.dataset.selected = said),
          () => {},
        )
      : undefined,
  );
}

/**
 * @param {string} path
 * @param {unknown} body
 * @returns {Promise<unknown>} the answer's JSON
 */
async function post(path, body) {
  const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  /** @type {unknown} */
  const json = await response.json();
  if (!response.ok) throw new Error(/** @type {{ error?: string }} */ (json).error ?? `HTTP ${response.status}`);
  return json;
}

/**
 * Runs an action that answers with the new state, with "Calculating…" meanwhile.
 * @param {string} path
 * @param {unknown} body
 * @returns {Promise<Partial<PlaygroundState & MenuResponse>>} the answer; nothing ({}) when the action failed
 */
async function action(path, body) {
  setBusy(1);
  try {
    // The state, or (POST /api/menu) the state with more.
    const answer = /** @type {PlaygroundState | MenuResponse} */ (await post(path, body));
    const next = 'state' in answer ? answer.state : answer;
    apply(next);
    if (answer.error) toast({ title: 'Search Demand', message: answer.error, seconds: 8 }, true);
    return answer;
  } catch (error) {
    toast({ title: 'Playground', message: /** @type {Error} */ (error).message, seconds: 8 }, true);
    return {};
  } finally {
    setBusy(-1);
  }
}

/** @param {number} delta */
function setBusy(delta) {
  busy += delta;
  busyMark.hidden = busy === 0;
}

/** @param {PlaygroundState} next */
function apply(next) {
  const first = state === null;
  state = next;
  if (first) {
    byId('demo-key').textContent = next.demoKey;
    loadSidebar(`${next.sidebarHost}/__gas/open/showSidebar`);
    lastToast = next.toasts.length ? (next.toasts[next.toasts.length - 1]?.id ?? -1) : -1;
    shownSheet = next.activeSheet;
  } else if (next.activeSheet !== lastActiveSheet) {
    shownSheet = next.activeSheet; // a script activated a sheet (a new ranking table): show it, as Sheets does
  }
  lastActiveSheet = next.activeSheet;
  if (!next.sheets.some((s) => s.name === shownSheet)) shownSheet = next.sheets[0]?.name ?? '';
  renderMenu(next);
  renderTabs(next);
  renderSheet();
  renderStatus(next);
  outbox.render(next.outbox);
  // The version shown, for anyone waiting until the page shows a change (the browser tests).
  document.body.dataset.version = String(next.version);
  undoButton.disabled = !next.history.undo;
  redoButton.disabled = !next.history.redo;
  // Sheets shows one toast at a time, the newest replacing the one before.
  const newest = next.toasts.filter((t) => t.id > lastToast).pop();
  if (newest) toast(newest, false);
  lastToast = Math.max(lastToast, ...next.toasts.map((t) => t.id));
}

function renderSheet() {
  if (!state) return;
  const sheet = state.sheets.find((s) => s.name === shownSheet);
  if (!sheet) return;
  grid.render(sheet);
  const placed = state.charts.flatMap((chart) => {
    if (chart.sheet !== sheet.name) return [];
    const { row, column } = cellOfA1(chart.anchor) ?? { row: 1, column: 1 };
    const anchor = grid.box(row, column);
    const end = grid.box(row + chart.rows - 1, column + chart.columns - 1);
    if (!anchor || !end) return [];
    const box = {
      left: anchor.left + 6,
      top: anchor.top + 4,
      width: end.left + end.width - anchor.left - 12,
      height: end.top + end.height - anchor.top - 8,
    };
    return [{ chart, box }];
  });
  // Drawn again only when a chart or its place changed: most changes touch cells, not charts.
  const signature = JSON.stringify(placed);
  if (chartsLayer.dataset.signature === signature) return;
  chartsLayer.dataset.signature = signature;
  chartsLayer.replaceChildren();
  for (const { chart, box } of placed) {
    const frame = renderChart(chart, box);
    frame.dataset.anchor = chart.id;
    frame.tabIndex = 0;
    frame.classList.toggle('selected', chart.id === selectedChart);
    // Clicking a chart selects it, as in Sheets; Delete (or its ×) removes the demo's chart, Ctrl+Z brings
    // it back. The add-on's charts belong to the spreadsheet's script: the page only shows them.
    frame.addEventListener('mousedown', (event) => {
      event.stopPropagation();
      selectChart(chart.id);
      frame.focus({ preventScroll: true });
    });
    frame.addEventListener('keydown', (event) => {
      if (chart.deletable && (event.key === 'Delete' || event.key === 'Backspace')) {
        event.preventDefault();
        void deleteChart(chart.anchor);
      } else if (event.key === 'Escape') {
        selectChart('');
        grid.focus();
      }
    });
    if (chart.deletable) {
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.className = 'chart-delete';
      remove.textContent = '×';
      remove.title = 'Delete chart';
      remove.setAttribute('aria-label', 'Delete chart');
      remove.addEventListener('click', () => void deleteChart(chart.anchor));
      frame.append(remove);
    }
    chartsLayer.append(frame);
  }
}

/** @param {string} anchor the id of the chart to mark selected ('' for none) */
function selectChart(anchor) {
  selectedChart = anchor;
  for (const frame of chartsLayer.querySelectorAll('.chart')) {
    frame.classList.toggle('selected', /** @type {HTMLElement} */ (frame).dataset.anchor === anchor);
  }
}

/** @param {string} anchor */
async function deleteChart(anchor) {
  selectedChart = '';
  await action('/api/delete-chart', { anchor });
  grid.focus();
}

/** @param {PlaygroundState} next */
function renderMenu(next) {
  const signature = JSON.stringify(next.menu);
  if (menuItems.dataset.signature !== signature) {
    menuItems.dataset.signature = signature;
    menuItems.replaceChildren(
      ...next.menu.map((item) => {
        if (item.kind === 'separator') {
          const sep = document.createElement('span');
          sep.className = 'menu-sep';
          return sep;
        }
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = item.caption;
        button.addEventListener('click', () => void runMenu(item.fn));
        return button;
      }),
    );
  }
  triggerButton.disabled = next.trigger === null;
  triggerButton.title = next.trigger
    ? `Runs the ranking tables' time-driven trigger (${next.trigger.description}) now, as Google would on schedule`
    : 'No schedule is set: choose one in the sidebar (Insert ranking table)';
}

/** @param {string} fn */
async function runMenu(fn) {
  await selectionSent;
  const answer = await action('/api/menu', { fn });
  if (answer.sidebarUrl) {
    sidebarPanel.hidden = false;
    loadSidebar(`${answer.sidebarUrl}?opened=${Date.now()}`);
  } else if (answer.state) {
    reopenSidebar();
  }
}

/**
 * Opens the sidebar again, so it shows what a menu item or the trigger just changed (a table's
 * "updated" time, a list's next run): a sidebar reads its views when it opens (no request).
 */
function reopenSidebar() {
  if (sidebarPanel.hidden || !sidebar.src) return;
  const url = new URL(sidebar.src);
  url.searchParams.set('opened', String(Date.now()));
  loadSidebar(url.toString());
}

/**
 * Opens a sidebar page, counting it (body's data-sidebar-opened, and data-sidebar-loaded once it has
 * loaded): a test acts on the sidebar only once every page asked for has loaded, never on one about to
 * be replaced.
 * @param {string} url
 */
function loadSidebar(url) {
  document.body.dataset.sidebarOpened = String(Number(document.body.dataset.sidebarOpened ?? 0) + 1);
  sidebar.src = url;
}
sidebar.addEventListener('load', () => {
  document.body.dataset.sidebarLoaded = String(Number(document.body.dataset.sidebarLoaded ?? 0) + 1);
});

/** @param {PlaygroundState} next */
function renderTabs(next) {
  // Made again only when a sheet came, went or was renamed, or another is shown: a tab replaced while it
  // is being clicked loses the click.
  const signature = JSON.stringify([shownSheet, next.sheets.map((s) => [s.name, s.editable])]);
  if (tabs.dataset.signature === signature) return;
  tabs.dataset.signature = signature;
  tabs.replaceChildren(
    ...next.sheets.map((sheet) => {
      const tab = document.createElement('button');
      tab.type = 'button';
      tab.setAttribute('role', 'tab');
      tab.setAttribute('aria-selected', String(sheet.name === shownSheet));
      tab.textContent = sheet.name;
      if (!sheet.editable) {
        const mark = document.createElement('span');
        mark.className = 'ro';
        mark.textContent = 'values';
        mark.title = 'Written by the add-on; type formulas into the first sheet';
        tab.append(mark);
      }
      tab.addEventListener('click', () => {
        showSheet(sheet.name);
        grid.focus();
      });
      return tab;
    }),
  );
}

/**
 * Shows a sheet's tab, as a click on it does, and tells the server the selection there.
 * @param {string} name
 */
function showSheet(name) {
  shownSheet = name;
  if (state) renderTabs(state);
  renderSheet();
  tellSelection(grid.selectedRange(), name);
}

/** @param {PlaygroundState} next */
function renderStatus(next) {
  const s = next.status;
  const plural = (/** @type {number} */ n, /** @type {string} */ word) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
  statusLine.textContent =
    `Local service: ${plural(s.requests, 'request')} · ${plural(s.freshCredits, 'fresh credit')} spent · ` +
    `${plural(s.serviceCacheHits, 'answer')} from its cache   |   ` +
    `Formulas: ${plural(s.executions, 'execution')} · ${s.fromAddonCache.toLocaleString('en-US')} from the add-on's cache · ` +
    `${s.remembered.toLocaleString('en-US')} remembered (not run again)   |   Clock: ${next.now.slice(0, 10)}`;
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let toastTimer;

/**
 * Shows a toast for a few seconds, in place of the one showing (Sheets shows one at a time).
 * @param {{ title: string, message: string, seconds: number }} t
 * @param {boolean} error
 */
function toast(t, error) {
  const box = document.createElement('div');
  box.className = error ? 'toast error' : 'toast';
  box.setAttribute('role', error ? 'alert' : 'status');
  const title = document.createElement('strong');
  title.textContent = t.title || 'Search Demand';
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast-close';
  close.textContent = '×';
  close.setAttribute('aria-label', 'Close the message');
  close.addEventListener('click', () => box.remove());
  box.append(close, title, document.createTextNode(t.message));
  toasts.replaceChildren(box);
  const seconds = t.seconds > 0 ? Math.min(t.seconds, 8) : 5;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => box.remove(), seconds * 1000);
}

byId('sidebar-close').addEventListener('click', () => {
  sidebarPanel.hidden = true;
});
triggerButton.addEventListener('click', () => void runTrigger());

/** Runs the schedule's trigger, saying so while it runs and what it did once it has. */
async function runTrigger() {
  const caption = triggerButton.textContent;
  triggerButton.disabled = true;
  triggerButton.textContent = 'Running the schedule trigger…';
  const started = Date.now();
  try {
    const answer = await action('/api/trigger', {});
    if (answer.version !== undefined && !answer.error) {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      toast(
        {
          title: 'Playground',
          message: `The schedule trigger ran (${seconds} s): what was due is refreshed; the sidebar shows each table's and list's last run.`,
          seconds: 6,
        },
        false,
      );
      reopenSidebar();
    }
  } finally {
    triggerButton.textContent = caption;
    triggerButton.disabled = state?.trigger === null;
  }
}
byId('advance-clock').addEventListener('click', () => {
  void action('/api/advance-clock', {}).then((next) => {
    if (next.now)
      toast(
        {
          title: 'Playground',
          message: `A week later: it is now ${next.now.slice(0, 16).replace('T', ' ')} UTC for the add-on and the service.`,
          seconds: 6,
        },
        false,
      );
  });
});
undoButton.addEventListener('click', () => void action('/api/undo', {}).then(() => grid.focus()));
redoButton.addEventListener('click', () => void action('/api/redo', {}).then(() => grid.focus()));
byId('clear-sheet').addEventListener('click', () => void action('/api/clear', { sheet: shownSheet }).then(() => grid.focus()));
document.addEventListener('mousedown', (event) => {
  if (!(/** @type {HTMLElement} */ (event.target).closest('.chart'))) selectChart('');
});

/**
 * Asks for changes made elsewhere (the sidebar's calls, a trigger): the server holds the request until
 * something changes, so a change shows at once; the answer is applied once no action or edit is going
 * on (an action's own answer may bring a newer state meanwhile: then this one is dropped).
 */
async function poll() {
  let retryInMs = 0;
  try {
    const response = await fetch(`/api/state?since=${state?.version ?? 0}`);
    if (response.ok) {
      /** @type {unknown} */
      const json = await response.json();
      const next = /** @type {PlaygroundState | { version: number }} */ (json); // `{ version }` alone while unchanged
      // Not while an edit is open or an action runs: wait for it here rather than ask again (the same
      // whole state would come back at once, again and again, while the user types).
      while ('sheets' in next && (busy > 0 || grid.isEditing())) await new Promise((resolve) => setTimeout(resolve, 100));
      if ('sheets' in next && next.version > (state?.version ?? 0)) apply(next); // an action's answer may have brought it already
    } else retryInMs = 1000;
  } catch {
    statusLine.textContent = 'The playground is not answering: is npm start still running?';
    retryInMs = 1000;
  }
  setTimeout(() => void poll(), retryInMs);
}

void poll().then(() => grid.focus());

// The add-on's functions for the cell editor's autocomplete, from the built Code.js (once).
void fetch('/api/functions')
  .then((response) => (response.ok ? /** @type {Promise<unknown>} */ (response.json()) : []))
  .then((docs) => grid.setFunctions(/** @type {import('../state.js').FunctionDoc[]} */ (docs)))
  .catch(() => {}); // without it the editor simply offers nothing
