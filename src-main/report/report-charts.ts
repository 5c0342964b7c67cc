/**
 * The HTML report's charts: the data they draw (built here from the CompareReport, embedded as JSON) and the small
 * inline script that draws them with uPlot: overlaid reward histograms, per-category Δ bars with 95% CI whiskers,
 * and the RR@k curve. The script reads its data with JSON.parse and puts text on canvases or through uPlot's
 * legend (textContent), so no string from a trace is ever parsed as HTML.
 */
import { histogramShares, type CompareReport } from '@contract/compare'
import { RUN_COLORS, sideName } from '@contract/display'
import { categoryGroups } from './report-sections'

export interface ChartData {
  labels: { a: string; b: string }
  /** Run A, run B and delta colours where the page's CSS variables are missing (the one definition, RUN_COLORS). */
  colors: { a: string; b: string; delta: string }
  /** Share of each run's episodes per reward bin (runs with different rollout counts stay comparable). */
  histogram: { centers: number[]; width: number; lo: number; hi: number; a: number[]; b: number[] } | null
  categories: {
    field: string
    values: string[]
    delta: (number | null)[]
    lo: (number | null)[]
    hi: (number | null)[]
  }[]
  rr: { k: number[]; a: (number | null)[]; b: (number | null)[] } | null
}

export function chartData(r: CompareReport): ChartData {
  const { edges } = r.histogram
  const histogram =
    edges.length >= 2 && r.histogram.a.length === edges.length - 1
      ? {
          centers: edges.slice(0, -1).map((e, i) => (e + edges[i + 1]) / 2),
          width: edges[1] - edges[0],
          lo: edges[0],
          hi: edges[edges.length - 1],
          a: histogramShares(r.histogram.a),
          b: histogramShares(r.histogram.b)
        }
      : null
  const categories = categoryGroups(r).map((g) => ({
    field: g.field,
    values: g.rows.map((c) => c.value),
    delta: g.rows.map((c) => c.delta),
    lo: g.rows.map((c) => c.ci95?.[0] ?? null),
    hi: g.rows.map((c) => c.ci95?.[1] ?? null)
  }))
  const rr = r.solvedWithin.length
    ? { k: r.solvedWithin.map((s) => s.k), a: r.solvedWithin.map((s) => s.a), b: r.solvedWithin.map((s) => s.b) }
    : null
  const colors = { a: RUN_COLORS.a, b: RUN_COLORS.b, delta: RUN_COLORS.delta }
  return { labels: { a: `A: ${sideName(r.runA)}`, b: `B: ${sideName(r.runB)}` }, colors, histogram, categories, rr }
}

/**
 * Draws into #chart-histogram, #chart-category-<i> and #chart-rr; sets data-charts="ready" on <body> when done (the
 * E2E test waits for it). Colours come from the page's CSS variables so the light and dark schemes both read.
 * Plain ES2017, no backticks or template substitutions (it is a TypeScript string).
 */
export const CHART_SCRIPT = String.raw`(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var css = getComputedStyle(document.documentElement);
  function v(name, fallback) { return css.getPropertyValue(name).trim() || fallback; }
  var ink = v('--muted', '#666'), grid = v('--grid', 'rgba(0,0,0,0.1)');
  var colA = v('--run-a', data.colors.a), colB = v('--run-b', data.colors.b), colD = v('--delta', data.colors.delta);
  var charts = [];
  function axis(extra) {
    var a = { stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    for (var key in extra) a[key] = extra[key];
    return a;
  }
  function width(el) { return Math.max(280, Math.min(el.clientWidth || 720, 960)); }
  function make(id, opts, d) {
    var el = document.getElementById(id);
    if (!el) return;
    opts.width = width(el);
    opts.height = opts.height || 260;
    var u = new uPlot(opts, d, el);
    charts.push({ u: u, el: el });
  }
  function pct(u, vals) { return vals.map(function (x) { return x == null ? '' : Math.round(x * 1000) / 10 + '%'; }); }
  function alpha(hex, a) {
    var m = /^#([0-9a-f]{6})$/i.exec(hex);
    if (!m) return hex;
    var n = parseInt(m[1], 16);
    return 'rgba(' + (n >> 16) + ',' + ((n >> 8) & 255) + ',' + (n & 255) + ',' + a + ')';
  }

  if (data.histogram) {
    var h = data.histogram;
    var bars = uPlot.paths.bars({ size: [0.92, Infinity], align: 0 });
    make('chart-histogram', {
      scales: { x: { time: false, range: [h.lo, h.hi] }, y: { range: function (u, lo, hi) { return [0, Math.max(hi, 0.01) * 1.1]; } } },
      axes: [axis({ label: 'reward' }), axis({ label: 'share of episodes', values: pct, size: 60 })],
      series: [
        { label: 'reward', value: function (u, x) { return x == null ? '' : (x - h.width / 2).toFixed(2) + ' – ' + (x + h.width / 2).toFixed(2); } },
        { label: data.labels.a, stroke: colA, fill: alpha(colA, 0.35), paths: bars, points: { show: false }, value: function (u, x) { return x == null ? '' : (x * 100).toFixed(1) + '%'; } },
        { label: data.labels.b, stroke: colB, fill: alpha(colB, 0.35), paths: bars, points: { show: false }, value: function (u, x) { return x == null ? '' : (x * 100).toFixed(1) + '%'; } }
      ]
    }, [h.centers, h.a, h.b]);
  }

  data.categories.forEach(function (c, ci) {
    var xs = c.values.map(function (_, i) { return i; });
    var ys = [0];
    c.delta.concat(c.lo, c.hi).forEach(function (y) { if (y != null) ys.push(y); });
    var lo = Math.min.apply(null, ys), hi = Math.max.apply(null, ys), pad = (hi - lo || 1) * 0.1;
    function whiskers(u) {
      var ctx = u.ctx;
      ctx.save();
      ctx.strokeStyle = ink;
      ctx.lineWidth = Math.max(1, devicePixelRatio);
      var cap = 6 * devicePixelRatio;
      xs.forEach(function (i) {
        if (c.lo[i] == null || c.hi[i] == null) return;
        var x = u.valToPos(i, 'x', true), y0 = u.valToPos(c.lo[i], 'y', true), y1 = u.valToPos(c.hi[i], 'y', true);
        ctx.beginPath();
        ctx.moveTo(x, y0); ctx.lineTo(x, y1);
        ctx.moveTo(x - cap, y0); ctx.lineTo(x + cap, y0);
        ctx.moveTo(x - cap, y1); ctx.lineTo(x + cap, y1);
        ctx.stroke();
      });
      var z = u.valToPos(0, 'y', true);
      ctx.strokeStyle = grid.indexOf('rgba') === 0 ? ink : grid;
      ctx.setLineDash([4 * devicePixelRatio, 4 * devicePixelRatio]);
      ctx.beginPath(); ctx.moveTo(u.bbox.left, z); ctx.lineTo(u.bbox.left + u.bbox.width, z); ctx.stroke();
      ctx.restore();
    }
    make('chart-category-' + ci, {
      height: 240,
      // the table under the chart has the numbers; a hover legend would only repeat them
      legend: { show: false },
      scales: { x: { time: false, range: [-0.5, xs.length - 0.5] }, y: { range: [lo - pad, hi + pad] } },
      axes: [
        axis({ label: c.field, splits: function () { return xs; }, values: function (u, splits) { return splits.map(function (s) { return c.values[s] == null ? '' : c.values[s]; }); } }),
        axis({ label: 'Δ (B − A), 95% CI', size: 60 })
      ],
      series: [
        { value: function (u, i) { return i == null ? '' : c.values[i]; } },
        { label: 'Δ', stroke: colD, fill: alpha(colD, 0.45), paths: uPlot.paths.bars({ size: [0.6, 80], align: 0 }), points: { show: false } }
      ],
      hooks: { draw: [whiskers] }
    }, [xs, c.delta]);
  });

  if (data.rr) {
    // solved within k only changes at the sampled k: a step, not a slope
    var steps = uPlot.paths.stepped({ align: 1 });
    make('chart-rr', {
      scales: { x: { time: false }, y: { range: [0, 1] } },
      axes: [axis({ label: 'steps (k)' }), axis({ label: 'solved within k steps', values: pct, size: 60 })],
      series: [
        { label: 'k', value: function (u, k) { return k == null ? '' : String(k); } },
        { label: data.labels.a, stroke: colA, width: 2, points: { size: 6 }, paths: steps, value: function (u, x) { return x == null ? '' : (x * 100).toFixed(1) + '%'; } },
        { label: data.labels.b, stroke: colB, width: 2, points: { size: 6 }, paths: steps, value: function (u, x) { return x == null ? '' : (x * 100).toFixed(1) + '%'; } }
      ]
    }, [data.rr.k, data.rr.a, data.rr.b]);
  }

  var pending = 0;
  window.addEventListener('resize', function () {
    if (pending) return;
    pending = requestAnimationFrame(function () {
      pending = 0;
      charts.forEach(function (c) { c.u.setSize({ width: width(c.el), height: c.u.height }); });
    });
  });
  document.body.setAttribute('data-charts', 'ready');
})();
`
