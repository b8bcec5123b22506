/**
 * Sheets' own charts (EmbeddedChart): `Sheet.newChart()` builders, `insertChart`, `getCharts`,
 * `updateChart`, `removeChart`, and the `Charts.ChartType` enum. A chart lives on its sheet's model
 * (`SheetModel.charts`, gone with the sheet); the script handles copies, as Google's objects are: a
 * built chart changes nothing until `insertChart` or `updateChart`.
 *
 * Strict where Google is silent: a chart needs a type (`setChartType`) before `build()` and at least one
 * range before it is inserted; its ranges must be on its own sheet; its anchor must be inside the sheet;
 * inserting the same chart twice, or updating or removing one that is not on the sheet, is refused.
 * Charts are drawn by nobody here (the playground draws them from the model); their ranges do not move
 * when rows or columns are inserted or deleted.
 */
import { GasException } from '../execution/execution.js';
import { GasObject, signatureError, unwrap } from '../execution/service.js';
import { checkWrite, type DocumentContext } from './document-context.js';
import type { Cell, ChartModel, GridRect, SheetModel } from './sheet-model.js';

/** `Charts.ChartType`: strings here, like the other enums of dev/gas. */
export const CHART_TYPES = Object.freeze({
  AREA: 'AREA',
  BAR: 'BAR',
  BUBBLE: 'BUBBLE',
  CANDLESTICK: 'CANDLESTICK',
  COLUMN: 'COLUMN',
  COMBO: 'COMBO',
  GAUGE: 'GAUGE',
  GEO: 'GEO',
  HISTOGRAM: 'HISTOGRAM',
  RADAR: 'RADAR',
  LINE: 'LINE',
  ORG: 'ORG',
  PIE: 'PIE',
  SCATTER: 'SCATTER',
  SPARKLINE: 'SPARKLINE',
  STEPPED_AREA: 'STEPPED_AREA',
  TABLE: 'TABLE',
  TIMELINE: 'TIMELINE',
  TREEMAP: 'TREEMAP',
  WATERFALL: 'WATERFALL',
});

/** dev/gas's wording where Google's is not known (or Google accepts what dev/gas refuses: marked dev/gas). */
export const CHART_MESSAGES = Object.freeze({
  noType: 'dev/gas: setChartType() before build(): Google does not document a default chart type.',
  noRange: 'dev/gas: a chart needs at least one range (addRange) before it is inserted.',
  otherSheet: "dev/gas: a chart's ranges must be on the sheet the chart is on.",
  builtElsewhere: 'dev/gas: this chart was built for another sheet.',
  alreadyInserted: 'dev/gas: this chart is on the sheet already: change it with modify() and updateChart().',
  notOnSheet: 'The chart is not on this sheet.',
  badAnchor: 'The chart position is outside the dimensions of the sheet.',
});

/** What a builder or a built chart holds: a chart not yet on the sheet has no id. */
interface ChartDraft extends Omit<ChartModel, 'id' | 'type'> {
  type: string | null;
}

const TYPES = new Set<string>(Object.values(CHART_TYPES));

function copyDraft(d: ChartDraft): ChartDraft {
  return {
    type: d.type,
    ranges: d.ranges.map((r) => ({ ...r })),
    options: structuredClone(d.options),
    position: { ...d.position },
  };
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** `Charts`: only the ChartType enum (standalone chart builders are not modelled). */
export class ChartsFake extends GasObject {
  readonly gasType = 'Charts';
  readonly ChartType = CHART_TYPES;
}

/** `ChartOptions`: read-only view of a chart's options. */
export class ChartOptionsFake extends GasObject {
  readonly gasType = 'Charts.ChartOptions';
  readonly #options: Record<string, unknown>;

  constructor(options: Record<string, unknown>) {
    super();
    this.#options = options;
  }

  /** The option's value, or null when it was never set. */
  get(...args: unknown[]): unknown {
    if (typeof args[0] !== 'string' || args.length !== 1) throw signatureError('Charts.ChartOptions.get', args);
    return Object.hasOwn(this.#options, args[0]) ? structuredClone(this.#options[args[0]]) : null;
  }
}

/** `ContainerInfo`: where a chart sits. */
export class ContainerInfoFake extends GasObject {
  readonly gasType = 'SpreadsheetApp.ContainerInfo';
  readonly #position: ChartModel['position'];

  constructor(position: ChartModel['position']) {
    super();
    this.#position = { ...position };
  }

  getAnchorRow(): number {
    return this.#position.row;
  }
  getAnchorColumn(): number {
    return this.#position.column;
  }
  getOffsetX(): number {
    return this.#position.offsetX;
  }
  getOffsetY(): number {
    return this.#position.offsetY;
  }
}

/** `EmbeddedChart`: a copy of a chart, on the sheet (with an id) or only built (id null). */
export class EmbeddedChartFake extends GasObject {
  readonly gasType = 'SpreadsheetApp.EmbeddedChart';
  readonly #ctx: DocumentContext;
  readonly #sheet: SheetModel;
  readonly #draft: ChartDraft;
  readonly #id: number | null;

  constructor(ctx: DocumentContext, sheet: SheetModel, draft: ChartDraft, id: number | null) {
    super();
    this.#ctx = ctx;
    this.#sheet = sheet;
    this.#draft = copyDraft(draft);
    this.#id = id;
  }

  /** The sheet it was built for, its definition and its id (node side). */
  static partsOf(chart: EmbeddedChartFake): { sheet: SheetModel; draft: ChartDraft; id: number | null } {
    return { sheet: chart.#sheet, draft: copyDraft(chart.#draft), id: chart.#id };
  }

  /** The chart's id once it is on a sheet (as getCharts() gives it); null for a chart only built. */
  getChartId(): number | null {
    return this.#id;
  }
  getRanges(): GasObject[] {
    return this.#draft.ranges.map((rect) => this.#ctx.handles.range(this.#ctx, this.#sheet, rect));
  }
  getOptions(): ChartOptionsFake {
    return new ChartOptionsFake(this.#draft.options);
  }
  getContainerInfo(): ContainerInfoFake {
    return new ContainerInfoFake(this.#draft.position);
  }
  /** A builder holding this chart's definition; its build() is saved by updateChart(). */
  modify(): EmbeddedChartBuilderFake {
    return new EmbeddedChartBuilderFake(this.#ctx, this.#sheet, this.#draft, this.#id);
  }
}

/** `EmbeddedChartBuilder`: from `Sheet.newChart()` or `EmbeddedChart.modify()`. */
export class EmbeddedChartBuilderFake extends GasObject {
  readonly gasType = 'SpreadsheetApp.EmbeddedChartBuilder';
  readonly #ctx: DocumentContext;
  readonly #sheet: SheetModel;
  readonly #draft: ChartDraft;
  readonly #id: number | null;

  constructor(ctx: DocumentContext, sheet: SheetModel, draft?: ChartDraft, id: number | null = null) {
    super();
    this.#ctx = ctx;
    this.#sheet = sheet;
    this.#draft = draft
      ? copyDraft(draft)
      : { type: null, ranges: [], options: {}, position: { row: 1, column: 1, offsetX: 0, offsetY: 0 } };
    this.#id = id;
  }

  /** Adds a range on the chart's own sheet (once: a range already added is not added again). */
  addRange(...args: unknown[]): this {
    const rect = this.#rectOf('addRange', args);
    if (!this.#draft.ranges.some((r) => sameRect(r, rect))) this.#draft.ranges.push(rect);
    return this;
  }
  removeRange(...args: unknown[]): this {
    const rect = this.#rectOf('removeRange', args);
    this.#draft.ranges = this.#draft.ranges.filter((r) => !sameRect(r, rect));
    return this;
  }
  clearRanges(): this {
    this.#draft.ranges = [];
    return this;
  }
  getRanges(): GasObject[] {
    return this.#draft.ranges.map((rect) => this.#ctx.handles.range(this.#ctx, this.#sheet, rect));
  }
  setChartType(...args: unknown[]): this {
    const [type] = args;
    if (args.length !== 1 || typeof type !== 'string' || !TYPES.has(type))
      throw signatureError('SpreadsheetApp.EmbeddedChartBuilder.setChartType', args);
    this.#draft.type = type;
    return this;
  }
  getChartType(): string | null {
    return this.#draft.type;
  }
  /** Any option Google's charts take ('title', 'width', 'legend'…), stored as given. */
  setOption(...args: unknown[]): this {
    const [option, value] = args;
    if (args.length !== 2 || typeof option !== 'string') throw signatureError('SpreadsheetApp.EmbeddedChartBuilder.setOption', args);
    this.#draft.options[option] = value === undefined ? null : JSON.parse(JSON.stringify(value));
    return this;
  }
  /** Anchor cell (1-based row, column) and offsets in pixels. */
  setPosition(...args: unknown[]): this {
    if (args.length !== 4 || !args.every(isInt)) throw signatureError('SpreadsheetApp.EmbeddedChartBuilder.setPosition', args);
    const [row, column, offsetX, offsetY] = args;
    this.#draft.position = { row: row as number, column: column as number, offsetX: offsetX as number, offsetY: offsetY as number };
    return this;
  }
  getContainer(): ContainerInfoFake {
    return new ContainerInfoFake(this.#draft.position);
  }
  build(): EmbeddedChartFake {
    if (this.#draft.type === null) throw new GasException(CHART_MESSAGES.noType);
    return new EmbeddedChartFake(this.#ctx, this.#sheet, this.#draft, this.#id);
  }

  #rectOf(method: string, args: unknown[]): GridRect {
    const where = args.length === 1 ? this.#ctx.handles.rangeLocation(args[0]) : undefined;
    if (!where) throw signatureError(`SpreadsheetApp.EmbeddedChartBuilder.${method}`, args);
    const { sheet, rect } = where;
    if (sheet !== this.#sheet) throw new GasException(CHART_MESSAGES.otherSheet);
    return rect;
  }
}

function sameRect(a: GridRect, b: GridRect): boolean {
  return a.row === b.row && a.column === b.column && a.numRows === b.numRows && a.numColumns === b.numColumns;
}

/** The chart a script passed to insertChart/updateChart/removeChart, checked against `sheet`. */
function chartArgument(method: string, args: unknown[], sheet: SheetModel): { draft: ChartDraft; id: number | null } {
  const chart = unwrap(args[0]);
  if (args.length !== 1 || !(chart instanceof EmbeddedChartFake)) throw signatureError(`SpreadsheetApp.Sheet.${method}`, args);
  const parts = EmbeddedChartFake.partsOf(chart);
  if (parts.sheet !== sheet) throw new GasException(CHART_MESSAGES.builtElsewhere);
  return parts;
}

/** A definition fit to be on the sheet: a type, at least one range inside the sheet, an anchor inside it. */
function checkDraft(draft: ChartDraft, sheet: SheetModel): ChartModel['type'] {
  if (draft.type === null) throw new GasException(CHART_MESSAGES.noType);
  if (!draft.ranges.length) throw new GasException(CHART_MESSAGES.noRange);
  for (const r of draft.ranges) {
    if (r.row + r.numRows - 1 > sheet.maxRows || r.column + r.numColumns - 1 > sheet.maxColumns) {
      throw new GasException('The coordinates of the range are outside the dimensions of the sheet.');
    }
  }
  const p = draft.position;
  if (p.row < 1 || p.column < 1 || p.row > sheet.maxRows || p.column > sheet.maxColumns) throw new GasException(CHART_MESSAGES.badAnchor);
  return draft.type;
}

/** Sheet.newChart(): a builder for a chart on this sheet (nothing changes until insertChart). */
export function newChart(ctx: DocumentContext, sheet: SheetModel): EmbeddedChartBuilderFake {
  return new EmbeddedChartBuilderFake(ctx, sheet);
}

/** Sheet.insertChart(chart): puts a built chart on the sheet with a new id. */
export function insertChart(ctx: DocumentContext, sheet: SheetModel, args: unknown[]): void {
  const { draft, id } = chartArgument('insertChart', args, sheet);
  checkWrite(ctx, 'insertChart');
  if (id !== null) throw new GasException(CHART_MESSAGES.alreadyInserted);
  const type = checkDraft(draft, sheet);
  sheet.charts.push({ ...draft, type, id: sheet.spreadsheet.newChartId() });
}

/** Sheet.getCharts(): copies of the sheet's charts, in the order inserted. */
export function getCharts(ctx: DocumentContext, sheet: SheetModel): EmbeddedChartFake[] {
  ctx.book.stats.reads++;
  return sheet.charts.map((c) => new EmbeddedChartFake(ctx, sheet, c, c.id));
}

/** Sheet.updateChart(chart): saves a modified chart over the one with its id. */
export function updateChart(ctx: DocumentContext, sheet: SheetModel, args: unknown[]): void {
  const { draft, id } = chartArgument('updateChart', args, sheet);
  checkWrite(ctx, 'updateChart');
  const i = sheet.charts.findIndex((c) => c.id === id);
  if (id === null || i < 0) throw new GasException(CHART_MESSAGES.notOnSheet);
  const type = checkDraft(draft, sheet);
  sheet.charts[i] = { ...draft, type, id };
}

/** Sheet.removeChart(chart): takes the chart with its id off the sheet. */
export function removeChart(ctx: DocumentContext, sheet: SheetModel, args: unknown[]): void {
  const { id } = chartArgument('removeChart', args, sheet);
  checkWrite(ctx, 'removeChart');
  const i = sheet.charts.findIndex((c) => c.id === id);
  if (id === null || i < 0) throw new GasException(CHART_MESSAGES.notOnSheet);
  sheet.charts.splice(i, 1);
}

// ---- how Sheets reads a chart's data (for tests and the playground; nothing here draws) ----------

/** A chart's data as Sheets reads it: the ranges side by side, the first column the domain. */
export interface ChartData {
  /** The cells, row by row, the ranges joined column-wise (an empty cell is `{ value: '' }`). */
  grid: Cell[][];
  /** Whether the first row names the series: it holds text over more rows (Sheets' guess; setNumHeaders is not modelled). */
  headed: boolean;
}

/** The chart's domain (horizontal) axis, as Sheets would draw it (see dev/gas/RULES.md, Charts). */
export interface ChartDomain {
  /**
   * 'continuous' when spaced by value (dates by time), 'discrete' when each row is an evenly spaced
   * category labelled by its text.
   */
  axis: 'continuous' | 'discrete';
  /** The domain cells below the header row, as stored (value and number format). */
  cells: Cell[];
  /** The label format asked for with the `hAxis.format` option (an ICU pattern), if any. */
  format: string | null;
}

/**
 * The chart's cells as Sheets reads them: its ranges side by side, and whether the first row is a header.
 * @param sheet the chart's sheet
 * @param chart the chart
 */
export function chartData(sheet: SheetModel, chart: ChartModel): ChartData {
  const grid: Cell[][] = [];
  for (const r of chart.ranges) {
    for (let i = 0; i < r.numRows; i++) {
      const line = (grid[i] ??= []);
      for (let j = 0; j < r.numColumns; j++) line.push(sheet.cell(r.row + i, r.column + j));
    }
  }
  const [first, ...rest] = grid;
  const headed = !!first && rest.length > 0 && first.slice(1).some((c) => typeof c.value === 'string' && c.value !== '');
  return { grid, headed };
}

/**
 * A chart option by its dotted name, set either way Google's charts take it: `setOption('hAxis.format', f)`
 * or `setOption('hAxis', { format: f })`.
 * @param options the chart's options
 * @param name e.g. `hAxis.format`
 */
export function chartOption(options: Record<string, unknown>, name: string): unknown {
  if (Object.hasOwn(options, name)) return options[name];
  let at: unknown = options;
  for (const part of name.split('.')) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, part)) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

const isDateValue = (v: unknown): boolean => Object.prototype.toString.call(v) === '[object Date]';

/**
 * The chart's domain axis: continuous only when every domain cell holds a number or a date (Google's
 * charts: a string column is discrete; number, date and datetime columns are continuous) and the chart
 * turned Sheets' "Treat labels as text" off (`treatLabelsAsText: false`); discrete otherwise, strictly:
 * Google documents no default for a chart built by a script, so dev/gas assumes text unless told.
 * @param sheet the chart's sheet
 * @param chart the chart
 */
export function chartDomain(sheet: SheetModel, chart: ChartModel): ChartDomain {
  const { grid, headed } = chartData(sheet, chart);
  const cells = (headed ? grid.slice(1) : grid).map((line) => line[0] ?? { value: '' });
  const filled = cells.filter((c) => c.value !== '');
  const valued = filled.length > 0 && filled.every((c) => typeof c.value === 'number' || isDateValue(c.value));
  const format = chartOption(chart.options, 'hAxis.format');
  return {
    axis: valued && chartOption(chart.options, 'treatLabelsAsText') === false ? 'continuous' : 'discrete',
    cells,
    format: typeof format === 'string' ? format : null,
  };
}
