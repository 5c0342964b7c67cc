/**
 * Turns of a per-step episode (OpenEnv `step()` results, gym-style logs, mapped step lists): each
 * step's action becomes an assistant tool call and its observation the paired tool result, with the
 * step's reward / done on the step's last turn. Shared by the step-jsonl adapter and mapping files.
 */
import type { ToolCall, Turn, TurnMeta } from '@contract/model'
import { contentImages, contentText } from './content-text'
import { blankTurn, messagesToTurns } from './messages'
import { isObj } from './record-fields'
import { parseArguments, normalizeToolCall } from './tool-calls'

/** One step, already read from its record by whatever names the producer used. */
export interface StepInput {
  /** The producer's step index, or null. */
  index: number | null
  /** The action taken; undefined when the step has none (e.g. a reset step). */
  action: unknown
  /** Name of the tool call when the action is a bare string or an unnamed object (the field's name). */
  actionName: string
  /** Observation seen before the action (gym `obs` next to `next_obs`); undefined when none. */
  before?: unknown
  /** Observation returned by the action; undefined when none. */
  observation: unknown
  reward: number | null
  done: boolean | null
  truncated: boolean
  /** The model's reasoning for the step, when logged. */
  reasoning: string | null
  /** The model's raw output (what the action was parsed from), when logged. */
  text: string | null
  meta: TurnMeta
}

/** Text of an observation of any shape: strings as they are, content parts joined, other values as JSON. */
export function observationText(v: unknown): string {
  if (v === null || v === undefined) return ''
  if (typeof v === 'string') return v
  if (Array.isArray(v) || isObj(v)) {
    const text = contentText(v)
    if (text && !(isObj(v) && text === JSON.stringify(v))) return text
    return JSON.stringify(v, null, 2)
  }
  return String(v)
}

const ARG_KEYS = ['arguments', 'args', 'input', 'parameters']

/** The action as a normalized tool call: a tool-call object as it is, else `actionName(action)`. */
export function actionCall(action: unknown, actionName: string, id: string): ToolCall {
  const call = isObj(action) || typeof action === 'string' ? normalizeToolCall(action) : null
  if (call && call.name !== 'unknown') {
    const v = isObj(action) ? action : null
    // `{name: "click", x: 3}`: the other fields are the arguments
    if (v && !('function' in v) && !ARG_KEYS.some((k) => k in v)) {
      const { name: _n, id: _i, type: _t, call_id: _c, tool_call_id: _tc, ...rest } = v
      return { id: call.id ?? id, name: call.name, arguments: rest }
    }
    return { ...call, id: call.id ?? id }
  }
  if (isObj(action)) {
    const name = typeof action.type === 'string' && action.type ? action.type : actionName
    return { id, name, arguments: action }
  }
  return { id, name: actionName, arguments: typeof action === 'string' ? parseArguments(action) : (action ?? null) }
}

/**
 * Turns of an episode: the prompt messages (given to the model), then per step an optional
 * observation-before (env), the action (assistant tool call, with the model's text and reasoning)
 * and the observation (tool result paired with the call, or an env turn when there was no action).
 */
export function stepsToTurns(prompt: readonly unknown[], steps: readonly StepInput[]): Turn[] {
  const turns = messagesToTurns(prompt)
  const push = (t: Turn): Turn => {
    const turn = { ...t, index: turns.length }
    turns.push(turn)
    return turn
  }
  steps.forEach((s, i) => {
    const stepNo = s.index ?? i
    let last: Turn | null = null
    if (s.before !== undefined) {
      const images = contentImages(s.before)
      last = push({
        ...blankTurn(0, 'env'),
        text: observationText(s.before),
        isObservation: true,
        ...(images.length ? { images } : {})
      })
    }
    let call: ToolCall | null = null
    if (s.action !== undefined) {
      call = actionCall(s.action, s.actionName, `step-${stepNo}`)
      last = push({ ...blankTurn(0, 'assistant'), text: s.text ?? '', reasoning: s.reasoning, toolCalls: [call] })
    } else if (s.text !== null || s.reasoning !== null) {
      last = push({ ...blankTurn(0, 'assistant'), text: s.text ?? '', reasoning: s.reasoning })
    }
    if (s.observation !== undefined) {
      const images = contentImages(s.observation)
      last = push({
        ...blankTurn(0, 'env'),
        role: call ? 'tool' : 'env',
        text: observationText(s.observation),
        toolCallId: call?.id ?? null,
        toolName: call?.name ?? null,
        isObservation: true,
        ...(images.length ? { images } : {})
      })
    }
    if (!last) last = push({ ...blankTurn(0, 'env'), text: '', isObservation: true })
    last.reward = s.reward
    last.done = s.done
    const meta: TurnMeta = { ...s.meta, ...(s.truncated ? { truncated: true } : {}) }
    if (Object.keys(meta).length) last.meta = meta
  })
  return turns
}
