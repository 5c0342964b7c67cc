import type { ExportPreview, PreferenceSkip } from '@contract/export'
import { fmtInt } from '../../lib/format'

/** Why selected episodes go into no pair, as the dialog says it (the export's `skippedBy` keys). */
const SKIP_WORDS: Record<PreferenceSkip, (n: number, twoRuns: boolean) => string> = {
  tie: (n) => `${fmtInt(n)} in ties (equal rewards)`,
  notCompared: (n, twoRuns) =>
    twoRuns
      ? `${fmtInt(n)} not their run’s best rollout of the task`
      : `${fmtInt(n)} neither the best nor the worst rollout of their task`,
  noReward: (n) => `${fmtInt(n)} without a reward`,
  loneRollout: (n) => `${fmtInt(n)} the only scored rollout of their task`,
  taskInOneRun: (n) => `${fmtInt(n)} of a task the other run does not have`
}

/**
 * "64 episodes selected: 20 pairs (40 episodes); in no pair: 8 in ties (equal rewards), 16 neither the best nor the
 * worst rollout of their task." `twoRuns`: pairs across two runs (a task's best rollout of each).
 */
export function preferencePreviewText(p: ExportPreview, twoRuns: boolean): string {
  const pref = p.preference ?? { pairs: 0, skippedBy: {} }
  const out = (Object.keys(SKIP_WORDS) as PreferenceSkip[])
    .filter((k) => (pref.skippedBy[k] ?? 0) > 0)
    .map((k) => SKIP_WORDS[k](pref.skippedBy[k]!, twoRuns))
  const episodes = (n: number): string => `${fmtInt(n)} ${n === 1 ? 'episode' : 'episodes'}`
  return (
    `${episodes(p.selected)} selected: ${fmtInt(pref.pairs)} ${pref.pairs === 1 ? 'pair' : 'pairs'} ` +
    `(${episodes(pref.pairs * 2)})` +
    (out.length ? `; in no pair: ${out.join(', ')}` : '') +
    '.'
  )
}
