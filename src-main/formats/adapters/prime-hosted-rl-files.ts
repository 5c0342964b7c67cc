/**
 * The other files of a Prime hosted-RL run folder (FORMATS.md §1.4), as one document adapter:
 * - `rollouts_raw.json` `{run_id, page, samples[]}` (one raw API page): the SAME samples as the
 *   `results.jsonl` beside it (identical row by row in the corpus run), so it is a sidecar when a
 *   results.jsonl is there — results.jsonl is the episode source, nothing is counted twice — and the
 *   episode source (one run, one episode per sample) only when it is alone in its folder;
 * - `metadata.json` `{run: {base_model, environments, ...}}`, `progress.json` `{latest_step,
 *   steps_with_samples}`, `usage.json` `{run_id, inference, training, ...}`: run facts read into the
 *   run header of the episodes' file (primeHostedRlRunHeader); on their own they are sidecars.
 * Recognized by content (keys), never by file name alone.
 */
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { DocumentAdapter, DocumentRun } from '../types'
import { RecordError } from '../types'
import { isObj, type Obj } from './record-fields'
import {
  isHostedRlRow,
  parseHostedRow,
  primeHostedRlRunHeader,
  rolloutsPerExample,
  summarizeHostedRow
} from './prime-hosted-rl'
import { defineFormat } from '../define-format'

/** `{run: {...}}` of the platform API: a run object with its training configuration. */
export function isHostedRunMetadata(d: Obj): boolean {
  const run = d.run
  if (!isObj(run)) return false
  return (
    ('base_model' in run || 'environments' in run) &&
    ('rollouts_per_example' in run || 'max_steps' in run || 'eval_config' in run)
  )
}

const isProgress = (d: Obj): boolean => Array.isArray(d.steps_with_samples) && 'latest_step' in d
const isUsage = (d: Obj): boolean =>
  'run_id' in d &&
  (isObj(d.inference) || isObj(d.training)) &&
  ('record_count' in d || 'total_cost_usd' in d || 'pricing' in d)
/** One page of the samples API: `{run_id, page, samples[]}`. */
const isRawPage = (d: Obj): boolean => Array.isArray(d.samples) && 'run_id' in d && 'page' in d

/** Whether the page's samples are already indexed from a results.jsonl in the same folder. */
const hasResultsBeside = (path: string): boolean => existsSync(join(dirname(path), 'results.jsonl'))

function samplesOf(doc: unknown): unknown[] {
  if (!isObj(doc) || !Array.isArray(doc.samples))
    throw new RecordError('not a hosted-RL samples page (no samples list)')
  return doc.samples
}

export const primeHostedRlFilesAdapter = defineFormat<DocumentAdapter>({
  format: 'prime-hosted-rl',
  priority: 100,
  fileKinds: ['json'],
  extensions: ['.json'],
  companions: [],

  matches(doc) {
    if (!isObj(doc)) return false
    return isRawPage(doc) || isHostedRunMetadata(doc) || isProgress(doc) || isUsage(doc)
  },

  index(doc, path): DocumentRun[] {
    if (!isObj(doc) || !isRawPage(doc)) return [] // metadata / progress / usage: read with the episodes' file
    if (hasResultsBeside(path)) return [] // the same samples come from results.jsonl
    const samples = samplesOf(doc)
    const perExample = rolloutsPerExample(dirname(path))
    const episodes: DocumentRun['episodes'] = []
    let firstRow: Obj | null = null
    samples.forEach((s, i) => {
      if (!isObj(s) || !isHostedRlRow(s)) return
      firstRow ??= s
      try {
        episodes.push({ summary: summarizeHostedRow(s, perExample), locator: String(i) })
      } catch (err) {
        if (!(err instanceof RecordError)) throw err
      }
    })
    if (samples.length && !episodes.length)
      throw new RecordError(`none of the ${samples.length} samples is a usable hosted-RL sample`)
    return [{ runKey: '', header: primeHostedRlRunHeader(path, firstRow), episodes }]
  },

  parseEpisode(doc, locator) {
    const sample = samplesOf(doc)[Number(locator)]
    if (!isObj(sample)) throw new RecordError(`no sample ${locator} in this page`)
    return parseHostedRow(sample)
  }
})
