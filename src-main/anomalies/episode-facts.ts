/**
 * What the per-episode detectors need, taken while the adapter holds the episode's messages or turns (the transcript
 * is not kept after indexing). Cheap on purpose, like tool-call-counts.ts (the verifiers indexing path is
 * benchmarked): arguments are compared as the producer wrote them (a JSON string compares as a string), and only
 * a call whose arguments are an object is serialized.
 */
import type { Turn } from '@contract/model'
import { contentText } from '../indexer/adapters/content-text'
import { decodeMaybeJson } from '../indexer/tolerant-json'

export interface EpisodeFacts {
  /** The longest run of consecutive identical tool calls (same name, same arguments); 0 = no calls. */
  maxRepeat: number
  /** The last generated assistant turn has no text and no tool call, or the model never answered. */
  emptyFinal: boolean
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const argText = (v: unknown): string => (typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v))

/** Tracks runs of identical consecutive calls. */
class RepeatCounter {
  maxRepeat = 0
  private name: string | null = null
  private args = ''
  private run = 0
  add(name: string, args: string): void {
    this.run = name === this.name && args === this.args ? this.run + 1 : 1
    this.name = name
    this.args = args
    if (this.run > this.maxRepeat) this.maxRepeat = this.run
  }
}

/** Name and argument text of one raw call (OpenAI `{function: {name, arguments}}`, flat, ATIF, Responses item). */
function addRawCall(counter: RepeatCounter, raw: unknown): void {
  const v = typeof raw === 'string' ? decodeMaybeJson(raw) : raw
  if (!isObj(v)) return
  const fn = v.function
  if (isObj(fn)) return counter.add(typeof fn.name === 'string' ? fn.name : 'unknown', argText(fn.arguments))
  const name = v.name ?? v.function_name ?? fn ?? v.tool_name
  if (typeof name === 'string') counter.add(name, argText(v.arguments ?? v.args ?? v.input ?? v.parameters))
}

/**
 * Facts over OpenAI-style chat messages from index `from` on (past the prompt), or over Responses API output items
 * (`{type: "function_call"}` / `{type: "message", role: "assistant"}`). A completion given as plain text has no calls;
 * it is empty when its text is.
 */
export function messageFacts(messages: readonly unknown[] | string, from = 0): EpisodeFacts {
  if (typeof messages === 'string') return { maxRepeat: 0, emptyFinal: messages.trim() === '' }
  const counter = new RepeatCounter()
  let emptyFinal = true
  for (let i = from; i < messages.length; i++) {
    const m = messages[i]
    if (!isObj(m)) continue
    if (typeof m.type === 'string' && m.type.endsWith('_call')) {
      addRawCall(counter, m)
      emptyFinal = false
      continue
    }
    if (m.role !== 'assistant') continue
    const calls = m.tool_calls ?? m.function_call
    const list = typeof calls === 'string' ? decodeMaybeJson(calls) : calls
    let called = false
    if (Array.isArray(list)) for (const c of list) (addRawCall(counter, c), (called = true))
    else if (list !== undefined && list !== null) (addRawCall(counter, list), (called = true))
    emptyFinal = !called && contentText(m.content).trim() === ''
  }
  return { maxRepeat: counter.maxRepeat, emptyFinal }
}

/** Facts over parsed turns (prompt turns skipped). */
export function turnFacts(turns: readonly Turn[]): EpisodeFacts {
  const counter = new RepeatCounter()
  let emptyFinal = true
  for (const t of turns) {
    if (t.isPrompt) continue
    for (const c of t.toolCalls) counter.add(c.name, argText(c.arguments))
    if (t.role === 'assistant') emptyFinal = t.toolCalls.length === 0 && t.text.trim() === ''
  }
  return { maxRepeat: counter.maxRepeat, emptyFinal }
}
