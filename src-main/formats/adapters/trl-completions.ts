/**
 * TRL GRPO / RLOO completion logs (FORMATS.md §9): with `log_completions=True`, `GRPOTrainer.log()`
 * (trl/trainer/grpo_trainer.py, read at huggingface/trl f2cd577) writes at every logging step a pandas DataFrame
 * `{step, prompt, completion, <one column per reward function>, <log_extra columns>, advantage}` with
 * `DataFrame.to_parquet` (pyarrow, snappy) to `<output_dir>/completions/completions_{global_step:05d}.parquet`.
 * `prompt` / `completion` are the token ids decoded with `skip_special_tokens=True` (the chat template in the text,
 * read back by the chat-template splitter; older TRL logged a conversational prompt as its message list, read as
 * such); a reward function's column holds NaN where it returned None.
 *
 * The completions folder is ONE training run (run key: the output folder), each file a step (`step` of the rows,
 * else the file's name). A GRPO group is a prompt's rollouts at a step: the task key is the prompt's hash.
 *
 * Reward: TRL's total is Σ reward_weights[i] × reward_i over the functions that returned a value (nansum; NaN when
 * none did). The weights are a training argument the file does not record, so the reward here is that sum with
 * weight 1 (TRL's default), and the run says so. Reward columns are the float columns between `completion` and
 * `advantage` (TRL writes the rewards there, then the log_extra columns): a float log_extra column is read as a
 * reward function too (the file cannot tell them apart), and the run names the columns it summed.
 */
import { basename, dirname } from 'node:path'
import { defineFormat } from '../define-format'
import type { EpisodeBody, EpisodeSummaryRecord, RunHeader, TableAdapter, TableRowPlace } from '../types'
import { RecordError } from '../types'
import type { RowTable } from '../readers/parquet-file'
import { decodedConversation } from './decoded-chat'
import { firstAssistantIndex, messagesToTurns } from './messages'
import { previewOf } from './preview'
import { promptHash } from './prompt-hash'
import { isObj, MAX_CATEGORY_CHARS, type Obj } from './record-fields'

const STEP_FILE = /^completions_(\d+)\.parquet$/
const FLOAT = new Set(['DOUBLE', 'FLOAT'])

/** The reward function columns of a table: its float columns between `completion` and `advantage`. */
export function rewardColumns(table: Pick<RowTable, 'columns' | 'columnTypes'>): string[] {
  const from = table.columns.indexOf('completion')
  const to = table.columns.indexOf('advantage')
  return table.columns.slice(from + 1, to < 0 ? undefined : to).filter((c) => FLOAT.has(table.columnTypes[c] ?? ''))
}

/** The prompt and completion as chat messages: decoded text through the chat-template splitter, a list as it is. */
function conversation(row: Obj): { prompt: unknown[]; completion: unknown[]; template: string | null } {
  const { prompt, completion } = row
  if (typeof prompt === 'string' && typeof completion === 'string') {
    const split = decodedConversation(prompt, completion)
    return { prompt: split.prompt, completion: split.completion, template: split.template }
  }
  if (!Array.isArray(prompt) && typeof prompt !== 'string') throw new RecordError('row has no prompt')
  const promptMessages = typeof prompt === 'string' ? [{ role: 'user', content: prompt }] : prompt
  const completionMessages = Array.isArray(completion)
    ? completion
    : typeof completion === 'string'
      ? [{ role: 'assistant', content: completion }]
      : []
  return { prompt: promptMessages, completion: completionMessages, template: null }
}

/** TRL's nansum of the reward functions, each with weight 1; null when every function returned None. */
function totalReward(row: Obj, rewards: readonly string[]): number | null {
  let total = 0
  let any = false
  for (const c of rewards) {
    const v = row[c]
    if (typeof v === 'number' && Number.isFinite(v)) {
      total += v
      any = true
    }
  }
  return any ? total : null
}

function stepOf(row: Obj, path: string): number | null {
  if (typeof row.step === 'number' && Number.isInteger(row.step) && row.step >= 0) return row.step
  const m = STEP_FILE.exec(basename(path))
  return m ? Number(m[1]) : null
}

function summarize(row: Obj, at: TableRowPlace): EpisodeSummaryRecord {
  const { prompt, completion } = conversation(row)
  const task = prompt.slice(0, firstAssistantIndex(prompt))
  if (task.length === 0) throw new RecordError('row has an empty prompt')
  const rewards = at.ctx.memo(`trl:rewards:${at.path}`, () => rewardColumns(at.table))
  const metrics: Record<string, number> = {}
  const info: Record<string, string | number | boolean | null> = {}
  for (const [k, v] of Object.entries(row)) {
    if (k === 'step' || k === 'prompt' || k === 'completion') continue
    if (typeof v === 'number' && Number.isFinite(v)) metrics[k] = v
    else if (typeof v === 'boolean') metrics[k] = Number(v)
    else if (v === null || (typeof v === 'string' && v.length <= MAX_CATEGORY_CHARS)) info[k] = v
  }
  return {
    sourceId: null, // TRL writes no id: the task key is the prompt's hash
    promptHash: promptHash(task),
    answer: null,
    reward: totalReward(row, rewards),
    success: null,
    status: 'ok',
    error: null,
    turns: prompt.length + completion.length,
    preview: previewOf(task),
    metrics,
    info,
    tokensIn: null,
    tokensOut: null,
    durationMs: null,
    rollout: null, // numbered by occurrence within the prompt and step: a group's rollouts
    step: stepOf(row, at.path),
    actions: { kind: 'messages', messages: completion }
  }
}

function runHeader(table: RowTable, path: string, outputDir: string): RunHeader {
  const rewards = rewardColumns(table)
  return {
    name: `${basename(outputDir)} (TRL)`,
    model: null,
    env: null,
    createdAt: null,
    checkpointStep: null, // a completions folder spans the training steps: the step is per episode
    header: {
      producer: 'trl',
      setting: 'log_completions=True',
      reward_functions: rewards.join(', '),
      reward:
        `Σ of ${rewards.length === 1 ? 'the reward function' : `the ${rewards.length} reward functions`} with weight 1 each: ` +
        "TRL weights them by reward_weights, which the completions file does not record (TRL's total differs when they are not all 1)"
    },
    passThreshold: null
  }
}

/** The training output folder of a completions file (`<output_dir>/completions/completions_N.parquet`). */
const outputDirOf = (path: string): string =>
  basename(dirname(path)) === 'completions' ? dirname(dirname(path)) : dirname(path)

export const trlCompletionsAdapter = defineFormat<TableAdapter>({
  format: 'trl',
  priority: 30,
  fileKinds: ['parquet'],
  extensions: ['.parquet'],
  companions: [],

  matches: (columns) => ['step', 'prompt', 'completion', 'advantage'].every((c) => columns.includes(c)),

  readRun(table, path) {
    const outputDir = outputDirOf(path)
    const rewards = rewardColumns(table)
    const warnings =
      rewards.length > 1
        ? [
            `reward = ${rewards.join(' + ')} (weight 1 each): the file does not record TRL's reward_weights, so the total ` +
              'differs from the one TRL trained on when they are not all 1'
          ]
        : []
    // every completions file of the output folder is one run: the training run
    return { runKey: outputDir, header: runHeader(table, path, outputDir), warnings }
  },

  summarize,

  parseEpisode(row, at): EpisodeBody {
    const { prompt, completion, template } = conversation(row)
    const { prompt: _p, completion: _c, ...rest } = row
    return {
      turns: messagesToTurns(prompt, completion),
      tools: [],
      infoFull: { ...rest, ...(template ? { chat_template: template } : {}), file: basename(at.path) },
      raw: row
    }
  }
})
