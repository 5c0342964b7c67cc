/**
 * `md`: a short report of the selection: counts and mean reward per run, the compare report when the selection is
 * two comparable runs, then a table of the episodes.
 */
import type { CompareReport } from '@contract/compare'
import type { EpisodeSummary, RunSummary } from '@contract/model'
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

export const num = (v: number | null, digits = 3): string =>
  v === null ? '–' : Number.isInteger(v) ? String(v) : v.toFixed(digits)

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
    '| Run | Episode | Task | Rollout | Reward | Passed | Turns | Status | Preview |',
    '| --- | --- | --- | ---: | ---: | --- | ---: | --- | --- |'
  ]
  return lines.join('\n') + '\n'
}

export function mdRow(e: EpisodeSummary, runName: string): string {
  const passed = e.passed === null ? '–' : e.passed ? 'yes' : 'no'
  return `| ${mdText(runName)} | ${mdCode(e.id, true)} | ${mdCode(e.taskKey, true)} | ${e.rollout} | ${num(e.reward)} | ${passed} | ${e.turns} | ${e.status} | ${mdText(e.preview, 80)} |\n`
}
