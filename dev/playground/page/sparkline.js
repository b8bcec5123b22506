// @ts-check
/**
 * A SPARKLINE's small chart, drawn in its cell as Sheets draws it: a line through the numbers (a blank
 * is a gap), or columns, win/loss marks, or one stacked bar.
 */

/** @typedef {import('../state.js').SparklineView} SparklineView */

const SVG = 'http://www.w3.org/2000/svg';
/** Sheets' default sparkline colour. */
const BLUE = '#3366cc';
const RED = '#dc3912';

/**
 * An SVG element with attributes.
 * @param {string} name
 * @param {Record<string, string | number>} attributes
 */
function svg(name, attributes) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, String(v));
  return el;
}

/**
 * The chart, `width` × `height` pixels.
 * @param {SparklineView} spark
 * @param {number} width
 * @param {number} height
 * @returns {SVGSVGElement}
 */
export function drawSparkline(spark, width, height) {
  const root = /** @type {SVGSVGElement} */ (
    svg('svg', {
      class: 'sparkline',
      width,
      height,
      viewBox: `0 0 ${width} ${height}`,
      role: 'img',
      'aria-label': `${spark.kind} sparkline`,
    })
  );
  const numbers = /** @type {number[]} */ (spark.values.filter((v) => v !== null));
  if (!numbers.length) return root;
  const color = spark.color ?? BLUE;
  if (spark.kind === 'bar') {
    // One bar: the values stacked left to right, in two alternating colours, against max (or their sum).
    const positive = numbers.filter((v) => v > 0);
    const total = spark.max ?? positive.reduce((a, b) => a + b, 0);
    let x = 0;
    positive.forEach((v, i) => {
      const w = total > 0 ? Math.min(width - x, (v / total) * width) : 0;
      root.append(svg('rect', { x, y: 2, width: Math.max(0, w), height: height - 4, fill: i % 2 ? (spark.negColor ?? RED) : color }));
      x += w;
    });
    return root;
  }
  const low = spark.min ?? Math.min(0, ...numbers);
  const high = spark.max ?? Math.max(...numbers);
  const span = high - low || 1;
  const n = spark.values.length;
  const y = (/** @type {number} */ v) => 1 + (1 - (Math.min(high, Math.max(low, v)) - low) / span) * (height - 2);
  if (spark.kind === 'line') {
    const lowLine = spark.min ?? Math.min(...numbers);
    const lineSpan = high - lowLine || 1;
    const ly = (/** @type {number} */ v) => 1 + (1 - (Math.min(high, Math.max(lowLine, v)) - lowLine) / lineSpan) * (height - 2);
    const x = (/** @type {number} */ i) => (n <= 1 ? width / 2 : (i * (width - 2)) / (n - 1) + 1);
    // A blank breaks the line, as Sheets leaves a gap.
    /** @type {string[][]} */
    const runs = [[]];
    spark.values.forEach((v, i) => {
      if (v === null) runs.push([]);
      else runs[runs.length - 1]?.push(`${x(i).toFixed(1)},${ly(v).toFixed(1)}`);
    });
    for (const run of runs.filter((r) => r.length)) {
      const points = run.length === 1 ? [run[0], run[0]] : run;
      root.append(svg('polyline', { points: points.join(' '), fill: 'none', stroke: color, 'stroke-width': spark.lineWidth ?? 1 }));
    }
    return root;
  }
  // Columns (win/loss: every value the same height, up or down).
  const gap = 1;
  const w = Math.max(1, (width - gap * (n - 1)) / n);
  const zero = spark.kind === 'winloss' ? height / 2 : y(Math.max(low, Math.min(high, 0)));
  spark.values.forEach((v, i) => {
    if (v === null || (spark.kind === 'winloss' && v === 0)) return;
    const top = spark.kind === 'winloss' ? (v > 0 ? 1 : height / 2) : Math.min(y(v), zero);
    const tall = spark.kind === 'winloss' ? height / 2 - 1 : Math.max(1, Math.abs(zero - y(v)));
    root.append(svg('rect', { x: i * (w + gap), y: top, width: w, height: tall, fill: v < 0 ? (spark.negColor ?? color) : color }));
  });
  return root;
}
