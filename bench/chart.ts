/**
 * Draws the results chart (bench/growth.png): a vega-lite spec rendered to SVG by vega, then to PNG by
 * resvg. Three panels, add-on beside baseline: round trips of one execution, its modelled time, and the
 * largest column's summed execution time with 30 at once (first calculation and recalculation, latency
 * model on and off).
 */
import { Resvg } from '@resvg/resvg-js';
import { writeFileSync } from 'node:fs';
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import type { Results } from './results.js';

/** One bar of the chart. */
export interface ChartPoint {
  panel: string;
  case: string;
  implementation: 'add-on' | 'baseline';
  value: number;
}

/**
 * The bars, from a run's results.
 * @param r the results
 */
export function chartPoints(r: Results): ChartPoint[] {
  const points: ChartPoint[] = [];
  const push = (panel: string, c: string, ours: number, baseline: number) =>
    points.push({ panel, case: c, implementation: 'add-on', value: ours }, { panel, case: c, implementation: 'baseline', value: baseline });
  const costs = r.cellCosts.find((c) => c.latency)?.rows ?? [];
  for (const row of costs.filter((x) => x.case !== 'first miss')) {
    const name = row.case.startsWith('range') ? `${row.case} (${row.cells})` : row.case;
    push('round trips, one execution', name, row.ours.roundTrips, row.baseline.roundTrips);
    push('modelled ms, one execution', name, row.ours.modelledMs, row.baseline.modelledMs);
  }
  const largest = Math.max(0, ...r.columns.map((c) => c.n));
  for (const c of r.columns.filter((x) => x.n === largest)) {
    const model = c.latency ? 'model on' : 'model off';
    const panel = `Σ execution time (s), ${largest} cells, 30 at once`;
    push(panel, `first, ${model}`, c.ours.first.executions.summedMs / 1000, c.baseline.first.executions.summedMs / 1000);
    push(panel, `recalc, ${model}`, c.ours.recalculation.executions.summedMs / 1000, c.baseline.recalculation.executions.summedMs / 1000);
  }
  return points;
}

/**
 * Writes a PNG with one panel per measure, grouped bars per case, one colour per implementation.
 * @param points the bars
 * @param file where to write the PNG
 */
export async function drawGrowthChart(points: ChartPoint[], file: string): Promise<void> {
  const spec: TopLevelSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: 'Search Demand add-on vs tutorial baseline, under the service-call latency model',
    data: { values: points },
    facet: { column: { field: 'panel', type: 'nominal', title: null, sort: [...new Set(points.map((p) => p.panel))] } },
    spec: {
      width: { step: 22 },
      height: 220,
      mark: { type: 'bar' },
      encoding: {
        x: { field: 'case', type: 'nominal', title: null, sort: null, axis: { labelAngle: -30 } },
        xOffset: { field: 'implementation', type: 'nominal' },
        y: { field: 'value', type: 'quantitative', title: null },
        color: { field: 'implementation', type: 'nominal', title: null },
        tooltip: { field: 'value', type: 'quantitative' },
      },
    },
    resolve: { scale: { x: 'independent', y: 'independent' } },
    config: { font: 'sans-serif', background: 'white' },
  };
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  const svg = await view.toSVG();
  const png = new Resvg(svg, { fitTo: { mode: 'zoom', value: 2 }, font: { loadSystemFonts: true } }).render().asPng();
  writeFileSync(file, png);
}
