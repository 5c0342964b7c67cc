/**
 * verl rollout and validation dumps (FORMATS.md §9): with `trainer.rollout_data_dir` (or
 * `trainer.validation_data_dir`) set, `RayPPOTrainer._dump_generations` (verl/trainer/ppo/ray_trainer.py, read at
 * volcengine/verl b178a3c) writes `<dir>/<global_step>.jsonl` at every step: one line per rollout,
 * `{input, output, gts, score, step, <reward_extra_info keys: acc, pred, …>}`. `input` / `output` are the prompt and
 * response token ids decoded with `skip_special_tokens=True`, so the chat template is in the text without its
 * special tokens (chat-template-split.ts reads the turns back); `score` is the summed token-level reward, `gts` the
 * sample's `reward_model.ground_truth`. The validation dump adds `reward` (= score) to the extra keys.
 *
 * A dump folder is ONE training run (run key: the folder), each file a step (`step` of the rows, else the file's
 * name). A GRPO group is the rows of one step with the same `input`: the task key is the prompt's hash, so a group
 * is a task at a step and the same prompt pairs across steps. Rows of a group are not always consecutive: with
 * `trainer.balance_batch` (on by default) verl reorders the batch by sequence length before it dumps it.
 */
import { basename, dirname } from 'node:path'
import { defineFormat } from '../define-format'
import type { DocumentAdapter, DocumentRun, EpisodeBody, EpisodeSummaryRecord, RunHeader } from '../types'
import { RecordError } from '../types'
import { decodedConversation } from './decoded-chat'
import { messagesToTurns } from './messages'
import { previewOf } from './preview'
import { answerText, promptHash } from './prompt-hash'
import { isObj, MAX_CATEGORY_CHARS, num, type Obj } from './record-fields'

/** A dumped rollout: the four keys `_dump_generations` always writes with their types. */
export const isVerlRow = (r: unknown): r is Obj =>
  isObj(r) &&
  typeof r.input === 'string' &&
  typeof r.output === 'string' &&
  'score' in r &&
  'gts' in r &&
  Number.isInteger(r.step)

/** Keys of the row that are not reward-function extras. */
const BASE_KEYS = new Set(['input', 'output', 'gts', 'score', 'step'])

const STEP_FILE = /^(\d+)\.jsonl$/

const rowsOf = (doc: unknown): unknown[] => (Array.isArray(doc) ? doc : [doc])

/** The row's step: the field, else the file's name (`<global_step>.jsonl`). */
function stepOf(r: Obj, path: string): number | null {
  const step = num(r.step)
  if (step !== null && Number.isInteger(step) && step >= 0) return step
  const m = STEP_FILE.exec(basename(path))
  return m ? Number(m[1]) : null
}

function summarize(r: Obj, path: string): EpisodeSummaryRecord {
  if (!(r.input as string).trim()) throw new RecordError('row has an empty input')
  const { prompt, completion } = decodedConversation(r.input as string, r.output as string)
  const score = num(r.score)
  const metrics: Record<string, number> = {}
  const info: Record<string, string | number | boolean | null> = {}
  if (score !== null) metrics.score = score
  for (const [k, v] of Object.entries(r)) {
    if (BASE_KEYS.has(k)) continue
    if (typeof v === 'number' && Number.isFinite(v)) metrics[k] = v
    else if (typeof v === 'boolean') metrics[k] = Number(v)
    else if (v === null || (typeof v === 'string' && v.length <= MAX_CATEGORY_CHARS)) info[k] = v
  }
  return {
    sourceId: null, // verl writes no id: the task key is the prompt's hash
    promptHash: promptHash(r.input as string),
    answer: answerText(r.gts),
    reward: score,
    // math reward functions (math_dapo, prime_math) return `acc`: whether the answer was right
    success: typeof r.acc === 'boolean' ? r.acc : null,
    status: 'ok',
    error: null,
    turns: prompt.length + completion.length,
    preview: previewOf(prompt),
    metrics,
    info,
    tokensIn: null,
    tokensOut: null,
    durationMs: null,
    rollout: null, // numbered by occurrence within the task and step: a group's rollouts
    step: stepOf(r, path),
    actions: { kind: 'messages', messages: completion }
  }
}

/** Train or validation dump: `_validate` adds `reward` to the extra keys, the training dump does not. */
const dumpKind = (first: Obj): 'train' | 'validation' => ('reward' in first ? 'validation' : 'train')

function runHeader(path: string, first: Obj): RunHeader {
  const dir = dirname(path)
  const kind = dumpKind(first)
  return {
    name: `${basename(dirname(dir))}/${basename(dir)} (verl ${kind})`,
    model: null,
    env: null,
    createdAt: null,
    checkpointStep: null, // a dump folder spans the training steps: the step is per episode
    header: {
      producer: 'verl',
      dump: kind,
      setting: kind === 'train' ? 'trainer.rollout_data_dir' : 'trainer.validation_data_dir'
    },
    passThreshold: null
  }
}

export const verlDumpAdapter = defineFormat<DocumentAdapter>({
  format: 'verl',
  // read whole as its rows, so that a step's groups are known; no other JSONL format has input/output/gts/score/step
  priority: 85,
  fileKinds: ['jsonl-grouped', 'json'],
  extensions: ['.jsonl'],
  companions: [],

  matches: (doc) => isVerlRow(doc),
  matchesFirstRecord: (first) => isVerlRow(first),

  index(doc, path): DocumentRun[] {
    const rows = rowsOf(doc)
    const episodes: DocumentRun['episodes'] = []
    let first: Obj | null = null
    rows.forEach((r, i) => {
      if (!isVerlRow(r)) return
      try {
        episodes.push({ summary: summarize(r, path), locator: String(i) })
        first ??= r
      } catch (err) {
        if (!(err instanceof RecordError)) throw err
      }
    })
    if (!first) throw new RecordError('no usable verl rows (input, output, gts, score, step) in the file')
    // every step file of the folder is one run: the training run
    return [{ runKey: dirname(path), header: runHeader(path, first), episodes }]
  },

  parseEpisode(doc, locator): EpisodeBody {
    const r = rowsOf(doc)[Number(locator)]
    if (!isVerlRow(r)) throw new RecordError(`the file has no verl row ${locator}`)
    const { prompt, completion, template } = decodedConversation(r.input as string, r.output as string)
    const { input: _i, output: _o, ...rest } = r
    return {
      turns: messagesToTurns(prompt, completion),
      tools: [],
      infoFull: { ...rest, chat_template: template },
      raw: r
    }
  }
})
