/**
 * ms-swift GRPO completion logs (FORMATS.md §9), read from the producer (modelscope/ms-swift 3602360): with
 * `--log_completions true`, `GRPOTrainer.log` (swift/rlhf_trainers/grpo_trainer.py) appends to
 * `<output_dir>/completions.jsonl` (`JsonlWriter`, `json.dumps(ensure_ascii=False)`) ONE LINE PER LOGGING STEP, column
 * oriented: `{step: [str(global_step)] * n, prompt: [...], completion: [...], <reward function>: [...] (one column
 * per function, in order), advantages: [...], <other logged columns: solution, num_turns, gym info…>, entropy?}`,
 * the rows of the last generation batch (`_logs`, deques of `generation_batch_size`). The prompt is the chat
 * template's text (`template.encode` then `safe_decode`), the completion the generated text. The Megatron trainer
 * (swift/megatron/trainers/grpo_trainer.py `_build_log_table`) writes `gen_step` (an int) for `step`, and the Ray
 * driver (swift/ray/megatron/base_trainer.py `_maybe_log_completions`) one row per line, `{gen_step, prompt,
 * completion, reward}`.
 *
 * Each row of a line is an episode (`rowsOf`: the row is its locator within the line). Reward: the trainer's total
 * is `nansum(rewards_per_func * reward_weights)` (minus β·KL with `kl_in_reward`); the weights are not logged, so the
 * reward here is the sum of the row's reward-function columns (weights of 1, the default): with other weights the
 * figure differs from the trainer's `reward` metric, and the run header says so. A file is one training run; a GRPO
 * group is a prompt's rows at a step (the task key is the prompt's hash, so the same prompt pairs across steps).
 */
import { basename, dirname } from 'node:path'
import { defineFormat } from '../define-format'
import type { EpisodeBody, EpisodeSummaryRecord, JsonlAdapter, RunHeader } from '../types'
import { RecordError } from '../types'
import { answerText } from './prompt-hash'
import { isObj, MAX_CATEGORY_CHARS, num, str, type Obj } from './record-fields'
import { decodedRow, rowBody, rowSummary, trainingRunHeader } from './trainer-row'

const STEP_KEYS = ['step', 'gen_step'] as const

const stepKey = (r: Obj): string | null => STEP_KEYS.find((k) => k in r) ?? null

/** A logging step's columns, or (Ray driver) one row: a step, a prompt and a completion. */
export const isSwiftCompletionsLine = (r: unknown): r is Obj => {
  if (!isObj(r) || stepKey(r) === null) return false
  if (Array.isArray(r.prompt)) return Array.isArray(r.completion) && Array.isArray(r[stepKey(r) as string])
  // one row per line only from the Ray driver, with its gen_step (a hosted-RL row has step, prompt and completion)
  return 'gen_step' in r && typeof r.prompt === 'string' && typeof r.completion === 'string'
}

/** How many rows the line holds: its columns' length (all of step, prompt and completion must have it). */
function rowsOf(r: Obj): number {
  if (!isSwiftCompletionsLine(r)) throw new RecordError('not an ms-swift completions line (step, prompt, completion)')
  if (!Array.isArray(r.prompt)) return 1
  const n = r.prompt.length
  const step = r[stepKey(r) as string] as unknown[]
  if ((r.completion as unknown[]).length !== n || step.length !== n)
    throw new RecordError(
      `columns of different lengths (prompt ${n}, completion ${(r.completion as unknown[]).length}, step ${step.length})`
    )
  return n
}

/** The reward-function columns: the trainer writes them between `completion` and `advantages`. */
function rewardColumns(r: Obj): string[] {
  const keys = Object.keys(r)
  const from = keys.indexOf('completion')
  const to = keys.indexOf('advantages')
  if (to < 0) return 'reward' in r ? ['reward'] : []
  return keys.slice(from + 1, to)
}

/** The value of `key` in the row: a column's cell, or the field of a one-row line. */
const cellOf = (r: Obj, row: number) => (key: string) => {
  const v = r[key]
  return Array.isArray(r.prompt) ? (Array.isArray(v) ? v[row] : undefined) : v
}

interface Row {
  step: number | null
  prompt: string
  completion: string
  cell: (key: string) => unknown
}

function rowOf(r: Obj, row: number | undefined): Row {
  const n = rowsOf(r)
  const i = row ?? 0
  if (!Number.isInteger(i) || i < 0 || i >= n) throw new RecordError(`the line has no row ${String(row)}`)
  const cell = cellOf(r, i)
  const prompt = cell('prompt')
  const completion = cell('completion')
  if (typeof prompt !== 'string' || !prompt.trim()) throw new RecordError('the row has no prompt text')
  if (typeof completion !== 'string') throw new RecordError('the row has no completion text')
  const s = cell(stepKey(r) as string)
  const step = typeof s === 'string' && /^\d+$/.test(s) ? Number(s) : num(s)
  return { step: step !== null && Number.isInteger(step) && step >= 0 ? step : null, prompt, completion, cell }
}

function summarize(r: Obj, row: number | undefined): EpisodeSummaryRecord {
  const { step, prompt, completion, cell } = rowOf(r, row)
  const rewardKeys = rewardColumns(r)
  const metrics: Record<string, number> = {}
  const info: EpisodeSummaryRecord['info'] = {}
  let total: number | null = null
  for (const k of rewardKeys) {
    const v = num(cell(k))
    if (v === null) continue // nansum: a function that did not score the row adds nothing
    metrics[k] = v
    total = (total ?? 0) + v
  }
  const skip = new Set(['prompt', 'completion', ...STEP_KEYS, ...rewardKeys])
  for (const k of Object.keys(r)) {
    if (skip.has(k)) continue
    const v = cell(k)
    if (typeof v === 'number' && Number.isFinite(v)) metrics[k === 'advantages' ? 'advantage' : k] = v
    else if (typeof v === 'boolean') metrics[k] = Number(v)
    else if (typeof v === 'string' && v.length <= MAX_CATEGORY_CHARS) info[k] = v
  }
  return rowSummary(decodedRow(prompt, completion), {
    answer: answerText(str(cell('solution'))),
    reward: total,
    metrics,
    info,
    step
  })
}

function parseEpisode(r: Obj, row: number | undefined): EpisodeBody {
  const { prompt, completion, cell } = rowOf(r, row)
  const fields: Obj = {}
  for (const k of Object.keys(r)) if (k !== 'prompt' && k !== 'completion') fields[k] = cell(k)
  const raw: Obj = {}
  for (const k of Object.keys(r)) raw[k] = cell(k)
  return rowBody(decodedRow(prompt, completion), { ...fields, row: row ?? 0 }, raw)
}

function readRunHeader(path: string): RunHeader {
  return trainingRunHeader(`${basename(dirname(path))} (ms-swift GRPO)`, {
    producer: 'ms-swift',
    setting: '--log_completions true',
    reward:
      'sum of the reward-function columns: reward_weights are not logged (1 each assumed), so with other weights ' +
      "the trainer's reward metric differs"
  })
}

export const msSwiftAdapter = defineFormat<JsonlAdapter>({
  format: 'ms-swift',
  // step + prompt + completion columns (or a Ray row's gen_step): no other JSONL format has them
  priority: 59,
  fileKinds: ['jsonl'],
  extensions: ['.jsonl'],
  companions: [],

  matches: (r) => isSwiftCompletionsLine(r),
  rowsOf,
  readRunHeader,
  summarize: (r, _file, row) => summarize(r, row),
  parseEpisode: (r, _file, row) => parseEpisode(r, row)
})
