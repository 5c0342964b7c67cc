/**
 * SkyRL evaluation dumps (FORMATS.md §9): with `trainer.dump_eval_results` (on by default), every evaluation during
 * training writes `<export_path>/dumped_evals/global_step_<N>_evals/<data_source>.jsonl` (`eval_only/` for an
 * evaluation outside training) beside `aggregated_results.jsonl`. Read from the producer (NovaSky-AI/SkyRL a956457):
 * `skyrl/train/evaluate.py` names the folder; `skyrl/train/utils/trainer_utils.py` `dump_per_dataset_eval_results()`
 * writes one line per trajectory, `{input_prompt, output_response, score, stop_reason, env_class, env_extras,
 * data_source}`, the prompt and response token ids decoded WITH their special tokens (`tokenizer.decode`), and the
 * evaluation's metrics (`eval/<data_source>/avg_score`, `pass_at_<n>`, …) as the one line of `aggregated_results.jsonl`.
 *
 * One run per data source across the evaluations (run key: the dumped_evals folder and the data source), each
 * episode at its global step. `score` is a number or, with token-level rewards, a list: the reward is its sum and the
 * trajectory passes when its last token's reward is > 0 (`get_metrics_from_generator_output`: avg_score is the mean
 * of the sums, pass@n asks for a reward > 0). A task is a prompt (its hash): the `eval_n_samples_per_prompt`
 * trajectories of a prompt at a step are its group.
 */
import { readdirSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { readSideObject } from '../readers/side-files'
import { defineFormat } from '../define-format'
import type {
  DocumentAdapter,
  DocumentRun,
  EpisodeBody,
  EpisodeSummaryRecord,
  ProducerStepLog,
  RunHeader
} from '../types'
import { RecordError } from '../types'
import { decodedConversation } from './decoded-chat'
import { messagesToTurns } from './messages'
import { previewOf } from './preview'
import { answerText, promptHash } from './prompt-hash'
import { isObj, MAX_CATEGORY_CHARS, num, str, type Obj } from './record-fields'

/** A dumped trajectory: the keys `dump_per_dataset_eval_results` always writes. */
export const isSkyrlRow = (r: unknown): r is Obj =>
  isObj(r) &&
  typeof r.input_prompt === 'string' &&
  typeof r.output_response === 'string' &&
  'score' in r &&
  'env_class' in r &&
  'data_source' in r

/** `aggregated_results.jsonl`: the evaluation's metrics, every key `eval/<data_source or all>/<metric>`. */
const isAggregatedResults = (doc: unknown): boolean =>
  isObj(doc) && Object.keys(doc).some((k) => k.startsWith('eval/')) && !isSkyrlRow(doc)

const STEP_FOLDER = /^global_step_(\d+)_evals$/
const AGGREGATED_FILE = 'aggregated_results.jsonl'

const rowsOf = (doc: unknown): unknown[] => (Array.isArray(doc) ? doc : [doc])

/** The evaluation's global step, from its folder (`eval_only`: none). */
const stepOf = (path: string): number | null => {
  const m = STEP_FOLDER.exec(basename(dirname(path)))
  return m ? Number(m[1]) : null
}

/** Reward and pass of a score: a number, or token-level rewards (summed; passes on the last token's reward). */
function scored(score: unknown): { reward: number | null; success: boolean | null } {
  if (Array.isArray(score)) {
    const values = score.map((v) => num(v))
    if (!values.length || values.some((v) => v === null)) return { reward: null, success: null }
    const sum = (values as number[]).reduce((a, b) => a + b, 0)
    return { reward: sum, success: (values[values.length - 1] as number) > 0 }
  }
  const reward = num(score)
  return { reward, success: reward === null ? null : reward > 0 }
}

/** The rule reward's expected answer, as SkyRL's datasets put it (`env_extras.reward_spec.ground_truth`). */
const groundTruth = (extras: unknown): unknown =>
  isObj(extras) && isObj(extras.reward_spec) ? extras.reward_spec.ground_truth : null

function summarize(r: Obj, path: string): EpisodeSummaryRecord {
  if (!(r.input_prompt as string).trim()) throw new RecordError('trajectory has an empty input_prompt')
  const { prompt, completion } = decodedConversation(r.input_prompt as string, r.output_response as string)
  const { reward, success } = scored(r.score)
  const stop = str(r.stop_reason)
  const info: Record<string, string | number | boolean | null> = {}
  for (const key of ['env_class', 'data_source'] as const) {
    const v = str(r[key])
    if (v !== null && v.length <= MAX_CATEGORY_CHARS) info[key] = v
  }
  if (Array.isArray(r.score)) info.token_level_reward = true
  return {
    sourceId: null, // SkyRL writes no id: the task key is the prompt's hash
    promptHash: promptHash(r.input_prompt as string),
    answer: answerText(groundTruth(r.env_extras)),
    reward,
    success,
    status: stop === 'length' ? 'truncated' : 'ok',
    error: stop === 'length' ? 'stopped at the generation length limit (stop_reason: length)' : null,
    termination: stop,
    turns: prompt.length + completion.length,
    preview: previewOf(prompt),
    metrics: reward !== null ? { score: reward } : {},
    info,
    tokensIn: null,
    tokensOut: null,
    durationMs: null,
    rollout: null, // numbered by occurrence within the task and step: a prompt's samples
    step: stepOf(path),
    actions: { kind: 'messages', messages: completion }
  }
}

function runHeader(path: string, dataSource: string): RunHeader {
  const dumped = dirname(dirname(path))
  const exportPath = basename(dirname(dumped))
  return {
    name: `${exportPath} · ${dataSource} (SkyRL eval)`,
    model: null,
    env: dataSource,
    createdAt: null,
    checkpointStep: null, // the evaluations span the training steps: the step is per episode
    header: { producer: 'SkyRL', dump: 'trainer.dump_eval_results', data_source: dataSource, dumpedEvals: dumped },
    passThreshold: null
  }
}

export const skyrlEvalAdapter = defineFormat<DocumentAdapter>({
  format: 'skyrl',
  // read whole as its rows (a prompt's samples are a group); no other format has input_prompt / output_response
  priority: 84,
  fileKinds: ['jsonl-grouped', 'json'],
  extensions: ['.jsonl'],
  companions: [],

  matches: (doc) => isSkyrlRow(doc),
  matchesFirstRecord: (first) => isSkyrlRow(first),

  index(doc, path): DocumentRun[] {
    const byRun = new Map<string, DocumentRun>()
    rowsOf(doc).forEach((r, i) => {
      if (!isSkyrlRow(r)) return
      let summary: EpisodeSummaryRecord
      try {
        summary = summarize(r, path)
      } catch (err) {
        if (err instanceof RecordError) return
        throw err
      }
      const dataSource = str(r.data_source) ?? 'unknown'
      const folder = stepOf(path) === null ? basename(dirname(path)) : 'steps'
      // one run per data source over every evaluation of the export path (eval_only apart: it has no step)
      const runKey = `${dirname(dirname(path))}#${folder}#${dataSource}`
      let run = byRun.get(runKey)
      if (!run) byRun.set(runKey, (run = { runKey, header: runHeader(path, dataSource), episodes: [] }))
      run.episodes.push({ summary, locator: String(i) })
    })
    if (!byRun.size)
      throw new RecordError('no usable SkyRL trajectories (input_prompt, output_response, score) in the file')
    return [...byRun.values()]
  },

  parseEpisode(doc, locator): EpisodeBody {
    const r = rowsOf(doc)[Number(locator)]
    if (!isSkyrlRow(r)) throw new RecordError(`the file has no SkyRL trajectory ${locator}`)
    const { prompt, completion, template } = decodedConversation(r.input_prompt as string, r.output_response as string)
    const { input_prompt: _i, output_response: _o, ...rest } = r
    return {
      turns: messagesToTurns(prompt, completion),
      tools: [],
      infoFull: { ...rest, chat_template: template },
      raw: r
    }
  }
})

/** `aggregated_results.jsonl`: the evaluation's own metrics, a companion of the data source files beside it. */
export const skyrlAggregatedResultsAdapter = defineFormat<DocumentAdapter>({
  format: 'skyrl',
  priority: 83,
  fileKinds: ['json'],
  extensions: ['.jsonl'],
  companions: [],
  matches: (doc, path) => basename(path) === 'aggregated_results.jsonl' && isAggregatedResults(doc),
  index: () => [],
  parseEpisode() {
    throw new RecordError('a SkyRL aggregated_results.jsonl has no trajectories')
  }
})

/**
 * The producer's own per-step mean of a SkyRL run (its header names the dumped_evals folder and the data source):
 * `eval/<data_source>/avg_score` of each `global_step_<N>_evals/aggregated_results.jsonl`; null for another run or
 * without such files.
 */
export function skyrlStepFigures(header: Record<string, unknown>): ProducerStepLog | null {
  const { producer, dumpedEvals, data_source: dataSource } = header
  if (producer !== 'SkyRL' || typeof dumpedEvals !== 'string' || typeof dataSource !== 'string') return null
  let folders: string[]
  try {
    folders = readdirSync(dumpedEvals)
  } catch {
    return null
  }
  // `sanitize_data_source` (trainer_utils.py): the metric names a data source with `/` as `_`
  const label = `eval/${dataSource.replaceAll('/', '_')}/avg_score`
  const figures: ProducerStepLog['figures'] = []
  for (const folder of folders) {
    const m = STEP_FOLDER.exec(folder)
    if (!m) continue
    const problems: string[] = []
    const doc = readSideObject(join(dumpedEvals, folder, AGGREGATED_FILE), problems)
    const value = doc ? num(doc[label]) : null
    if (value !== null) figures.push({ step: Number(m[1]), label, value })
  }
  figures.sort((a, b) => a.step - b.step)
  return figures.length ? { source: join(dumpedEvals, 'global_step_<N>_evals', AGGREGATED_FILE), figures } : null
}
