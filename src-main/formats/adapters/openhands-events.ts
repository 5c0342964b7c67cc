/**
 * OpenHands events (an event stream file, or the `history` of an evaluation's output.jsonl line) as turns. Actions
 * become assistant turns (a tool call from `tool_call_metadata`, else the action name with its `args`), observations
 * the results of the action they answer (`cause`). Termination: the last `agent_state_changed` observation's
 * `extras.agent_state` (`finished`, `error`, `stopped`, `awaiting_user_input`…; a stream cut while `running` says
 * so), else `finish` when the agent sent a finish action.
 */
import type { EpisodeStatus, Turn } from '@contract/model'
import { messagesToTurns } from './messages'
import { idText, isObj, num, str, type Obj } from './record-fields'

/** Bookkeeping events with nothing to read. */
const SKIP_ACTIONS = new Set(['change_agent_state', 'null', 'recall'])
const SKIP_OBSERVATIONS = new Set(['agent_state_changed', 'null', 'recall'])

export const isEvent = (e: unknown): e is Obj =>
  isObj(e) &&
  typeof e.id === 'number' &&
  (typeof e.action === 'string' || typeof e.observation === 'string') &&
  typeof e.source === 'string'

/** The model named by the first event that carries a model response. */
export const eventStreamModel = (events: readonly unknown[]): string | null =>
  events
    .map((e) =>
      isObj(e) && isObj(e.tool_call_metadata) && isObj(e.tool_call_metadata.model_response)
        ? str(e.tool_call_metadata.model_response.model)
        : null
    )
    .find(Boolean) ?? null

export interface EventStream {
  turns: Turn[]
  messages: Obj[]
  status: EpisodeStatus
  error: string | null
  cost: number | null
  tokensIn: number | null
  tokensOut: number | null
  /** The agent state the stream last changed to (`finished`, `error`, `stopped`…), else `finish` for a finish action. */
  termination: string | null
}

export function readEventStream(events: readonly unknown[]): EventStream {
  const messages: Obj[] = []
  const errors = new Map<number, string>()
  const callOfEvent = new Map<number, string>()
  let status: EpisodeStatus = 'ok'
  let error: string | null = null
  let cost: number | null = null
  let tokensIn: number | null = null
  let tokensOut: number | null = null
  let agentState: string | null = null
  let finished = false
  for (const e of events) {
    if (!isEvent(e)) continue
    // AgentStateChangedObservation: `extras.agent_state` (lower case in saved streams, upper case in some docs)
    if (e.observation === 'agent_state_changed' && isObj(e.extras))
      agentState = str(e.extras.agent_state)?.toLowerCase() ?? agentState
    const m = isObj(e.llm_metrics) ? e.llm_metrics : null
    if (m) {
      cost = num(m.accumulated_cost) ?? cost
      const usage = isObj(m.accumulated_token_usage) ? m.accumulated_token_usage : null
      if (usage) {
        tokensIn = num(usage.prompt_tokens) ?? tokensIn
        tokensOut = num(usage.completion_tokens) ?? tokensOut
      }
    }
    const args = isObj(e.args) ? e.args : {}
    if (typeof e.action === 'string') {
      if (SKIP_ACTIONS.has(e.action)) continue
      if (e.action === 'system') messages.push({ role: 'system', content: str(args.content) ?? str(e.message) ?? '' })
      else if (e.action === 'message')
        messages.push({
          role: e.source === 'user' ? 'user' : 'assistant',
          content: str(args.content) ?? str(e.message) ?? ''
        })
      else {
        const meta = isObj(e.tool_call_metadata) ? e.tool_call_metadata : {}
        const id = str(meta.tool_call_id) ?? `event-${idText(e.id) ?? messages.length}`
        callOfEvent.set(e.id as number, id)
        const { thought, ...callArgs } = args
        messages.push({
          role: 'assistant',
          content: e.action === 'finish' ? (str(args.final_thought) ?? str(e.message) ?? '') : '',
          reasoning: typeof thought === 'string' && thought ? thought : null,
          tool_calls: [{ id, function: str(meta.function_name) ?? e.action, arguments: callArgs }]
        })
        if (e.action === 'finish') {
          status = 'ok'
          finished = true
        }
      }
    } else if (typeof e.observation === 'string') {
      if (SKIP_OBSERVATIONS.has(e.observation)) continue
      const cause = num(e.cause)
      const callId = cause !== null ? callOfEvent.get(cause) : undefined
      const text = str(e.content) ?? str(e.message) ?? ''
      if (e.observation === 'error') {
        status = 'error'
        error = text.slice(0, 500)
      }
      messages.push(
        callId ? { role: 'tool', tool_call_id: callId, content: text } : { role: 'user', content: text, env: true }
      )
      if (e.observation === 'error') errors.set(messages.length - 1, text)
    }
  }
  const firstAssistant = messages.findIndex((m) => m.role === 'assistant')
  const promptLen = firstAssistant < 0 ? messages.length : firstAssistant
  const turns = messagesToTurns(messages.slice(0, promptLen), messages.slice(promptLen))
  turns.forEach((t, i) => {
    // a user message in the stream is the person writing again, not environment feedback
    t.isObservation = t.role === 'tool' || messages[i].env === true
    const err = errors.get(i)
    if (err) t.meta = { ...t.meta, error: err.slice(0, 500) }
  })
  return {
    turns,
    messages,
    status,
    error,
    cost,
    tokensIn,
    tokensOut,
    termination: agentState ?? (finished ? 'finish' : null)
  }
}
