// @ts-check
/**
 * A small SVG line, column or stacked area chart (no library), floating over the grid like a Sheets
 * chart: drawn as the chart asked (ChartView.kind), a line or stacked area chart with a time axis
 * (ChartView.time) spaced by its days.
 */

/** @typedef {import('../state.js').ChartView} ChartView */

const SVG = 'http://www.w3.org/2000/svg';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * An SVG element with attributes.
 * @param {string} name
 * @param {Record<string, string | number>} attributes
 * @param {string} [text]
 */
function svg(name, attributes, text) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

/**
 * "2026-04" or "2026-04-01" → "Apr" (with the year on January and on the first point), "2026-04-06" →
 * "Apr 6"; other labels as they are.
 * @param {string} label
 * @param {number} index
 */
function shortLabel(label, index) {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(label);
  if (!match) return label;
  const month = MONTHS[Number(match[2]) - 1] ?? label;
  if (match[3] && match[3] !== '01') return `${month} ${Number(match[3])}`;
  return index === 0 || match[2] === '01' ? `${month} ${match[1]?.slice(2)}` : month;
}

/**
 * Round ticks covering [min, max].
 * @param {number} min
 * @param {number} max
 * @returns {number[]}
 */
function ticks(min, max) {
  if (min === max) return [min - 1, min, min + 1];
  const rough = (max - min) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? rough;
  const out = [];
  for (let v = Math.floor(min / step) * step; v <= max + step * 0.999; v += step) out.push(Number(v.toFixed(10)));
  return out;
}

/** Line colours, one per series, as Sheets' default palette starts. */
const COLORS = ['#4285f4', '#ea4335', '#fbbc04', '#34a853', '#ff6d01', '#46bdc6', '#7baaf7', '#f07b72'];

/**
 * Draws one chart into a positioned box: one line per series (through missing values), the first
 * series shaded when it is the only one, or one column per label and series from zero; a legend when
 * there are several series (none when the chart asked for none).
 * @param {ChartView} chart
 * @param {{ left: number, top: number, width: number, height: number }} box pixels within the grid
 */
export function renderChart(chart, box) {
  const frame = document.createElement('figure');
  frame.className = 'chart';
  frame.style.margin = '0';
  frame.style.left = `${box.left}px`;
  frame.style.top = `${box.top}px`;
  frame.style.width = `${box.width}px`;
  frame.style.height = `${box.height}px`;
  frame.setAttribute('aria-label', chart.title);
  const title = document.createElement('h2');
  title.textContent = chart.title;
  const note = document.createElement('p');
  note.className = 'chart-note';
  const series = chart.series.filter((s) => s.values.some((v) => v !== null));
  const columns = chart.kind === 'column';
  const stacked = chart.kind === 'stacked-area';
  if (chart.legend === false) {
    // The chart asked for no legend: its title names what it draws.
  } else if (series.length > 1) {
    series.forEach((s, i) => {
      const key = document.createElement('span');
      key.className = 'legend';
      key.style.setProperty('--c', COLORS[i % COLORS.length] ?? '#4285f4');
      key.textContent = s.name;
      note.append(key);
    });
  } else if (!chart.empty && series[0]) {
    note.textContent = series[0].name || `${series[0].values.length} months`;
  }
  const width = box.width - 22;
  const height = box.height - 52;
  const plot = svg('svg', {
    viewBox: `0 0 ${width} ${height}`,
    role: 'img',
    'aria-label': `${chart.title}: ${columns ? 'column' : stacked ? 'stacked area' : 'line'} chart`,
  });
  frame.append(title, note, plot);

  const all = /** @type {number[]} */ (series.flatMap((s) => s.values.filter((v) => v !== null)));
  if (chart.empty || all.length === 0) {
    plot.append(svg('text', { x: width / 2, y: height / 2, 'text-anchor': 'middle', class: 'empty' }, chart.empty ?? 'No data'));
    return frame;
  }
  const pad = { left: 46, right: 18, top: 8, bottom: 22 };
  // Columns stand on zero, as Sheets draws them, and so do stacked bands (up to the largest total); a
  // line's axis fits its values.
  const totals = chart.labels.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const yTicks = stacked
    ? ticks(0, Math.max(0, ...totals))
    : columns
      ? ticks(Math.min(0, ...all), Math.max(0, ...all))
      : ticks(Math.min(...all), Math.max(...all));
  const yMin = yTicks[0] ?? 0;
  const yMax = yTicks[yTicks.length - 1] ?? 1;
  const n = chart.labels.length;
  const span = width - pad.left - pad.right;
  // A time axis places each point at its day; otherwise the labels are evenly spaced categories.
  const days = chart.time?.days.filter((d) => d !== null) ?? [];
  const [first, last] = [Math.min(...days), Math.max(...days)];
  const xOfDay = (/** @type {number} */ day) => pad.left + (last === first ? 0 : ((day - first) * span) / (last - first));
  const x = (/** @type {number} */ i) =>
    chart.time ? xOfDay(chart.time.days[i] ?? first) : pad.left + (n <= 1 ? 0 : (i * span) / (n - 1));
  const y = (/** @type {number} */ v) => pad.top + (1 - (v - yMin) / (yMax - yMin || 1)) * (height - pad.top - pad.bottom);

  for (const t of yTicks) {
    plot.append(svg('line', { x1: pad.left, x2: width - pad.right, y1: y(t), y2: y(t), class: 'gridline' }));
    const label = chart.percent ? `${Number((t * 100).toFixed(6))}%` : t.toLocaleString('en-US');
    plot.append(svg('text', { x: pad.left - 6, y: y(t) + 3, 'text-anchor': 'end', class: 'axis' }, label));
  }
  if (columns) {
    drawColumns(plot, chart, series, { width, height, pad, y, zero: y(Math.min(Math.max(0, yMin), yMax)) });
    return frame;
  }
  if (chart.time) {
    for (const tick of chart.time.ticks) {
      plot.append(svg('text', { x: xOfDay(tick.day), y: height - 6, 'text-anchor': 'middle', class: 'axis tick' }, tick.label));
    }
  } else {
    const every = Math.ceil(n / Math.max(1, Math.floor((width - pad.left) / 44)));
    chart.labels.forEach((label, i) => {
      if (i % every === 0)
        plot.append(svg('text', { x: x(i), y: height - 6, 'text-anchor': 'middle', class: 'axis' }, shortLabel(label, i)));
    });
  }
  if (stacked) {
    drawBands(plot, chart, series, { x, y });
    return frame;
  }
  series.forEach((s, k) => {
    const color = COLORS[k % COLORS.length] ?? '#4285f4';
    const at = s.values.flatMap((v, i) => (v === null || (chart.time && chart.time.days[i] === null) ? [] : [{ i, v }]));
    const points = at.map(({ i, v }) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
    const first = at[0];
    const last = at[at.length - 1];
    if (series.length === 1 && first && last) {
      plot.append(svg('polygon', { points: `${x(first.i)},${y(yMin)} ${points.join(' ')} ${x(last.i)},${y(yMin)}`, class: 'area' }));
    }
    plot.append(svg('polyline', { points: points.join(' '), class: 'series', style: `stroke: ${color}` }));
    for (const { i, v } of at) {
      const dot = svg('circle', { cx: x(i), cy: y(v), r: 3, class: 'dot', style: `stroke: ${color}` });
      dot.append(svg('title', {}, `${s.name ? `${s.name}, ` : ''}${chart.labels[i] ?? ''}: ${v.toLocaleString('en-US')}`));
      plot.append(dot);
    }
  });
  return frame;
}

/**
 * The columns of a column chart: one band per label, one column per series in it, from zero; each label
 * under its band, shortened to fit (its whole text on hover, as every column's value is).
 * @param {SVGElement} plot
 * @param {ChartView} chart
 * @param {ChartView['series']} series
 * @param {{ width: number, height: number, pad: { left: number, right: number, top: number, bottom: number },
 *   y: (v: number) => number, zero: number }} frame
 */
function drawColumns(plot, chart, series, { width, height, pad, y, zero }) {
  const n = chart.labels.length;
  const band = (width - pad.left - pad.right) / Math.max(1, n);
  const barWidth = (band * 0.7) / Math.max(1, series.length);
  const fits = Math.max(3, Math.floor(band / 6));
  chart.labels.forEach((label, i) => {
    const text = label.length > fits ? `${label.slice(0, fits - 1)}…` : label;
    const tick = svg('text', { x: pad.left + band * (i + 0.5), y: height - 6, 'text-anchor': 'middle', class: 'axis' }, text);
    tick.append(svg('title', {}, label));
    plot.append(tick);
  });
  series.forEach((s, k) => {
    const color = COLORS[k % COLORS.length] ?? '#4285f4';
    s.values.forEach((v, i) => {
      if (v === null) return;
      const x = pad.left + band * i + band * 0.15 + barWidth * k;
      const top = Math.min(y(v), zero);
      const bar = svg('rect', { x, y: top, width: barWidth, height: Math.max(1, Math.abs(zero - y(v))), fill: color, class: 'bar' });
      bar.append(svg('title', {}, `${s.name ? `${s.name}, ` : ''}${chart.labels[i] ?? ''}: ${v.toLocaleString('en-US')}`));
      plot.append(bar);
    });
  });
}

/**
 * The bands of a stacked area chart: each series from the top of the ones before it (the first from
 * zero), a missing value adding nothing, at the points the axis places (a time axis skips a point
 * without a day); each band names its series on hover.
 * @param {SVGElement} plot
 * @param {ChartView} chart
 * @param {ChartView['series']} series
 * @param {{ x: (i: number) => number, y: (v: number) => number }} scale
 */
function drawBands(plot, chart, series, { x, y }) {
  const at = chart.labels.flatMap((_, i) => (chart.time && chart.time.days[i] === null ? [] : [i]));
  let base = at.map(() => 0);
  series.forEach((s, k) => {
    const top = at.map((i, j) => (base[j] ?? 0) + (s.values[i] ?? 0));
    const upper = at.map((i, j) => `${x(i).toFixed(1)},${y(top[j] ?? 0).toFixed(1)}`);
    const lower = at.map((i, j) => `${x(i).toFixed(1)},${y(base[j] ?? 0).toFixed(1)}`).reverse();
    const band = svg('polygon', { points: [...upper, ...lower].join(' '), fill: COLORS[k % COLORS.length] ?? '#4285f4', class: 'band' });
    band.append(svg('title', {}, s.name));
    plot.append(band);
    base = top;
  });
}
