/**
 * `md`: a short report of the selection: counts and mean reward per run, the compare report when the selection is
 * two comparable runs, then a table of the episodes (with their labels), then each noted or labelled episode's note
 * and turns (a table row holds no paragraph).
 */
import type { CompareReport } from '@contract/compare'
import { toFixedClean } from '@contract/display'
import type { EpisodeLabels } from '@contract/labels'
import type { EpisodeSummary, RunSummary, Turn } from '@contract/model'
import { compareMarkdown } from '../report/markdown-report'
import { mdCode, mdText } from '../report/md-escape'

export interface RunTally {
  run: RunSummary
  episodes: number
  rewarded: number
  rewardSum: number
  passed: number
  passKnown: number
}

export const newTally = (run: RunSummary): RunTally => ({
  run,
  episodes: 0,
  rewarded: 0,
  rewardSum: 0,
  passed: 0,
  passKnown: 0
})

export function addToTally(t: RunTally, e: EpisodeSummary): void {
  t.episodes++
  if (e.reward !== null) (t.rewarded++, (t.rewardSum += e.reward))
  if (e.passed !== null) (t.passKnown++, e.passed && t.passed++)
}

export const meanReward = (t: RunTally): number | null => (t.rewarded ? t.rewardSum / t.rewarded : null)

/** A reward or mean as every table shows it: three decimals (1.000 beside 0.600, not 1), rounded by the display rule. */
export const num = (v: number | null, digits = 3): string => (v === null ? '–' : toFixedClean(v, digits))

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`

/** The reports' one-line count of the selection, plain text (md and html say it alike: "1 episode from 1 run"). */
export function selectionCounts(tallies: RunTally[]): string {
  const total = tallies.reduce((n, t) => n + t.episodes, 0)
  const rewarded = tallies.reduce((n, t) => n + t.rewarded, 0)
  const sum = tallies.reduce((n, t) => n + t.rewardSum, 0)
  const runs = tallies.filter((t) => t.episodes).length
  return `${count(total, 'episode', 'episodes')} from ${count(runs, 'run', 'runs')}; mean reward ${num(rewarded ? sum / rewarded : null)}.`
}

/** Title, what was selected, and the per-run summary table. */
export function mdSummary(tallies: RunTally[], selection: string): string {
  const lines = [
    '# Rollscope export',
    '',
    `Selection: ${mdText(selection, Infinity)}`,
    '',
    selectionCounts(tallies),
    '',
    '| Run | Episodes | Mean reward | Passed |',
    '| --- | ---: | ---: | ---: |',
    ...tallies.map(
      (t) =>
        `| ${mdText(t.run.name)} | ${t.episodes} | ${num(meanReward(t))} | ${t.passKnown ? `${t.passed}/${t.passKnown}` : '–'} |`
    ),
    ''
  ]
  return lines.join('\n') + '\n'
}

/**
 * The compare report one heading level down: its title "# A vs B" becomes the section "## Comparison: A vs B".
 * Shifting every line that starts with `#` is safe: the report's own headings are the only such lines (mdText
 * flattens newlines and its text never starts a line).
 */
export function mdComparison(report: CompareReport, scopeNote: string | null): string {
  const [title, ...rest] = compareMarkdown(report)
    .replace(/^(#{1,5}) /gm, '#$1 ')
    .split('\n')
  const note = scopeNote ? ['', `> ${mdText(scopeNote, Infinity)}`] : []
  return [title.replace(/^## /, '## Comparison: '), ...note, ...rest].join('\n') + '\n'
}

/** The one line saying why the export has no comparison. */
export const mdNoComparison = (reason: string): string => `${mdText(reason, Infinity)}\n\n`

/** The episode table's heading and header rows. */
export function mdEpisodesHead(): string {
  const lines = [
    '## Episodes',
    '',
    '| Run | Episode | Task | Rollout | Reward | Passed | Turns | Status | Labels | Preview |',
    '| --- | --- | --- | ---: | ---: | --- | ---: | --- | --- | --- |'
  ]
  return lines.join('\n') + '\n'
}

/** One episode row (labels: the episode-level labels; its turns' are under the table). */
export function mdRow(e: EpisodeSummary, runName: string, labels: readonly string[]): string {
  const passed = e.passed === null ? '–' : e.passed ? 'yes' : 'no'
  const tags = labels.length ? labels.map((l) => mdText(l)).join(', ') : '–'
  return `| ${mdText(runName)} | ${mdCode(e.id, true)} | ${mdCode(e.taskKey, true)} | ${e.rollout} | ${num(e.reward)} | ${passed} | ${e.turns} | ${e.status} | ${tags} | ${mdText(e.preview, 80)} |\n`
}

/** The heading of the section after the table, written before its first episode. */
export const MD_TRIAGE_HEADING = '\n## Notes and labelled turns\n\n'

/**
 * One episode's note and its labelled or noted turns (`marked`, in order), each with its labels, an excerpt of what
 * it said (`excerpt`, from the transcript `turns`) and its note, as the HTML export shows them under the row.
 */
export function mdTriage(
  e: EpisodeSummary,
  runName: string,
  triage: EpisodeLabels,
  marked: EpisodeLabels['turns'],
  turns: Turn[] | null,
  excerpt: (t: Turn) => string
): string {
  const byIndex = new Map((turns ?? []).map((t) => [t.index, t]))
  const note = (triage.note ?? '').trim()
  const lines = [`### ${mdCode(e.id)} · ${mdText(runName)} · task ${mdCode(e.taskKey)}, rollout ${e.rollout}`, '']
  if (note) lines.push(`**Note:** ${mdText(note, Infinity)}`, '')
  for (const m of marked) {
    const t = byIndex.get(m.turn)
    const tags = m.labels.length ? ` — ${m.labels.map((l) => mdText(l)).join(', ')}` : ''
    lines.push(`- turn ${m.turn}${t ? ` · ${t.role}` : ''}${tags}`)
    if (t) lines.push(`  > ${mdText(excerpt(t), Infinity)}`)
    if ((m.note ?? '').trim()) lines.push(`  Note: ${mdText(m.note!.trim(), Infinity)}`)
  }
  return lines.join('\n') + '\n\n'
}
