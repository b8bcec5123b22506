/** Draws the growth chart: a vega-lite spec rendered to SVG by vega, then to PNG by resvg. */
import { Resvg } from '@resvg/resvg-js';
import { writeFileSync } from 'node:fs';
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';

/** One point of the chart. */
export interface GrowthPoint {
  n: number;
  implementation: string;
  metric: string;
  value: number;
}

/**
 * Writes a PNG with one panel per metric, requests and seconds against N, one line per implementation.
 * @param points the measurements
 * @param file where to write the PNG
 */
export async function drawGrowthChart(points: GrowthPoint[], file: string): Promise<void> {
  const spec: TopLevelSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: 'Per-cell formulas over a keyword column (40 % repeats)',
    data: { values: points },
    facet: { column: { field: 'metric', type: 'nominal', title: null } },
    spec: {
      width: 320,
      height: 220,
      mark: { type: 'line', point: true },
      encoding: {
        x: { field: 'n', type: 'quantitative', title: 'cells (N)' },
        y: { field: 'value', type: 'quantitative', title: null },
        color: { field: 'implementation', type: 'nominal', title: null },
      },
    },
    resolve: { scale: { y: 'independent' } },
    config: { font: 'sans-serif', background: 'white' },
  };
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  const svg = await view.toSVG();
  const png = new Resvg(svg, { fitTo: { mode: 'zoom', value: 2 }, font: { loadSystemFonts: true } }).render().asPng();
  writeFileSync(file, png);
}
