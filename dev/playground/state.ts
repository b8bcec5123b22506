/**
 * What the playground's page receives from its server: types only, shared by the node side and the
 * page's JSDoc (dev/playground/page/*.js), so both are checked against one definition.
 */

/** One non-empty cell as the page shows it. */
export interface CellView {
  /** The text shown in the cell. */
  t: string;
  /** The formula as entered, on a formula's own cell. */
  f?: string;
  /** The error's message, on an error cell (shown on hover and in the formula bar). */
  e?: string;
  /** How to align it: numbers right, booleans and errors centred, text left. */
  k?: 'n' | 'b' | 'e';
  /** Part of another cell's spilled result. */
  s?: true;
  /** The cell's note (Sheets marks the cell and shows it on hover). */
  n?: string;
  /** Bold / italic, as the script formatted the cell. */
  b?: true;
  i?: true;
  /** A SPARKLINE's small chart, drawn in the cell. */
  sp?: SparklineView;
}

/** What a SPARKLINE draws in its cell (dev/playground/sparkline.ts): its data's numbers, a blank a gap. */
export interface SparklineView {
  kind: 'line' | 'column' | 'winloss' | 'bar';
  values: (number | null)[];
  /** The line's or columns' colour (bar: the first segment's). */
  color?: string;
  /** Negative columns' colour (bar: the second segment's). */
  negColor?: string;
  lineWidth?: number;
  /** The axis' bounds (ymin, ymax; bar: max). */
  min?: number;
  max?: number;
}

export interface SheetView {
  name: string;
  /** Only the formula sheet is typed into; the others show the values the add-on wrote. */
  editable: boolean;
  rows: number;
  columns: number;
  /** Each column's width in pixels where it is not Sheets' default (100), by column number: dev/gas's. */
  widths: Record<number, number>;
  /** By A1 address ("B2"). */
  cells: Record<string, CellView>;
}

export interface ChartView {
  /** Unique on the page: the demo chart's anchor, or "chart-<id>" for a chart the add-on inserted. */
  id: string;
  sheet: string;
  /** Top-left cell it floats over, e.g. "D15", and its size in cells. */
  anchor: string;
  columns: number;
  rows: number;
  title: string;
  labels: string[];
  /** One line (or one colour of columns) each; a value may be missing (null), and the line goes on past it. */
  series: { name: string; values: (number | null)[] }[];
  /**
   * A time axis, when the chart's domain is dates on a continuous axis: each label's day (days since
   * 1970-01-01, null for an empty cell) and the ticks to draw, each at its day with its label.
   */
  time?: { days: (number | null)[]; ticks: { day: number; label: string }[] };
  /** How it is drawn, as the chart asked (Sheets' LINE, COLUMN, or AREA with isStacked); default a line. */
  kind?: 'line' | 'column' | 'stacked-area';
  /** The value axis labelled as percentages (the chart's vAxis.format "percent": 0.25 → 25%). */
  percent?: boolean;
  /** False when the chart asked for no legend: the series' names are not shown. */
  legend?: boolean;
  /** The page's own demo chart can be deleted (and undone); the add-on's charts are the spreadsheet's. */
  deletable: boolean;
  /** Why there is nothing to draw, when no series has a value. */
  empty?: string;
}

export interface ToastView {
  id: number;
  title: string;
  message: string;
  seconds: number;
}

/** One mail the add-on sent, as the Outbox shows it. */
export interface MailView {
  /** When it was sent (ISO, the script's clock). */
  at: string;
  to: string[];
  bcc: string[];
  subject: string;
  body: string;
}

export type MenuItemView = { kind: 'item'; caption: string; fn: string } | { kind: 'separator' };

export interface StatusView {
  /** At the local service since start: requests received, fresh credits spent, answers from its cache. */
  requests: number;
  freshCredits: number;
  serviceCacheHits: number;
  /** Custom-function executions, and those answered from the add-on's document cache (no request). */
  executions: number;
  fromAddonCache: number;
  /** Evaluations Sheets answers with the result it remembers for the same function and arguments: nothing ran. */
  remembered: number;
}

export interface PlaygroundState {
  /** Increases with every change; `GET /api/state?since=N` answers `{ version }` alone while unchanged. */
  version: number;
  sheets: SheetView[];
  /** The sheet the add-on made active (e.g. a ranking table's new sheet). */
  activeSheet: string;
  charts: ChartView[];
  /** The latest toasts; ids grow. */
  toasts: ToastView[];
  menu: MenuItemView[];
  /** Whether Undo and Redo have an edit of the user's to act on. */
  history: { undo: boolean; redo: boolean };
  /** The schedule's time-driven trigger, if the user set one. */
  trigger: { description: string } | null;
  /** The script's clock (ISO): "Move the clocks a week" moves it, and the local service's. */
  now: string;
  status: StatusView;
  /** The mail the add-on sent (its alerts), newest first: what the page's Outbox shows. */
  outbox: MailView[];
  /** Why the action just asked for was refused (e.g. a cell over 50,000 characters). */
  error?: string;
  /** dev/host's base URL: the sidebar iframe opens `${sidebarHost}/__gas/open/showSidebar`. */
  sidebarHost: string;
  demoKey: string;
}

/** One cell of an edit: what the user typed (1-based row and column); '' empties the cell. */
export interface CellInput {
  row: number;
  column: number;
  input: string;
}

/** POST /api/edit: cells of the formula sheet typed, pasted or deleted at once (one undo step). */
export interface EditRequest {
  sheet: string;
  cells: CellInput[];
  /** A block copied in the page and pasted this far from where it was: its formulas move as in Sheets. */
  move?: { rows: number; columns: number };
}

/** POST /api/menu answer: the state, and where the sidebar the item opened is served. */
export interface MenuResponse {
  state: PlaygroundState;
  sidebarUrl?: string;
  error?: string;
}

/**
 * GET /api/functions: one of the add-on's custom functions as the cell editor's autocomplete offers it,
 * read from the built Code.js's JSDoc (function-docs.ts), as Sheets reads it.
 */
export interface FunctionDoc {
  name: string;
  /** The JSDoc's description, on one line. */
  description: string;
  params: { name: string; optional: boolean; description: string }[];
}
