/**
 * rLLM evaluation runs (FORMATS.md §9), read from the producer (rllm-org/rllm 9beb6e0): `rllm eval` (rllm/cli/eval.py)
 * makes `~/.rllm/eval_results/<benchmark>_<model>_<timestamp>/` with `meta.json` (`{benchmark, model, agent, split,
 * timestamp, attempts}`), `results.json` (`EvalResult.save`, rllm/eval/results.py: `score` = correct / total over
 * every rollout, `pass_at`, `items[{idx, attempt, reward, is_correct, error}]`) and, through `EvalEpisodeStore.write`
 * (rllm/eval/episode_store.py), `episodes/episode_<idx:06d>_<task id>.json`: the `Episode` as `model_dump(mode="json")`
 * plus `eval_idx` — `{id: "<task id>:<rollout>", task, termination_reason, is_correct, trajectories[{uid, name,
 * steps[{input, output, action, reward, done, chat_completions, observation, model_response, …}], reward, signals}],
 * metrics, metadata}` (rllm/types.py).
 *
 * An episode's trajectories are its agents (a solver and a judge, …): their turns are shown one trajectory after the
 * other, each turn marked with its agent's name. A step's `chat_completions` is the whole conversation of that model
 * call (its input messages and the response, rllm/engine/trace_converter.py), so each step adds the messages its
 * predecessor did not have; the step's reward and done go on its response. The episode's reward is what the
 * producer counts (rllm/eval/runner.py `run_dataset`): the first trajectory's reward, else 0; `is_correct` is the
 * verdict, `termination_reason: error` an error. A run folder is one run; `results.json` gives its headline.
 */
import { basename, dirname, join } from 'node:path'
import type { EpisodeStatus, Turn } from '@contract/model'
import { defineFormat } from '../define-format'
import type { FormatContext } from '../context'
import type {
  DocumentAdapter,
  DocumentRun,
  EpisodeBody,
  EpisodeSummaryRecord,
  ProducerHeadlineInput,
  RunHeader
} from '../types'
import { RecordError } from '../types'
import { readSideObject } from '../readers/side-files'
import { contentText } from './content-text'
import { firstAssistantIndex, messagesToTurns } from './messages'
import { previewOf } from './preview'
import { answerText, promptHash } from './prompt-hash'
import { idText, isObj, MAX_CATEGORY_CHARS, num, str, type Obj } from './record-fields'

/** An Episode as `EvalEpisodeStore.write` dumps it. */
export const isRllmEpisode = (doc: unknown): doc is Obj =>
  isObj(doc) &&
  typeof doc.id === 'string' &&
  Array.isArray(doc.trajectories) &&
  typeof doc.is_correct === 'boolean' &&
  'termination_reason' in doc

const trajectoriesOf = (doc: Obj): Obj[] => (doc.trajectories as unknown[]).filter(isObj)
const stepsOf = (t: Obj): Obj[] => (Array.isArray(t.steps) ? t.steps.filter(isObj) : [])
const agentName = (t: Obj, i: number): string => str(t.name) ?? `trajectory ${i + 1}`

const sameMessage = (a: unknown, b: unknown): boolean =>
  isObj(a) && isObj(b) && a.role === b.role && contentText(a.content) === contentText(b.content)

/** The messages a step adds: its chat beyond the previous step's (which it repeats), else a turn of its own fields. */
function stepMessages(step: Obj, previous: unknown[]): Obj[] {
  const chat = Array.isArray(step.chat_completions) ? step.chat_completions.filter(isObj) : []
  if (chat.length) {
    const continues = previous.length < chat.length && previous.every((m, i) => sameMessage(m, chat[i]))
    return continues ? chat.slice(previous.length) : chat
  }
  const out: Obj[] = []
  const observation = typeof step.observation === 'string' ? step.observation : null
  if (observation) out.push({ role: 'user', content: observation })
  const response = str(step.model_response) || str(step.action) || str(step.output)
  if (response) out.push({ role: 'assistant', content: response })
  return out
}

/** One trajectory's messages in order, each step's reward and done on its last assistant message. */
function trajectoryMessages(t: Obj): Obj[] {
  const out: Obj[] = []
  let previous: unknown[] = []
  for (const step of stepsOf(t)) {
    const added = stepMessages(step, previous).map((m) => ({ ...m }))
    const last = added.map((m) => m.role).lastIndexOf('assistant')
    if (last >= 0) {
      const reward = num(step.reward)
      if (reward !== null) added[last].reward = reward
      if (typeof step.done === 'boolean') added[last].done = step.done
    }
    out.push(...added)
    if (Array.isArray(step.chat_completions) && step.chat_completions.length) previous = step.chat_completions
  }
  return out
}

interface Conversation {
  agent: string
  prompt: Obj[]
  completion: Obj[]
}

function conversations(doc: Obj): Conversation[] {
  return trajectoriesOf(doc).map((t, i) => {
    const messages = trajectoryMessages(t)
    const cut = firstAssistantIndex(messages)
    return { agent: agentName(t, i), prompt: messages.slice(0, cut), completion: messages.slice(cut) }
  })
}

/** Every trajectory's turns, in order; with several agents each turn says whose it is. */
function turnsOf(convs: Conversation[]): Turn[] {
  const turns = convs.flatMap(({ agent, prompt, completion }) =>
    messagesToTurns(prompt, completion).map((t) => (convs.length > 1 ? { ...t, meta: { ...t.meta, agent } } : t))
  )
  turns.forEach((t, i) => (t.index = i))
  return turns
}

const taskOf = (doc: Obj): Obj => (isObj(doc.task) ? doc.task : {})

/** The task's own id (Task.id, else the episode id's `<task id>:` part). */
function taskId(doc: Obj): string | null {
  const id = idText(taskOf(doc).id)
  if (id !== null) return id
  const own = str(doc.id)
  return own && own.includes(':') ? own.slice(0, own.lastIndexOf(':')) : null
}

/** The task's instruction (a string or messages), else the first conversation's prompt. */
function taskPrompt(doc: Obj, convs: Conversation[]): unknown[] | string {
  const instruction = taskOf(doc).instruction
  if (typeof instruction === 'string' && instruction.trim()) return instruction
  if (Array.isArray(instruction) && instruction.length) return instruction
  return convs[0]?.prompt ?? []
}

const TRUNCATED = new Set(['max_prompt_length_exceeded', 'max_response_length_exceeded', 'max_turns_exceeded'])

function statusOf(doc: Obj): { status: EpisodeStatus; error: string | null; termination: string | null } {
  const reason = str(doc.termination_reason)?.toLowerCase() ?? null
  if (reason === 'error') {
    const err = isObj(doc.metadata) ? doc.metadata.error : null
    const message = isObj(err) ? str(err.message) : str(err)
    return { status: 'error', error: message ?? 'the episode ended with an error', termination: reason }
  }
  if (reason === 'timeout') return { status: 'error', error: 'the episode timed out', termination: reason }
  if (reason !== null && TRUNCATED.has(reason))
    return { status: 'truncated', error: `stopped: ${reason.replace(/_/g, ' ')}`, termination: reason }
  return { status: 'ok', error: null, termination: reason }
}

/** The rollout: the episode id's `:<n>` part (the engine's session index, the attempt). */
function rolloutOf(doc: Obj): number | null {
  const id = str(doc.id)
  const m = id ? /:(\d+)$/.exec(id) : null
  return m ? Number(m[1]) : null
}

function summarize(doc: Obj): EpisodeSummaryRecord {
  const convs = conversations(doc)
  const trajectories = trajectoriesOf(doc)
  const first = trajectories[0]
  // as run_dataset counts it: the first trajectory's reward, 0.0 when there is none
  const reward = first ? (num(first.reward) ?? 0) : 0
  const metrics: Record<string, number> = {}
  const info: EpisodeSummaryRecord['info'] = {}
  if (isObj(doc.metrics))
    for (const [k, v] of Object.entries(doc.metrics)) if (num(v) !== null) metrics[k] = v as number
  if (first && isObj(first.signals))
    for (const [k, v] of Object.entries(first.signals)) if (num(v) !== null) metrics[`signal.${k}`] = v as number
  if (trajectories.length > 1) info.agents = trajectories.map(agentName).join(', ')
  if (Number.isInteger(doc.eval_idx)) info.eval_idx = doc.eval_idx as number
  const task = taskOf(doc)
  const meta = isObj(task.metadata) ? task.metadata : {}
  for (const k of ['category', 'difficulty', 'source'])
    if (typeof meta[k] === 'string' && (meta[k] as string).length <= MAX_CATEGORY_CHARS) info[k] = meta[k] as string
  const prompt = taskPrompt(doc, convs)
  const { status, error, termination } = statusOf(doc)
  return {
    sourceId: taskId(doc),
    promptHash: promptHash(prompt),
    answer: answerText(meta.ground_truth ?? meta.answer ?? null),
    reward,
    success: doc.is_correct as boolean,
    status,
    error,
    termination,
    turns: convs.reduce((n, c) => n + c.prompt.length + c.completion.length, 0),
    preview: previewOf(prompt),
    metrics,
    info,
    tokensIn: null,
    tokensOut: null,
    durationMs: null,
    rollout: rolloutOf(doc),
    actions: { kind: 'messages', messages: convs.flatMap((c) => c.completion) }
  }
}

/** `YYYYMMDD_HHMMSS` (UTC) as ISO time. */
function isoTime(ts: unknown): string | null {
  const m = typeof ts === 'string' ? /^(\d{4})(\d{2})(\d{2})_(\d{2})(\d{2})(\d{2})$/.exec(ts) : null
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z` : null
}

/** The run folder of an episode file (`<run>/episodes/<file>`), else the file's folder. */
const runDirOf = (path: string): string =>
  basename(dirname(path)) === 'episodes' ? dirname(dirname(path)) : dirname(path)

/** Run header from `meta.json` and the headline from `results.json`, read once per run folder and job. */
function runHeader(runDir: string, ctx: FormatContext): RunHeader {
  return ctx.memo(`rllm:run:${runDir}`, () => {
    const problems: string[] = []
    const meta = readSideObject(join(runDir, 'meta.json'), problems) ?? {}
    const results = readSideObject(join(runDir, 'results.json'), problems)
    const headlines: ProducerHeadlineInput[] = []
    const score = results ? num(results.score) : null
    if (score !== null)
      headlines.push({ label: 'score', value: score, source: 'results.json score', matches: 'passRate' })
    const header: Obj = { producer: 'rLLM' }
    for (const k of ['benchmark', 'agent', 'split', 'attempts', 'timestamp'])
      if (meta[k] !== undefined) header[k] = meta[k]
    if (results) {
      for (const k of ['total', 'correct', 'errors', 'pass_at', 'signal_averages'])
        if (results[k] !== undefined) header[k] = results[k]
    }
    if (problems.length) header.sideFileErrors = problems
    return {
      name: basename(runDir),
      model: str(meta.model) ?? (results ? str(results.model) : null),
      env: str(meta.benchmark) ?? (results ? str(results.dataset_name) : null),
      createdAt: isoTime(meta.timestamp),
      checkpointStep: null,
      header,
      passThreshold: null,
      headlines
    }
  })
}

export const rllmEpisodeAdapter = defineFormat<DocumentAdapter>({
  format: 'rllm',
  // an Episode dump: id, trajectories, is_correct, termination_reason; no other JSON format has them together
  priority: 175,
  fileKinds: ['json'],
  extensions: ['.json'],
  companions: [],

  matches: (doc) => isRllmEpisode(doc),

  index(doc, path, ctx): DocumentRun[] {
    if (!isRllmEpisode(doc)) throw new RecordError('not an rLLM episode (id, trajectories, is_correct)')
    const runDir = runDirOf(path)
    return [{ runKey: runDir, header: runHeader(runDir, ctx), episodes: [{ summary: summarize(doc), locator: '0' }] }]
  },

  parseEpisode(doc): EpisodeBody {
    if (!isRllmEpisode(doc)) throw new RecordError('not an rLLM episode (id, trajectories, is_correct)')
    const convs = conversations(doc)
    const { trajectories: _t, ...rest } = doc
    return {
      turns: turnsOf(convs),
      tools: [],
      infoFull: {
        ...rest,
        trajectories: trajectoriesOf(doc).map((t, i) => ({
          agent: agentName(t, i),
          uid: t.uid,
          reward: t.reward,
          signals: t.signals,
          steps: stepsOf(t).map((s) => ({ reward: s.reward, done: s.done })),
          metadata: t.metadata
        }))
      },
      raw: doc
    }
  }
})

/** `meta.json` / `results.json` of a run folder: read by the episodes' run header, so they are its companions. */
const isRunFile = (doc: unknown, path: string): boolean =>
  isObj(doc) &&
  ((basename(path) === 'meta.json' && 'benchmark' in doc && 'model' in doc && 'agent' in doc) ||
    (basename(path) === 'results.json' && 'dataset_name' in doc && 'score' in doc && Array.isArray(doc.items)))

export const rllmRunFilesAdapter = defineFormat<DocumentAdapter>({
  format: 'rllm',
  priority: 174,
  fileKinds: ['json'],
  extensions: ['.json'],
  companions: [],
  matches: isRunFile,
  index: () => [],
  parseEpisode() {
    throw new RecordError('an rLLM meta.json or results.json holds no episodes')
  }
})
