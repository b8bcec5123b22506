/**
 * SPARKLINE, which HyperFormula lacks: as in Sheets, the cell holds no value and shows a small chart of
 * its data (the keyword-research template's trend column: `=IF(COUNT(G5:R5), SPARKLINE(G5:R5), "")`).
 * The function records what to draw for its cell (the engine keeps it, and the page draws it) and
 * returns an empty value.
 *
 * Google's reference ("SPARKLINE", support.google.com/docs/answer/3093289): SPARKLINE(data, [options]),
 * data a range or array; options pairs such as {"charttype","column"}. Drawn here: charttype line
 * (default), column, winloss and bar; color, negcolor, linewidth, ymin, ymax; for bar max, color1 and
 * color2. Other options are read and left out (the chart is drawn without them).
 */
import {
  CellError,
  EmptyValue,
  ErrorType,
  FunctionArgumentType,
  FunctionPlugin,
  SimpleRangeValue,
  type ImplementedFunctions,
} from 'hyperformula';
import type { SparklineView } from './state.js';

/** Where the engine keeps what each SPARKLINE cell draws (set while an operation runs). */
export interface SparklineSink {
  recordSparkline(address: { sheet: number; row: number; col: number }, sparkline: SparklineView): void;
}

let sink: SparklineSink | undefined;

/**
 * Runs `operation` with `engine` receiving what SPARKLINE evaluations draw.
 * @param engine the engine whose operation is running
 * @param operation a synchronous HyperFormula operation
 */
export function withSparklines<T>(engine: SparklineSink, operation: () => T): T {
  const previous = sink;
  sink = engine;
  try {
    return operation();
  } finally {
    sink = previous;
  }
}

const KINDS = new Set<SparklineView['kind']>(['line', 'column', 'winloss', 'bar']);

/** SPARKLINE as a HyperFormula plugin. */
export class SparklineFunction extends FunctionPlugin {
  static override implementedFunctions: ImplementedFunctions = {
    SPARKLINE: {
      method: 'sparkline',
      parameters: [{ argumentType: FunctionArgumentType.ANY }, { argumentType: FunctionArgumentType.ANY, optionalArg: true }],
      vectorizationForbidden: true,
    },
  };

  sparkline(
    ast: { args: unknown[] },
    state: { formulaAddress: { sheet: number; row: number; col: number } },
  ): typeof EmptyValue | CellError {
    const [dataArg, optionsArg] = ast.args;
    if (dataArg === undefined || ast.args.length > 2) {
      return new CellError(
        ErrorType.NA,
        `Wrong number of arguments to SPARKLINE. Expected between 1 and 2 arguments, but got ${ast.args.length} arguments.`,
      );
    }
    const data = this.evaluateAst(dataArg as never, state as never);
    if (data instanceof CellError) return data;
    const options = optionsArg === undefined ? undefined : this.evaluateAst(optionsArg as never, state as never);
    if (options instanceof CellError) return options;
    sink?.recordSparkline(state.formulaAddress, sparklineView(cells(data), cells(options)));
    return EmptyValue;
  }
}

/** A value or range as rows of cells. */
function cells(value: unknown): unknown[][] {
  if (value === undefined) return [];
  if (value instanceof SimpleRangeValue) return value.rawData();
  return [[value]];
}

/**
 * What to draw: the data's numbers in order (a blank or text is a gap), and the options understood.
 * @param data rows of cells, as HyperFormula gives them
 * @param options rows of [name, value] pairs
 */
export function sparklineView(data: readonly (readonly unknown[])[], options: readonly (readonly unknown[])[]): SparklineView {
  const view: SparklineView = { kind: 'line', values: data.flat().map(numberOf) };
  for (const [name, value] of options) {
    const key = typeof name === 'string' ? name.toLowerCase() : '';
    const text = typeof value === 'string' ? value.trim() : '';
    const number = typeof value === 'number' ? value : undefined;
    if (key === 'charttype' && KINDS.has(text.toLowerCase() as SparklineView['kind']))
      view.kind = text.toLowerCase() as SparklineView['kind'];
    else if ((key === 'color' || key === 'color1') && text) view.color = text;
    else if ((key === 'negcolor' || key === 'color2') && text) view.negColor = text;
    else if (key === 'linewidth' && number !== undefined && number > 0) view.lineWidth = number;
    else if (key === 'ymin' && number !== undefined) view.min = number;
    else if ((key === 'ymax' || key === 'max') && number !== undefined) view.max = number;
  }
  return view;
}

/** A cell's number (a date or percentage too: HyperFormula's typed numbers hold it as `val`), or null. */
function numberOf(value: unknown): number | null {
  const n = typeof value === 'object' && value !== null && 'val' in value ? value.val : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}
