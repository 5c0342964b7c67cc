/**
 * One Inspect AI `EvalSample` → episode summary and turns (FORMATS.md §2.3–2.5), shared by the
 * `.eval` archive and the `.json` log adapters.
 */
import type { EpisodeStatus, Turn } from '@contract/model'
import type { EpisodeBody, EpisodeSummaryRecord, ProducerHeadlineInput, RunHeader } from '../types'
import { messagesToTurns, normalizeRole, taskDefiningMessages } from './messages'
import { previewOf } from './preview'
import { answerText, promptHash } from './prompt-hash'
import { idText, isObj, num, scalarFields, str, type Obj } from './record-fields'
import { logWallTimeMs, sampleGenerationMs } from './inspect-timing'
import { notReadBefore } from '../readers/json-cuts'

const ATTACHMENT = 'attachment://'

/**
 * Run header of an EvalLog header (or of `_journal/start.json` while the eval is still running). `source` names the
 * file the header was read from (`header.json` in an .eval archive, the .json log itself), for the headline.
 */
export function inspectRunHeader(log: Obj, fallbackName: string, source = 'header.json'): RunHeader {
  const spec = isObj(log.eval) ? log.eval : {}
  const results = isObj(log.results) ? log.results : {}
  const metrics: Record<string, unknown> = {}
  for (const score of Array.isArray(results.scores) ? results.scores : []) {
    if (!isObj(score) || !isObj(score.metrics)) continue
    for (const [k, m] of Object.entries(score.metrics))
      if (isObj(m) && num(m.value) !== null) metrics[`${str(score.name) ?? 'score'}/${k}`] = m.value
  }
  const task = str(spec.task)
  const created = str(spec.created)
  return {
    name: task ? `${task}${created ? ` ${created.slice(0, 16).replace('T', ' ')}` : ''}` : fallbackName,
    model: str(spec.model),
    env: task,
    createdAt: created,
    checkpointStep: checkpointStepOf(log, spec),
    header: {
      status: str(log.status) ?? 'started',
      ...(isObj(log.error) ? { error: str(log.error.message) } : {}),
      run_id: spec.run_id ?? null,
      eval_id: spec.eval_id ?? null,
      task_id: spec.task_id ?? null,
      dataset: isObj(spec.dataset) ? (spec.dataset.name ?? null) : null,
      epochs: isObj(spec.config) ? (spec.config.epochs ?? null) : null,
      model_generate_config: spec.model_generate_config ?? null,
      inspect_version: isObj(spec.packages) ? (spec.packages.inspect_ai ?? null) : null,
      total_samples: results.total_samples ?? null,
      completed_samples: results.completed_samples ?? null,
      ...metrics
    },
    passThreshold: null,
    headlines: inspectHeadlines(results, spec, source),
    wallTimeMs: logWallTimeMs(log.stats)
  }
}

/**
 * Training step of the evaluated checkpoint, from the log's metadata: `checkpoint_step`, else `step`, in the log's
 * current `metadata` (eval-time plus later edits), else the eval's `eval.metadata` (`inspect eval --metadata k=v`).
 * Inspect has no field of its own for it. A non-negative integer (or digits); anything else is none.
 */
function checkpointStepOf(log: Obj, spec: Obj): number | null {
  for (const meta of [log.metadata, spec.metadata]) {
    if (!isObj(meta)) continue
    for (const key of ['checkpoint_step', 'step']) {
      const v = meta[key]
      const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : num(v)
      if (n !== null && Number.isInteger(n) && n >= 0) return n
    }
  }
  return null
}

/** Metrics of a scorer that are the mean of its sample values, as Rollscope's mean reward is. */
const MEAN_METRICS = ['accuracy', 'mean']

/**
 * The header's own headline: the first scorer's `accuracy` (or `mean`), the mean of its values (value_to_float) over
 * the scored samples, which is what Rollscope's mean reward computes from the same first scorer. With several
 * epochs Inspect first reduces each sample's epochs (default reducer `mean`, which keeps the overall mean when every
 * sample has the same epochs); another reducer (max, mode, pass_at_k) makes a different figure: no headline then.
 * An unscored log (`results.scores: []`, before `inspect score`) has none.
 */
function inspectHeadlines(results: Obj, spec: Obj, source: string): ProducerHeadlineInput[] {
  const first = Array.isArray(results.scores) ? results.scores.find(isObj) : undefined
  if (!first || !isObj(first.metrics)) return []
  const epochs = isObj(spec.config) ? num(spec.config.epochs) : null
  const reducer = str(first.reducer)
  if (epochs !== null && epochs > 1 && reducer !== null && reducer !== 'mean') return []
  const scorer = str(first.name) ?? str(first.scorer) ?? 'score'
  for (const name of MEAN_METRICS) {
    const m = first.metrics[name]
    const value = isObj(m) ? num(m.value) : null
    if (value !== null)
      return [
        { label: name, value, source: `${source} results.scores[${scorer}].metrics.${name}`, matches: 'meanReward' }
      ]
  }
  return []
}

/** Inspect's `value_to_float`: C/I/P/N letters, yes/no, booleans, numbers, numeric strings; anything else is null. */
export function scoreValue(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v === 'boolean') return v ? 1 : 0
  if (typeof v !== 'string') return null
  const s = v.trim().toLowerCase()
  const letters: Record<string, number> = { c: 1, i: 0, p: 0.5, n: 0, yes: 1, true: 1, no: 0, false: 0 }
  if (s in letters) return letters[s]
  const n = Number(s)
  return s !== '' && Number.isFinite(n) ? n : null
}

/** Reward (first scorer), every scorer as a metric (dict values flattened), and the raw first value. */
function scoresOf(sample: Obj): {
  reward: number | null
  metrics: Record<string, number>
  raw: unknown
  scorer: string | null
} {
  const metrics: Record<string, number> = {}
  let reward: number | null = null
  let raw: unknown = null
  let scorer: string | null = null
  const scores = isObj(sample.scores) ? sample.scores : {}
  for (const [name, score] of Object.entries(scores)) {
    const value = isObj(score) ? score.value : score
    if (isObj(value)) {
      for (const [k, v] of Object.entries(value)) {
        const f = scoreValue(v)
        if (f !== null) metrics[`${name}/${k}`] = f
      }
    } else {
      const f = scoreValue(value)
      if (f !== null) metrics[name] = f
      if (scorer === null) {
        scorer = name
        raw = value
        reward = f
      }
    }
  }
  return { reward, metrics, raw, scorer }
}

/** The sample's final conversation; for condensed logs without `messages`, rebuilt from the last model event. */
export function sampleMessages(sample: Obj): unknown[] {
  if (Array.isArray(sample.messages) && sample.messages.length > 0) return sample.messages
  const events = Array.isArray(sample.events) ? sample.events : []
  for (let i = events.length - 1; i >= 0; i--) {
    const ev = events[i]
    if (!isObj(ev) || ev.event !== 'model') continue
    const input = modelInput(sample, ev)
    const out =
      isObj(ev.output) && Array.isArray(ev.output.choices) && isObj(ev.output.choices[0])
        ? ev.output.choices[0].message
        : null
    return out ? [...input, out] : input
  }
  return typeof sample.input === 'string'
    ? [{ role: 'user', content: sample.input }]
    : Array.isArray(sample.input)
      ? sample.input
      : []
}

/** A model event's input: inline, or `input_refs` ranges into the message pool (v3 `message_pool`, newer `events_data.messages`). */
function modelInput(sample: Obj, ev: Obj): unknown[] {
  if (Array.isArray(ev.input) && ev.input.length > 0) return ev.input
  const pool = Array.isArray(sample.message_pool)
    ? sample.message_pool
    : isObj(sample.events_data) && Array.isArray(sample.events_data.messages)
      ? sample.events_data.messages
      : []
  const out: unknown[] = []
  for (const r of Array.isArray(ev.input_refs) ? ev.input_refs : []) {
    if (Array.isArray(r) && typeof r[0] === 'number' && typeof r[1] === 'number') out.push(...pool.slice(r[0], r[1]))
  }
  return out
}

/** Replaces `attachment://<hash>` strings by the attachment's content (text or an image data URI), recursively. */
export function resolveAttachments<T>(value: T, attachments: Obj, depth = 0): T {
  if (typeof value === 'string') {
    if (!value.startsWith(ATTACHMENT)) return value
    const hit = attachments[value.slice(ATTACHMENT.length)]
    return (typeof hit === 'string' ? hit : value) as T
  }
  if (depth > 40 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((v) => resolveAttachments(v, attachments, depth + 1)) as T
  const out: Obj = {}
  for (const [k, v] of Object.entries(value as Obj)) out[k] = resolveAttachments(v, attachments, depth + 1)
  return out as T
}

/** Reasoning content parts (`{type: "reasoning", reasoning}`) of an Inspect message, joined. */
function reasoningParts(content: unknown): string | null {
  if (!Array.isArray(content)) return null
  const parts = content
    .filter((p): p is Obj => isObj(p) && p.type === 'reasoning')
    .map((p) => str(p.reasoning) ?? str(p.summary) ?? (p.redacted ? '[redacted]' : ''))
  const text = parts.filter(Boolean).join('\n\n')
  return text || null
}

/** The input messages (what defines the task): a string input is one user message. */
function inputMessages(sample: Obj): unknown[] {
  if (typeof sample.input === 'string') return [{ role: 'user', content: sample.input }]
  return Array.isArray(sample.input) ? sample.input : []
}

/** A message's role as the normalizer reads it (a bare value is a user message). */
const roleOf = (m: unknown): Turn['role'] => (isObj(m) ? normalizeRole(m.role) : 'user')

/**
 * How many leading messages are the sample's `input` (what defines the task), or null when it has none. Inspect keeps
 * the input at the head of `messages`, with any system prompt a solver adds (`system_message()`) put among the
 * leading system messages; a message is taken as the input's when its role is the next input message's (solvers
 * such as `prompt_template` rewrite the input's text, not its roles). A log whose messages do not start with the
 * input (a transcript of tool results alone) has no prompt turns: "everything before the first assistant message"
 * would make them all prompts there, and a few-shot input's own assistant messages would end the prompt early.
 */
function inputPromptLength(sample: Obj, messages: readonly unknown[]): number | null {
  const input = inputMessages(sample)
  if (input.length === 0) return null
  let at = 0
  let matched = 0
  while (at < messages.length) {
    const role = roleOf(messages[at])
    if (matched < input.length && role === roleOf(input[matched])) matched++
    else if (role !== 'system') break
    at++
  }
  return at
}

/** Turns of a sample: messages through the shared normalizer, plus Inspect's reasoning parts and tool errors. */
export function sampleTurns(sample: Obj): Turn[] {
  const attachments = isObj(sample.attachments) ? sample.attachments : {}
  const original = sampleMessages(sample)
  const messages = resolveAttachments(original, attachments)
  const promptLen = inputPromptLength(sample, messages) ?? taskDefiningMessages(messages).length
  const turns = messagesToTurns(messages.slice(0, promptLen), messages.slice(promptLen))
  messages.forEach((m, i) => {
    if (!isObj(m)) return
    const t = turns[i]
    // resolving attachments copied the messages: the gap of a list too long to read whole is on the original
    const gap = notReadBefore(original[i])
    if (gap) t.notReadBefore = gap
    if (!t.reasoning) t.reasoning = reasoningParts(m.content)
    const err = isObj(m.error) ? (str(m.error.message) ?? str(m.error.type)) : null
    if (err) t.meta = { ...t.meta, error: isObj(m.error) && str(m.error.type) ? `${m.error.type}: ${err}` : err }
  })
  // the final model output's usage belongs to the last assistant turn
  const usage = isObj(sample.output) && isObj(sample.output.usage) ? sample.output.usage : null
  const lastAssistant = [...turns].reverse().find((t) => t.role === 'assistant')
  if (usage && lastAssistant && lastAssistant.tokens === null) lastAssistant.tokens = num(usage.output_tokens)
  return turns
}

/** Status and error of a sample: its error, the limit that stopped it, else the log's own status for an unscored cancel. */
function statusOf(sample: Obj): { status: EpisodeStatus; error: string | null } {
  if (isObj(sample.error)) return { status: 'error', error: str(sample.error.message) ?? 'error' }
  if (isObj(sample.limit)) {
    const type = str(sample.limit.type) ?? 'limit'
    return {
      status: 'truncated',
      error: `${type} limit${typeof sample.limit.limit === 'number' || typeof sample.limit.limit === 'string' ? ` (${sample.limit.limit})` : ''} reached`
    }
  }
  return { status: 'ok', error: null }
}

/** What stopped the sample: `error` when it errored, else the type of the limit it hit (`message`, `time`, `token`…). */
function terminationOf(sample: Obj): string | null {
  if (isObj(sample.error) || (typeof sample.error === 'string' && sample.error)) return 'error'
  return isObj(sample.limit) ? (str(sample.limit.type) ?? 'limit') : null
}

/**
 * Why a sample has no reward: it errored (Inspect scores no errored sample), or it carries no score at all (a log
 * written before `inspect score` ran); otherwise (a scorer whose values are not one number) the indexer's default.
 */
function unscoredReason(sample: Obj): string | null {
  if (terminationOf(sample) === 'error') return 'error'
  return !isObj(sample.scores) || Object.keys(sample.scores).length === 0 ? 'not scored' : null
}

/** Token totals over the sample's model usage (every model it called). */
function sampleTokens(sample: Obj): { tokensIn: number | null; tokensOut: number | null } {
  let tokensIn: number | null = null
  let tokensOut: number | null = null
  const usage = isObj(sample.model_usage) && Object.keys(sample.model_usage).length ? sample.model_usage : null
  const rows = usage
    ? Object.values(usage)
    : isObj(sample.output) && isObj(sample.output.usage)
      ? [sample.output.usage]
      : []
  for (const u of rows) {
    if (!isObj(u)) continue
    if (num(u.input_tokens) !== null) tokensIn = (tokensIn ?? 0) + (u.input_tokens as number)
    if (num(u.output_tokens) !== null) tokensOut = (tokensOut ?? 0) + (u.output_tokens as number)
  }
  return { tokensIn, tokensOut }
}

/** Small summary of one sample, for the episodes table. Turn count matches `sampleTurns`. */
export function sampleSummary(sample: Obj, turnCount?: number): EpisodeSummaryRecord {
  const input = inputMessages(sample)
  const { reward, metrics, raw, scorer } = scoresOf(sample)
  const { status, error } = statusOf(sample)
  const info = scalarFields(sample.metadata)
  if (scorer) info.scorer = scorer
  if (typeof raw === 'string') info.score = raw
  const epoch = num(sample.epoch)
  const seconds = num(sample.total_time)
  const working = num(sample.working_time)
  if (working !== null) metrics.working_time_s = working
  // a caller that gives the turn count has no messages to go by (an unreadable sample): calls unknown
  const messages = turnCount === undefined ? sampleMessages(sample) : null
  return {
    sourceId: idText(sample.id),
    promptHash: promptHash(input.length ? input : [{ role: 'user', content: '' }], 'all'),
    // each target as text on its own: join() called an element's own `toString` (a key of the file: it threw)
    answer: answerText(
      Array.isArray(sample.target) ? sample.target.map((t) => answerText(t) ?? '').join(' | ') : sample.target
    ),
    reward,
    success: null,
    status,
    error,
    // one turn per message (sampleTurns): counted without building the turns or resolving attachments
    turns: messages ? messages.length : (turnCount ?? 0),
    preview: previewOf(input),
    metrics,
    info,
    ...sampleTokens(sample),
    durationMs: seconds !== null ? Math.round(seconds * 1000) : null,
    generationMs: sampleGenerationMs(sample),
    termination: terminationOf(sample),
    unscored: reward === null ? unscoredReason(sample) : null,
    rollout: epoch !== null ? epoch - 1 : null,
    // only assistant messages carry calls, so the whole list counts the generated ones (the prompt has none)
    actions: messages
      ? { kind: 'messages', messages }
      : { kind: 'not-recorded', why: 'the sample could not be read; only its summary is known' }
  }
}

/** Full body of one sample. */
export function sampleBody(sample: Obj): EpisodeBody {
  const { events: _events, attachments: _attachments, message_pool: _pool, events_data: _data, ...rest } = sample
  const infoFull: Obj = {
    target: sample.target ?? null,
    scores: sample.scores ?? null,
    metadata: sample.metadata ?? null,
    ...(sample.choices ? { choices: sample.choices } : {}),
    ...(sample.error ? { error: sample.error } : {}),
    ...(sample.limit ? { limit: sample.limit } : {})
  }
  return { turns: sampleTurns(sample), tools: sampleTools(sample), infoFull, raw: rest }
}

/**
 * The tools the model was offered: Inspect keeps them on each model event (`{name, description, parameters}`, a long
 * description as an `attachment://` ref), not on the sample. Each tool once, by name, in the order first offered;
 * an SFT line needs them beside its tool calls.
 */
export function sampleTools(sample: Obj): unknown[] {
  if (!Array.isArray(sample.events)) return []
  const attachments = isObj(sample.attachments) ? sample.attachments : {}
  const byName = new Map<string, unknown>()
  for (const e of sample.events) {
    if (!isObj(e) || e.event !== 'model' || !Array.isArray(e.tools)) continue
    for (const t of e.tools)
      if (isObj(t) && typeof t.name === 'string' && !byName.has(t.name))
        byName.set(t.name, resolveAttachments(t, attachments))
  }
  return [...byName.values()]
}
