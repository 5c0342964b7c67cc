/**
 * Gemini CLI sessions (FORMATS.md §4.4): `{sessionId, startTime, messages[{type: user|gemini, content, thoughts,
 * tokens, model, toolCalls?}]}`. One episode per session; thoughts become reasoning; tool calls (newer sessions)
 * with their results become tool turns. No reward in the format.
 */
import { basename, dirname } from 'node:path'
import type { Turn } from '@contract/model'
import { RecordError, type DocumentAdapter } from '../types'
import { messagesToTurns } from './messages'
import { previewOf } from './preview'
import { promptHash } from './prompt-hash'
import { idText, isObj, num, str, timeMs, type Obj } from './record-fields'
import { defineFormat } from '../define-format'

const isSession = (doc: unknown): doc is Obj =>
  isObj(doc) &&
  typeof doc.sessionId === 'string' &&
  Array.isArray(doc.messages) &&
  doc.messages.every((m) => isObj(m) && typeof m.type === 'string')

export const geminiCliAdapter = defineFormat<DocumentAdapter>({
  format: 'gemini-cli',
  priority: 110,
  fileKinds: ['json'],
  extensions: ['.json'],
  companions: [],
  matches: (doc) => isSession(doc),

  index(doc, path) {
    if (!isSession(doc)) throw new RecordError('not a Gemini CLI session')
    const { turns, messages, tokensIn, tokensOut, model, errors } = read(doc)
    const prompt = messages.filter((m) => m.role === 'user').slice(0, 1)
    const start = timeMs(doc.startTime)
    const end = timeMs(doc.lastUpdated)
    return [
      {
        runKey: dirname(path),
        header: {
          name: basename(dirname(path)),
          model,
          env: null,
          createdAt: str(doc.startTime),
          checkpointStep: null,
          header: { producer: 'gemini-cli', projectHash: doc.projectHash ?? null },
          passThreshold: null
        },
        episodes: [
          {
            locator: '',
            summary: {
              sourceId: null,
              promptHash: promptHash(
                prompt.length ? prompt : [{ role: 'user', content: idText(doc.sessionId) ?? '' }],
                'all'
              ),
              answer: null,
              reward: null,
              success: null,
              status: errors ? 'error' : 'ok',
              error: errors ? `${errors} tool call${errors > 1 ? 's' : ''} failed` : null,
              turns: turns.length,
              preview: previewOf(prompt),
              metrics: { tool_calls: turns.reduce((n, t) => n + t.toolCalls.length, 0) },
              info: { session: idText(doc.sessionId) },
              tokensIn,
              tokensOut,
              durationMs: Number.isFinite(end - start) ? end - start : null,
              actions: { kind: 'turns', turns: turns }
            }
          }
        ]
      }
    ]
  },

  parseEpisode(doc) {
    if (!isSession(doc)) throw new RecordError('not a Gemini CLI session')
    return {
      turns: read(doc).turns,
      tools: [],
      infoFull: { sessionId: doc.sessionId, projectHash: doc.projectHash ?? null },
      raw: doc
    }
  }
})

/** Text of a tool call's result: its display text, else the function response output, else JSON. */
function resultText(call: Obj): string {
  if (typeof call.resultDisplay === 'string' && call.resultDisplay) return call.resultDisplay
  const parts = Array.isArray(call.result) ? call.result : []
  for (const p of parts) {
    const resp =
      isObj(p) && isObj(p.functionResponse) && isObj(p.functionResponse.response) ? p.functionResponse.response : null
    if (resp) return typeof resp.output === 'string' ? resp.output : JSON.stringify(resp)
  }
  return call.result === undefined ? '' : JSON.stringify(call.result)
}

function read(doc: Obj): {
  turns: Turn[]
  messages: Obj[]
  tokensIn: number | null
  tokensOut: number | null
  model: string | null
  errors: number
} {
  const messages: Obj[] = []
  const perTurn: { tokens: number | null; error: string | null; timestamp: string | null }[] = []
  let tokensIn: number | null = null
  let tokensOut: number | null = null
  let model: string | null = null
  let errors = 0
  for (const m of doc.messages as Obj[]) {
    const text =
      typeof m.content === 'string'
        ? m.content
        : Array.isArray(m.content)
          ? m.content.map((p) => (isObj(p) ? (str(p.text) ?? '') : String(p))).join('\n')
          : ''
    const tokens = isObj(m.tokens) ? m.tokens : null
    if (tokens) {
      tokensIn = (tokensIn ?? 0) + (num(tokens.input) ?? 0)
      tokensOut = (tokensOut ?? 0) + (num(tokens.output) ?? 0)
    }
    model ??= str(m.model)
    if (m.type === 'user') {
      messages.push({ role: 'user', content: text })
      perTurn.push({ tokens: null, error: null, timestamp: str(m.timestamp) })
      continue
    }
    if (m.type === 'error' || m.type === 'info') {
      messages.push({ role: 'user', content: text, env: true })
      perTurn.push({ tokens: null, error: m.type === 'error' ? text : null, timestamp: str(m.timestamp) })
      continue
    }
    const thoughts = Array.isArray(m.thoughts)
      ? m.thoughts
          .filter(isObj)
          .map((t) => [str(t.subject), str(t.description)].filter(Boolean).join(': '))
          .join('\n\n')
      : ''
    const calls = Array.isArray(m.toolCalls) ? m.toolCalls.filter(isObj) : []
    messages.push({
      role: 'assistant',
      content: text,
      reasoning: thoughts || null,
      tool_calls: calls.map((c) => ({ id: str(c.id), function: str(c.name) ?? 'tool', arguments: c.args ?? {} }))
    })
    perTurn.push({ tokens: tokens ? num(tokens.output) : null, error: null, timestamp: str(m.timestamp) })
    for (const c of calls) {
      // a failed call is an error of the episode; one the user cancelled is only marked on its turn
      if (c.status === 'error') errors++
      messages.push({ role: 'tool', tool_call_id: str(c.id) ?? undefined, content: resultText(c) })
      const note = typeof c.status === 'string' && c.status !== 'success' ? `status: ${c.status}` : null
      perTurn.push({ tokens: null, error: note, timestamp: str(c.timestamp) })
    }
  }
  const firstAssistant = messages.findIndex((m) => m.role === 'assistant')
  const promptLen = firstAssistant < 0 ? messages.length : firstAssistant
  const turns = messagesToTurns(messages.slice(0, promptLen), messages.slice(promptLen))
  turns.forEach((t, i) => {
    // a user message after the model spoke is the person typing again, not environment feedback
    t.isObservation = t.role === 'tool' || messages[i].env === true
    const p = perTurn[i]
    if (p.tokens !== null) t.tokens = p.tokens
    if (p.error) t.meta = { ...t.meta, error: p.error }
    if (p.timestamp) t.meta = { ...t.meta, timestamp: p.timestamp }
  })
  return { turns, messages, tokensIn, tokensOut, model, errors }
}
