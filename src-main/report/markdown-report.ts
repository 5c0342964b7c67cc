/**
 * The comparison as a Markdown report, in the shape users write by hand (PRODUCT.md §1): both runs, a summary table
 * with deltas and CIs, the flips with McNemar's p, pass@k, per-category scores with the best and worst called out,
 * the broken tasks grouped by category, RR@k, and caveats written from the warnings. Runtime-neutral.
 */
import type { CompareMetric, CompareReport, CompareRunRef } from '@contract/compare'
import { ciExcludesZero, fraction, metricCi, metricLabel, metricDelta, metricValue, num, pct, pValue, relDelta } from './format-values'
import { mdCode, mdText } from './md-escape'
import { capped, caveats, categoryGroups, flipGroupField, groupTasks, rrPoints, sharedNote } from './report-sections'

/** Category scores are mean rewards (or pass rates): plain numbers, signed when they are deltas. */
const CATEGORY_UNIT = { key: 'category', isRate: false } as const

function table(header: string[], align: ('l' | 'r')[], rows: string[][]): string {
  const rule = align.map((a) => (a === 'r' ? '--:' : '---'))
  return [header, rule, ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n')
}

/** `a`, `b`, … +N more — task keys as code spans. */
function taskList(keys: string[]): string {
  if (keys.length === 0) return 'none'
  const { shown, more } = capped(keys)
  return shown.map((k) => mdCode(k)).join(', ') + (more ? `, +${more} more` : '')
}

function runLine(label: string, run: CompareRunRef): string {
  const parts = [run.model, run.env, run.format].filter((p): p is string => !!p).map((p) => mdText(p))
  if (run.checkpointStep !== null) parts.push(`step ${run.checkpointStep}`)
  const rollouts = run.rolloutsPerTask !== null ? `, ${num(run.rolloutsPerTask, 1)} rollouts per task` : ''
  return `- **${label}:** ${mdText(run.name)} (${parts.join(', ')}): ${run.episodes} episodes, ${run.tasks} tasks${rollouts}`
}

function header(r: CompareReport): string {
  const lines = [
    `# ${mdText(r.runA.name)} vs ${mdText(r.runB.name)}`,
    '',
    runLine('A', r.runA),
    runLine('B', r.runB),
    '',
    `> ${sharedNote(r)}`
  ]
  if (r.onlyA) lines.push('', `Only in A (${r.onlyA}): ${taskList(r.onlyATasks)}`)
  if (r.onlyB) lines.push('', `Only in B (${r.onlyB}): ${taskList(r.onlyBTasks)}`)
  return lines.join('\n')
}

/** One summary row; a delta whose CI excludes 0 is bold. */
function metricRow(m: CompareMetric): string[] {
  const delta = metricDelta(m, m.delta)
  return [
    mdText(metricLabel(m)),
    metricValue(m, m.a),
    metricValue(m, m.b),
    ciExcludesZero(m.ci95) ? `**${delta}**` : delta,
    relDelta(m.relDelta),
    m.kind === 'paired' ? metricCi(m, m.ci95) : 'n/a'
  ]
}

function summary(r: CompareReport): string {
  const rows = r.metrics.map(metricRow)
  return [
    '## Summary',
    '',
    table(['Metric', 'A', 'B', 'Δ', 'Δ%', '95% CI'], ['l', 'r', 'r', 'r', 'r', 'l'], rows),
    '',
    'Δ is B − A (rates in percentage points); bold where the 95% CI excludes 0. Rows without a CI are statistics of ' +
      'the whole run (spread, extremes, means over a subset), not paired per task.'
  ].join('\n')
}

function flips(r: CompareReport): string {
  const f = r.flips
  const lines = [
    '## Flips',
    '',
    'A task passes when more than half of its rollouts pass.',
    '',
    table(
      ['', 'B pass', 'B fail'],
      ['l', 'r', 'r'],
      [
        ['**A pass**', `${f.bothPass.length} still pass`, `${f.broken.length} broken`],
        ['**A fail**', `${f.fixed.length} fixed`, `${f.bothFail.length} still fail`]
      ]
    ),
    '',
    f.mcnemarP === null
      ? 'McNemar: no discordant tasks (nothing flipped), no test.'
      : `McNemar exact p = ${pValue(f.mcnemarP)} (${f.fixed.length} fixed vs ${f.broken.length} broken).`
  ]
  if (f.undecided) lines.push(`${f.undecided} shared tasks have no pass/fail verdict in one of the runs and are not counted.`)
  lines.push('', `- **Fixed (${f.fixed.length}):** ${taskList(f.fixed)}`, `- **Broken (${f.broken.length}):** ${taskList(f.broken)}`)
  return lines.join('\n')
}

function passAtK(r: CompareReport): string | null {
  if (r.passAtK.length === 0) return null
  const rows = r.passAtK.map((p) => [
    String(p.k),
    String(p.tasks),
    pct(p.a.passAtK),
    pct(p.b.passAtK),
    p.a.passAtK !== null && p.b.passAtK !== null ? metricDelta({ key: 'p', isRate: true }, p.b.passAtK - p.a.passAtK) : '–',
    pct(p.a.passHatK),
    pct(p.b.passHatK),
    p.a.passHatK !== null && p.b.passHatK !== null ? metricDelta({ key: 'p', isRate: true }, p.b.passHatK - p.a.passHatK) : '–'
  ])
  return [
    '## pass@k and pass^k',
    '',
    table(['k', 'Tasks', 'pass@k A', 'pass@k B', 'Δ', 'pass^k A', 'pass^k B', 'Δ'], ['r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'], rows),
    '',
    'pass@k: chance that at least one of k rollouts passes; pass^k: that all k pass (unbiased estimators over each ' +
      "task's rollouts, on tasks with at least k rollouts in both runs)."
  ].join('\n')
}

function categories(r: CompareReport): string | null {
  const groups = categoryGroups(r)
  if (groups.length === 0) return null
  const parts = ['## Per category']
  for (const g of groups) {
    parts.push('', `### ${mdText(g.field)}`, '')
    if (g.best && g.worst) {
      parts.push(
        `Best: **${mdText(g.best.value)}** (${metricDelta(CATEGORY_UNIT, g.best.delta)}); ` +
          `worst: **${mdText(g.worst.value)}** (${metricDelta(CATEGORY_UNIT, g.worst.delta)}).`,
        ''
      )
    }
    const rows = g.rows.map((c) => [
      mdText(c.value),
      String(c.tasks),
      num(c.a),
      num(c.b),
      metricDelta(CATEGORY_UNIT, c.delta),
      metricCi(CATEGORY_UNIT, c.ci95),
      `${fraction(c.passedA, c.decided)} → ${fraction(c.passedB, c.decided)}`
    ])
    parts.push(table([mdText(g.field), 'Tasks', 'A', 'B', 'Δ', '95% CI', 'Passed A → B'], ['l', 'r', 'r', 'r', 'r', 'l', 'l'], rows))
  }
  parts.push('', 'A and B: mean per-task reward in the category (pass rate where the runs have no reward).')
  return parts.join('\n')
}

function failures(r: CompareReport): string {
  const field = flipGroupField(r)
  const title = field ? `## Failures: broken tasks by ${mdText(field)}` : '## Failures: broken tasks'
  const groups = groupTasks(r, r.flips.broken, field)
  if (groups.length === 0) return `${title}\n\nNo task broke: every task A passes, B passes too.`
  const lines = groups.map((g) => `- **${g.value === null ? '(no value)' : mdText(g.value)}** (${g.tasks.length}): ${taskList(g.tasks)}`)
  return [title, '', 'Tasks A passed and B failed.', '', ...lines].join('\n')
}

function solvedWithin(r: CompareReport): string | null {
  const points = rrPoints(r)
  if (points.length === 0) return null
  const rows = points.map((s) => [
    String(s.k),
    pct(s.a),
    pct(s.b),
    s.a !== null && s.b !== null ? metricDelta({ key: 'rr', isRate: true }, s.b - s.a) : '–'
  ])
  return [
    '## Success within k steps (RR@k)',
    '',
    table(['k', 'A', 'B', 'Δ'], ['r', 'r', 'r', 'r'], rows),
    '',
    'Share of episodes solved within k turns.'
  ].join('\n')
}

function caveatSection(r: CompareReport): string {
  return ['## Caveats', '', ...caveats(r).map((c) => `- ${mdText(c, Infinity)}`)].join('\n')
}

/** The whole report. */
export function compareMarkdown(report: CompareReport): string {
  const sections = [
    header(report),
    summary(report),
    flips(report),
    passAtK(report),
    categories(report),
    failures(report),
    solvedWithin(report),
    caveatSection(report)
  ]
  return sections.filter((s): s is string => s !== null).join('\n\n') + '\n'
}
