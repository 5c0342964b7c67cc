/**
 * The comparison as a Markdown report, in the shape users write by hand (PRODUCT.md §1): the verdict first, then what
 * could change it, both runs, a summary table with deltas and CIs (and each run's whole-run figures beside them when
 * the task sets differ), the flips with McNemar's p, pass@k, per-category scores with the best and worst called out,
 * the broken tasks grouped by category, RR@k, and the remaining caveats. Runtime-neutral.
 */
import type { CompareReport, CompareRunRef } from '@contract/compare'
import { fmtDelta, fmtP, sideName, STD_NOTE } from '@contract/display'
import {
  BROKEN_HEADER,
  BROKEN_NOTE,
  brokenTaskCells,
  categoryCells,
  metricCells,
  passAtKCells,
  solvedWithinCells
} from './compare-cells'
import { mdCode, mdText } from './md-escape'
import { mdTable } from './md-table'
import {
  capped,
  caveats,
  categoryGroups,
  categoryUnit,
  flipGroupField,
  groupTasks,
  rolloutsPhrase,
  rrPoints,
  sharedNote,
  tasksDiffer
} from './report-sections'
import { upFrontWarnings, warningLead, afterLead } from './report-warnings'

/** `a`, `b`, … +N more — task keys as code spans (`total`: how many there are, when `keys` is the report's capped list). */
function taskList(keys: string[], total = keys.length): string {
  if (keys.length === 0) return 'none'
  const { shown, more } = capped(keys, undefined, total)
  return shown.map((k) => mdCode(k)).join(', ') + (more ? `, +${more} more` : '')
}

function runLine(label: string, run: CompareRunRef): string {
  const parts = [run.model, run.env, run.format].filter((p): p is string => !!p).map((p) => mdText(p))
  if (run.checkpointStep !== null) parts.push(`step ${run.checkpointStep}`)
  return `- **${label}:** ${mdText(run.name)} (${parts.join(', ')}): ${run.episodes} episodes, ${run.tasks} tasks${rolloutsPhrase(run)}`
}

/** The title, the verdict in bold, the warnings that can change it, then the runs and what the numbers are over. */
function header(r: CompareReport): string {
  const lines = [
    `# ${mdText(sideName(r.runA))} vs ${mdText(sideName(r.runB))}`,
    '',
    `**${mdText(r.verdict.text, Infinity)}**`
  ]
  const first = upFrontWarnings(r.warnings)
  if (first.length) lines.push('', ...first.map((w) => `- ⚠ **${warningLead(w)}:** ${mdText(afterLead(w), Infinity)}`))
  lines.push('', runLine('A', r.runA), runLine('B', r.runB), '', `> ${sharedNote(r)}`)
  if (r.onlyA) lines.push('', `Only in A (${r.onlyA}): ${taskList(r.onlyATasks, r.onlyA)}`)
  if (r.onlyB) lines.push('', `Only in B (${r.onlyB}): ${taskList(r.onlyBTasks, r.onlyB)}`)
  return lines.join('\n')
}

function summary(r: CompareReport): string {
  const whole = tasksDiffer(r)
  const rows = r.metrics.map((m) => {
    const c = metricCells(m)
    const row = [mdText(c.label), c.a, c.b, c.clear ? `**${c.delta}**` : c.delta, c.rel, c.ci]
    return whole ? [...row, c.wholeA, c.wholeB, c.wholeDelta] : row
  })
  const header = [
    'Metric',
    'A',
    'B',
    'Δ',
    'Δ%',
    '95% CI',
    ...(whole ? ['A, whole run', 'B, whole run', 'Δ, whole run'] : [])
  ]
  const align = header.map((_, i) => (i === 0 || i === 5 ? 'l' : 'r') as 'l' | 'r')
  return [
    '## Summary',
    '',
    mdTable(header, align, rows),
    '',
    'Δ is B − A (shares in percentage points, pts); bold where the 95% CI excludes 0. Rows without a CI are statistics ' +
      'of the episodes as a whole (spread, extremes, means over a subset), not paired per task. Steps are agent actions. ' +
      STD_NOTE
  ].join('\n')
}

function flips(r: CompareReport): string {
  const f = r.flips
  const lines = [
    '## Flips',
    '',
    'A task passes when more than half of its rollouts pass.',
    '',
    mdTable(
      ['', 'B pass', 'B fail'],
      ['l', 'r', 'r'],
      [
        // the app's way round: A fail above A pass, B pass left of B fail
        ['**A fail**', `▲ ${f.fixed.length} fixed`, `× ${f.bothFail.length} still fail`],
        ['**A pass**', `= ${f.bothPass.length} still pass`, `▼ ${f.broken.length} broken`]
      ]
    ),
    '',
    f.mcnemarP === null
      ? 'McNemar: no discordant tasks (nothing flipped), no test.'
      : `McNemar exact p = ${fmtP(f.mcnemarP)} (${f.fixed.length} fixed vs ${f.broken.length} broken).`
  ]
  if (f.undecided)
    lines.push(`${f.undecided} shared tasks have no pass/fail verdict in one of the runs and are not counted.`)
  lines.push(
    '',
    `- **Fixed (${f.fixed.length}):** ${taskList(f.fixed)}`,
    `- **Broken (${f.broken.length}):** ${taskList(f.broken)}`
  )
  return lines.join('\n')
}

function passAtK(r: CompareReport): string | null {
  if (r.passAtK.length === 0) return null
  const rows = r.passAtK.map(passAtKCells)
  return [
    '## pass@k and pass^k',
    '',
    mdTable(['k', 'Tasks', 'pass@k A', 'pass@k B', 'Δ', 'pass^k A', 'pass^k B', 'Δ'], Array(8).fill('r'), rows),
    '',
    'pass@k: chance that at least one of k rollouts passes; pass^k: that all k pass (unbiased estimators over each ' +
      "task's rollouts, on tasks with at least k rollouts in both runs)."
  ].join('\n')
}

function categories(r: CompareReport): string | null {
  const groups = categoryGroups(r)
  if (groups.length === 0) return null
  const unit = categoryUnit(r)
  const parts = ['## Per category']
  for (const g of groups) {
    parts.push('', `### ${mdText(g.field)}`, '')
    if (g.best && g.worst) {
      parts.push(
        `Best: **${mdText(g.best.value)}** (${fmtDelta(unit, g.best.delta)}); ` +
          `worst: **${mdText(g.worst.value)}** (${fmtDelta(unit, g.worst.delta)}).`,
        ''
      )
    }
    const rows = g.rows.map((row) => {
      const c = categoryCells(row, unit)
      return [
        mdText(c.value),
        c.tasks,
        c.a,
        c.b,
        c.clear ? `**${c.delta}**` : c.delta,
        c.ci,
        c.passed,
        c.wholeA,
        c.wholeB
      ]
    })
    parts.push(
      mdTable(
        [mdText(g.field), 'Tasks', 'A', 'B', 'Δ', '95% CI', 'Passed A → B', 'A, whole run', 'B, whole run'],
        ['l', 'r', 'r', 'r', 'r', 'l', 'l', 'r', 'r'],
        rows
      )
    )
  }
  const score = unit === 'reward' ? 'mean per-task reward' : 'pass rate'
  parts.push(
    '',
    `A, B, Δ and the CI: ${score} on the shared tasks with the value; Passed: shared tasks passed / with a verdict. ` +
      `Whole run: each run's ${unit === 'reward' ? 'mean reward' : 'pass rate'} over all its episodes with the value, ` +
      'and its episodes passed / with a verdict.'
  )
  return parts.join('\n')
}

function failures(r: CompareReport): string {
  const field = flipGroupField(r)
  const title = field ? `## Failures: broken tasks by ${mdText(field)}` : '## Failures: broken tasks'
  const groups = groupTasks(r, r.flips.broken, field)
  if (groups.length === 0) return `${title}\n\nNo task broke: every task A passes, B passes too.`
  const lines = groups.map(
    (g) => `- **${g.value === null ? '(no value)' : mdText(g.value)}** (${g.tasks.length}): ${taskList(g.tasks)}`
  )
  const broken = brokenTaskCells(r)
  const table = mdTable(
    BROKEN_HEADER,
    ['l', 'r', 'r', 'r', 'r', 'r', 'l'],
    broken.rows.map((x) => [`▼ ${mdCode(x.task, true)}`, ...x.cells.slice(0, 5), mdText(x.cells[5])])
  )
  return [
    title,
    '',
    'Tasks A passed and B failed.',
    '',
    ...lines,
    '',
    table,
    ...(broken.more ? ['', `… and ${broken.more} more broken tasks.`] : []),
    '',
    BROKEN_NOTE
  ].join('\n')
}

function solvedWithin(r: CompareReport): string | null {
  const points = rrPoints(r)
  if (points.length === 0) return null
  const rows = points.map(solvedWithinCells)
  return [
    '## Success within k steps (RR@k)',
    '',
    mdTable(['k', 'A', 'B', 'Δ'], ['r', 'r', 'r', 'r'], rows),
    '',
    'Share of episodes solved within k steps (agent actions), among the shared tasks’ episodes with a verdict and a known step count.'
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
