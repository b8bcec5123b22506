// @ts-check
/**
 * The playground page: the grid, the add-on's menu, the real sidebar (an iframe of dev/host), toasts and
 * the status line, all from the server's PlaygroundState (polled once a second, and after each action).
 */
import { renderChart } from './chart.js';
import { columnName, createGrid } from './grid.js';

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

/** @type {PlaygroundState | null} */
let state = null;
let shownSheet = '';
let lastActiveSheet = '';
let lastToast = -1;
let busy = 0;

const grid = createGrid({
  scroll,
  table: /** @type {HTMLTableElement} */ (byId('grid')),
  editor: /** @type {HTMLInputElement} */ (byId('cell-editor')),
  formulaInput: /** @type {HTMLInputElement} */ (byId('formula-input')),
  nameBox: /** @type {HTMLInputElement} */ (byId('name-box')),
  cellError: byId('cell-error'),
  onCommit: (row, column, input) => {
    void action('/api/edit', { sheet: shownSheet, row, column, input });
  },
  onSelect: (row, column) => {
    void post('/api/select', { sheet: shownSheet, row, column }).catch(() => {});
  },
});

/**
 * @param {string} path
 * @param {unknown} body
 */
async function post(path, body) {
  const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const json = await response.json();
  if (!response.ok) throw new Error(json.error ?? `HTTP ${response.status}`);
  return json;
}

/**
 * Runs an action that answers with the new state, with "Calculating…" meanwhile.
 * @param {string} path
 * @param {unknown} body
 * @returns {Promise<any>}
 */
async function action(path, body) {
  setBusy(1);
  try {
    const answer = await post(path, body);
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
    sidebar.src = `${next.sidebarHost}/__gas/open/showSidebar`;
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
  for (const t of next.toasts) {
    if (t.id > lastToast) toast(t, false);
  }
  lastToast = Math.max(lastToast, ...next.toasts.map((t) => t.id));
}

function renderSheet() {
  if (!state) return;
  const sheet = state.sheets.find((s) => s.name === shownSheet);
  if (!sheet) return;
  grid.render(sheet);
  chartsLayer.replaceChildren();
  for (const chart of state.charts) {
    if (chart.sheet !== sheet.name) continue;
    const anchor = /** @type {HTMLElement | null} */ (scroll.querySelector(`td[data-a1="${chart.anchor}"]`));
    if (!anchor) continue;
    const match = /^([A-Z]+)(\d+)$/.exec(chart.anchor);
    const endColumn = columnName(columnIndex(match?.[1] ?? 'A') + chart.columns - 1);
    const end = /** @type {HTMLElement | null} */ (scroll.querySelector(`td[data-a1="${endColumn}${match?.[2] ?? '1'}"]`));
    const width = end ? end.offsetLeft + end.offsetWidth - anchor.offsetLeft : chart.columns * anchor.offsetWidth;
    chartsLayer.append(renderChart(chart, { left: anchor.offsetLeft + 6, top: anchor.offsetTop + 4, width: width - 12, height: chart.rows * anchor.offsetHeight - 8 }));
  }
}

/** @param {string} letters */
function columnIndex(letters) {
  let c = 0;
  for (const ch of letters) c = c * 26 + ch.charCodeAt(0) - 64;
  return c;
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
  /** @type {MenuResponse} */
  const answer = await action('/api/menu', { fn });
  if (answer.sidebarUrl) {
    sidebarPanel.hidden = false;
    sidebar.src = `${answer.sidebarUrl}?opened=${Date.now()}`;
  }
}

/** @param {PlaygroundState} next */
function renderTabs(next) {
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
        shownSheet = sheet.name;
        if (state) renderTabs(state);
        renderSheet();
        grid.focus();
        void post('/api/select', { sheet: sheet.name, row: 1, column: 1 }).catch(() => {});
      });
      return tab;
    }),
  );
}

/** @param {PlaygroundState} next */
function renderStatus(next) {
  const s = next.status;
  const plural = (/** @type {number} */ n, /** @type {string} */ word) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
  statusLine.textContent =
    `Local service: ${plural(s.requests, 'request')} · ${plural(s.freshCredits, 'fresh credit')} spent · ` +
    `${plural(s.serviceCacheHits, 'answer')} from its cache   |   ` +
    `Formulas: ${plural(s.evaluations, 'evaluation')} · ${s.fromAddonCache.toLocaleString('en-US')} from the add-on's cache`;
}

/**
 * Shows a toast for a few seconds.
 * @param {{ title: string, message: string, seconds: number }} t
 * @param {boolean} error
 */
function toast(t, error) {
  const box = document.createElement('div');
  box.className = error ? 'toast error' : 'toast';
  box.setAttribute('role', error ? 'alert' : 'status');
  const title = document.createElement('strong');
  title.textContent = t.title || 'Search Demand';
  box.append(title, document.createTextNode(t.message));
  toasts.append(box);
  const seconds = t.seconds > 0 ? Math.min(t.seconds, 8) : 5;
  setTimeout(() => box.remove(), seconds * 1000);
}

byId('sidebar-close').addEventListener('click', () => {
  sidebarPanel.hidden = true;
});
triggerButton.addEventListener('click', () => void action('/api/trigger', {}));

/** Polls for changes made elsewhere (the sidebar's calls), unless an action or an edit is going on. */
async function poll() {
  if (busy === 0 && !grid.isEditing()) {
    try {
      const response = await fetch(`/api/state?since=${state?.version ?? 0}`);
      if (response.ok) {
        const next = await response.json();
        if ('sheets' in next && busy === 0 && !grid.isEditing()) apply(next);
      }
    } catch {
      statusLine.textContent = 'The playground is not answering: is npm start still running?';
    }
  }
  setTimeout(() => void poll(), 1000);
}

void poll().then(() => grid.focus());
