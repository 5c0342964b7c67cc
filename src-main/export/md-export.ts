/** `md`: a short report of the selection: counts and mean reward per run, then a table of the episodes. */
import type { EpisodeSummary, RunSummary } from '@contract/model'
import { mdCode, mdText } from '../report/md-escape'

export interface RunTally {
  run: RunSummary
  episodes: number
  rewarded: number
  rewardSum: number
  passed: number
  passKnown: number
}

export const newTally = (run: RunSummary): RunTally => ({ run, episodes: 0, rewarded: 0, rewardSum: 0, passed: 0, passKnown: 0 })

export function addToTally(t: RunTally, e: EpisodeSummary): void {
  t.episodes++
  if (e.reward !== null) (t.rewarded++, (t.rewardSum += e.reward))
  if (e.passed !== null) (t.passKnown++, e.passed && t.passed++)
}

const num = (v: number | null, digits = 3): string => (v === null ? '–' : Number.isInteger(v) ? String(v) : v.toFixed(digits))

/** Title, what was selected, and the per-run summary table. */
export function mdHeader(tallies: RunTally[], selection: string): string {
  const total = tallies.reduce((n, t) => n + t.episodes, 0)
  const rewarded = tallies.reduce((n, t) => n + t.rewarded, 0)
  const sum = tallies.reduce((n, t) => n + t.rewardSum, 0)
  const lines = [
    '# Rollscope export',
    '',
    `Selection: ${mdText(selection, Infinity)}`,
    '',
    `${total} episodes from ${tallies.filter((t) => t.episodes).length} runs; mean reward ${num(rewarded ? sum / rewarded : null)}.`,
    '',
    '| Run | Episodes | Mean reward | Passed |',
    '| --- | ---: | ---: | ---: |',
    ...tallies.map(
      (t) => `| ${mdText(t.run.name)} | ${t.episodes} | ${num(t.rewarded ? t.rewardSum / t.rewarded : null)} | ${t.passKnown ? `${t.passed}/${t.passKnown}` : '–'} |`
    ),
    '',
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
