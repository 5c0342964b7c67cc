/**
 * prime-rl's rollout files of Apr → Jul 2026 (PR #2248 `feat: save train and eval rollouts in verifiers format`,
 * replaced by the Episode files in #2983): `<output_dir>/rollouts/step_N/train_rollouts.jsonl` and
 * `eval_rollouts_<env>.jsonl`, each line an ordinary verifiers results.jsonl row (the trajectory left out). The rows
 * are read as verifiers reads them (verifiers.ts); the place adds what the rows lack: the training step (the
 * folder's), the run (every step's file of one output folder makes one run per kind of work) and, for evals, the
 * env named in the file name. Recognized by content (a verifiers row) AND place: the same row elsewhere is verifiers.
 */
import type { EpisodeBody, EpisodeSummaryRecord, JsonlAdapter, JsonlFile, RunHeader } from '../types'
import { basename } from 'node:path'
import { defineFormat } from '../define-format'
import { rolloutPlace, trainingRunKey } from './prime-rl-layout'
import { verifiersAdapter } from './verifiers'

function summarizeRow(r: Record<string, unknown>, file?: JsonlFile): EpisodeSummaryRecord {
  const s = verifiersAdapter.summarize(r)
  const place = file ? rolloutPlace(file.path) : null
  if (!place) return s
  const info: EpisodeSummaryRecord['info'] = { ...s.info, work: place.kind }
  if (place.env && info.env === undefined) info.env = place.env
  return { ...s, info, step: place.step }
}

function rowsRunHeader(path: string): RunHeader {
  const place = rolloutPlace(path)
  const rows = verifiersAdapter.readRunHeader(path)
  if (!place) return rows
  return {
    ...rows,
    name: `${basename(place.outputDir)} · ${place.kind}`,
    env: rows.env ?? place.env,
    checkpointStep: null, // the step is per episode
    header: { producer: 'prime-rl', outputDir: place.outputDir, work: place.kind }
  }
}

export const primeRlRowsAdapter = defineFormat<JsonlAdapter>({
  format: 'prime-rl',
  // above verifiers, whose rows these are: the place makes them a training run's
  priority: 36,
  fileKinds: ['jsonl'],
  extensions: ['.jsonl'],
  companions: [],

  matches: (r, path) => path !== undefined && rolloutPlace(path)?.subset === null && verifiersAdapter.matches(r),
  runKeyOf: (path) => {
    const place = rolloutPlace(path)
    return place ? trainingRunKey(place) : null
  },
  readRunHeader: rowsRunHeader,
  summarize: summarizeRow,
  parseEpisode: (r): EpisodeBody => verifiersAdapter.parseEpisode(r)
})
