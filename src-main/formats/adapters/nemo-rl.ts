/**
 * NeMo-RL training and validation dumps (FORMATS.md §9), read from the producer (NVIDIA-NeMo/RL 7ea279a):
 * `Logger.log_batched_dict_as_jsonl` (nemo_rl/utils/logger.py) writes `<log_dir>/exp_NNN/<file>` one line per sample,
 * `json.dumps({**sample, "idx": i})` where `sample` is a one-row slice of the batch (`make_microbatch_iterator(1)`):
 * every value is a list of ONE element (a tensor's row, a list's item). nemo_rl/algorithms/grpo.py calls it with
 * - `val_data_step{N}.jsonl` (`validate`): `content` = the sample's message log as `{role, content}` dicts,
 *   `rewards` = its `total_reward`; the validation `accuracy` is the mean of these rewards, `pass_k` asks for a
 *   reward > 0 among a prompt's `val_num_generations_per_prompt` consecutive samples;
 * - `train_data_step{N}.jsonl` (the training loop, step = total_steps + 1): `content` = the flattened message log's
 *   contents (strings, no roles), `rewards`, `input_lengths`, and the per-token `token_ids`, `token_loss_mask`,
 *   `advantages`, `generation_logprobs`, `prev_logprobs` (never parsed here: `skipKeys`), `sample_loss_mask`
 *   (0 = the sample does not count in the loss); with dynamic sampling `rewards` is the total reward and
 *   `filtered_rewards` the reward trained on; `agent_ref` with NeMo Gym.
 * Message contents hold the chat template (the data processors put `apply_chat_template(...)` text in `content`),
 * so the turns are read back from the text (chat-template-split.ts); untemplated validation messages keep their roles.
 *
 * An experiment folder is two runs, train and validation, each episode at the step of its file. A GRPO group is the
 * samples of one prompt at a step (the batch repeats each prompt, `repeat_interleave`): the task key is the prompt's
 * hash, so the same prompt pairs across steps.
 */
import { basename, dirname } from 'node:path'
import { defineFormat } from '../define-format'
import type { EpisodeBody, EpisodeSummaryRecord, JsonlAdapter, JsonlFile, RunHeader } from '../types'
import { RecordError } from '../types'
import { detectTemplate } from '../chat-template-split'
import { contentText } from './content-text'
import { decodedCompletion, decodedConversation } from './decoded-chat'
import { isObj, MAX_CATEGORY_CHARS, num, str, type Obj } from './record-fields'
import { rowBody, rowSummary, trainingRunHeader, type DecodedRow } from './trainer-row'

/** Per-token arrays of a training line: the bulk of its bytes, read by nothing here. */
const TOKEN_KEYS = ['token_ids', 'token_loss_mask', 'advantages', 'generation_logprobs', 'prev_logprobs'] as const

const DUMP_FILE = /^(train|val)_data_step(\d+)\.jsonl$/

type Kind = 'train' | 'validation'

/** A one-row slice's value: the single element of its list (a plain value is taken as it is). */
const one = (v: unknown): unknown => (Array.isArray(v) && v.length === 1 ? v[0] : v)

/** One logged message: its role when the log has it (validation), and its text. */
interface Logged {
  role: string | null
  text: string
}

/** The sample's messages: `{role, content}` dicts (validation) or content strings (training). */
function contentOf(r: Obj): Logged[] {
  const c = r.content
  if (!Array.isArray(c)) throw new RecordError('content is not a list')
  const inner = c.length === 1 && Array.isArray(c[0]) ? (c[0] as unknown[]) : c
  if (!inner.length) throw new RecordError('content is empty')
  return inner.map((m) => {
    if (typeof m === 'string') return { role: null, text: m }
    if (isObj(m) && 'content' in m) return { role: str(m.role), text: contentText(m.content) }
    throw new RecordError('content holds neither message texts nor {role, content} messages')
  })
}

/** A dump line: `content`, `rewards` and the row index `log_batched_dict_as_jsonl` adds. */
export const isNemoRlRow = (r: unknown): r is Obj =>
  isObj(r) && Array.isArray(r.content) && 'rewards' in r && Number.isInteger(r.idx)

const placeOf = (path: string): { kind: Kind; step: number } | null => {
  const m = DUMP_FILE.exec(basename(path))
  return m ? { kind: m[1] === 'train' ? 'train' : 'validation', step: Number(m[2]) } : null
}

/** The end of a templated prompt that asks the model to answer (ChatML, Llama 3, ChatML without its tokens). */
const GENERATION_PROMPT =
  /(?:<\|im_start\|>assistant\n?|<\|start_header_id\|>assistant<\|end_header_id\|>\s*|(?:^|\n)assistant\n)(?:<think>\s*<\/think>\s*)?$/

/** Where the generated part starts: the first assistant message, else the message after a generation prompt. */
function generatedFrom(messages: Logged[]): number {
  if (messages.some((m) => m.role !== null)) {
    const i = messages.findIndex((m) => m.role === 'assistant')
    return i < 0 ? messages.length : i
  }
  const i = messages.findIndex((_m, k) => k > 0 && GENERATION_PROMPT.test(messages[k - 1].text))
  return i < 0 ? Math.min(1, messages.length) : i
}

/**
 * Prompt and completion messages of a sample. The prompt's text carries the chat template (read back into turns);
 * after it, the log alternates generations and environment observations (added raw, untemplated, by the multi-turn
 * rollout), each a message of its own: its role when logged, else by its place (assistant, environment, …).
 */
function conversation(r: Obj): DecodedRow {
  const messages = contentOf(r)
  const cut = generatedFrom(messages)
  const promptText = messages
    .slice(0, cut)
    .map((m) => m.text)
    .join('')
  const template = detectTemplate(promptText)
  const prompt =
    template === 'none'
      ? messages.slice(0, cut).map((m) => ({ role: m.role ?? 'user', content: m.text }))
      : decodedConversation(promptText, '').prompt
  const completion = messages.slice(cut).flatMap((m, k): Obj[] => {
    const role = m.role ?? (k % 2 === 0 ? 'assistant' : 'environment')
    if (role === 'assistant' && template !== 'none') return decodedCompletion(m.text, template)
    return [{ role, content: m.text }]
  })
  return { promptText, prompt, completion, template }
}

function summarize(r: Obj, file?: JsonlFile): EpisodeSummaryRecord {
  if (!isNemoRlRow(r)) throw new RecordError('not a NeMo-RL dump line (content, rewards, idx)')
  const row = conversation(r)
  if (!row.promptText.trim()) throw new RecordError('the sample has no prompt text')
  const reward = num(one(r.rewards))
  const metrics: Record<string, number> = {}
  const info: EpisodeSummaryRecord['info'] = { idx: r.idx as number }
  if (reward !== null) metrics.reward = reward
  const filtered = num(one(r.filtered_rewards))
  if (filtered !== null) metrics.filtered_reward = filtered
  const length = num(one(r.input_lengths))
  if (length !== null) metrics.input_length = length
  const sampleMask = num(one(r.sample_loss_mask))
  // a sample the loss leaves out (overlong, masked) is what the batch filters dropped
  if (sampleMask !== null) info.batch = sampleMask > 0 ? 'kept' : 'filtered out'
  // NeMo Gym's agent reference: `{name}` (a plain string read as it is)
  const ref = one(r.agent_ref)
  const agent = str(ref) ?? (isObj(ref) ? str(ref.name) : null)
  if (agent !== null && agent.length <= MAX_CATEGORY_CHARS) info.agent_ref = agent
  // idx is the row's place in the batch, no task id: the task is the prompt; pass@k counts a reward > 0
  return rowSummary(row, { reward, metrics, info, step: file ? (placeOf(file.path)?.step ?? null) : null })
}

function parseEpisode(r: Obj): EpisodeBody {
  if (!isNemoRlRow(r)) throw new RecordError('not a NeMo-RL dump line (content, rewards, idx)')
  const { content: _c, ...rest } = r
  return rowBody(conversation(r), rest, r)
}

function readRunHeader(path: string): RunHeader {
  const place = placeOf(path)
  const exp = dirname(path)
  const kind = place?.kind ?? 'train'
  return trainingRunHeader(`${basename(dirname(exp))}/${basename(exp)} · ${kind} (NeMo-RL)`, {
    producer: 'NeMo-RL',
    dump: kind,
    files: kind === 'train' ? 'train_data_step<N>.jsonl' : 'val_data_step<N>.jsonl'
  })
}

export const nemoRlAdapter = defineFormat<JsonlAdapter>({
  format: 'nemo-rl',
  // content + rewards + idx: no other JSONL format has them together
  priority: 57,
  fileKinds: ['jsonl'],
  extensions: ['.jsonl'],
  companions: [],
  skipKeys: TOKEN_KEYS,

  matches: (r) => isNemoRlRow(r),
  // an experiment's step files make two runs: its training batches and its validations
  runKeyOf: (path) => {
    const place = placeOf(path)
    return place ? `${dirname(path)}#${place.kind}` : null
  },
  readRunHeader,
  summarize: (r, file) => summarize(r, file),
  parseEpisode: (r) => parseEpisode(r)
})
