/**
 * The HTML reports' stylesheet: readable tables, light and dark schemes (the charts read the same variables), print.
 * Run A, run B and the delta, and fixed / broken tasks, take their colours from the definitions the app uses too
 * (RUN_COLORS, VERDICT_COLORS); a change in a figure is green or red, as in the app's tables.
 */
import { RUN_COLORS, VERDICT_COLORS } from '@contract/display'

export const REPORT_CSS = `
:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --grid: rgba(31, 35, 40, 0.12); --line: #d1d9e0; --head: #f6f8fa;
  --run-a: ${RUN_COLORS.a}; --run-b: ${RUN_COLORS.b}; --delta: ${RUN_COLORS.delta}; --better: #1a7f37; --worse: #cf222e; --fixed: ${VERDICT_COLORS.better}; --broken: ${VERDICT_COLORS.worse}; --code: #eff2f5;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --grid: rgba(230, 237, 243, 0.14); --line: #3d444d; --head: #151b23;
    --run-a: ${RUN_COLORS.aDark}; --run-b: ${RUN_COLORS.bDark}; --delta: ${RUN_COLORS.deltaDark}; --better: #3fb950; --worse: #f85149; --fixed: ${VERDICT_COLORS.betterDark}; --broken: ${VERDICT_COLORS.worseDark}; --code: #262c36;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 14px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
main { max-width: 1000px; margin: 0 auto; padding: 24px 20px 48px; }
h1 { font-size: 22px; margin: 0 0 12px; overflow-wrap: anywhere; }
h2 { font-size: 17px; margin: 32px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
h3 { font-size: 15px; margin: 20px 0 6px; overflow-wrap: anywhere; }
.muted { color: var(--muted); }
.note { background: var(--head); border-left: 3px solid var(--delta); padding: 8px 12px; }
.runs { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
.run { border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; overflow-wrap: anywhere; }
.tag { display: inline-block; min-width: 1.6em; text-align: center; border-radius: 4px; color: #fff; font-weight: 600; }
.run-a .tag { background: var(--run-a); }
.run-b .tag { background: var(--run-b); }
table { border-collapse: collapse; margin: 8px 0; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid var(--line); padding: 4px 10px; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
thead th, tbody th { background: var(--head); }
.num { text-align: right; white-space: nowrap; }
.verdict { font-size: 16px; font-weight: 600; margin: 4px 0 10px; padding: 8px 12px; border-left: 4px solid var(--muted); background: var(--head); }
.verdict-better { border-left-color: var(--better); }
.verdict-worse { border-left-color: var(--worse); }
.warnings { margin: 0 0 12px; padding-left: 20px; }
.warnings li { margin: 2px 0; }
.warn-forced { color: var(--worse); }
.better { color: var(--better); }
.worse { color: var(--worse); }
.fixed { color: var(--fixed); }
.broken { color: var(--broken); }
code { background: var(--code); border-radius: 4px; padding: 0 4px; font: 12.5px ui-monospace, SFMono-Regular, Menlo, monospace; overflow-wrap: anywhere; }
details { display: inline; }
summary { display: inline; cursor: pointer; color: var(--muted); }
details[open] summary { display: block; }
.chart { margin: 8px 0 4px; min-height: 40px; }
.uplot, .uplot .u-legend { color: var(--fg); font-family: inherit; }
.u-legend th, .u-legend td { border: 0; background: none; padding: 2px 4px; }
footer { margin-top: 40px; font-size: 12px; }
@media print { h2 { break-after: avoid; } .chart, table { break-inside: avoid; } }
`
