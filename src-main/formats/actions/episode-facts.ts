/**
 * What the per-episode detectors need, taken while the adapter holds the episode's messages or turns (the transcript
 * is not kept after indexing). Cheap on purpose, like tool-call-counts.ts (the verifiers indexing path is
 * benchmarked): arguments are compared as the producer wrote them (a JSON string compares as a string), and only
 * a call whose arguments are an object is serialized.
 */
import type { Turn } from '@contract/model'
import { contentText } from '../adapters/content-text'
import { decodeMaybeJson } from '../readers/tolerant-json'
import { isTimeoutError, isTimeoutText } from './tool-timeout'

export interface EpisodeFacts {
  /**
   * Agent actions: generated assistant turns (a turn that calls tools or answers, with its observation). Consecutive
   * Responses-API output items of one model turn (reasoning, message, function calls) are one action.
   */
  steps: number
  /**
   * How many times in a row the most repeated cycle of identical tool calls (same names, same arguments, in the same
   * order) runs back to back: A A A = 3, A B A B A B = 3, A B C A B C = 2; 0 = no calls. Cycles of 1 to
   * LOOP_MAX_PERIOD calls.
   */
  maxRepeat: number
  /** The last generated assistant turn has no text and no tool call, or the model never answered. */
  emptyFinal: boolean
  /** A generated turn carries an error other than a timeout (a failed tool call or step). */
  toolError: boolean
  /** A tool result is a harness timeout (tool-timeout.ts). */
  timeout: boolean
}

/**
 * Longest cycle of calls the repeat counter follows (A B C A B C is period 3). Read by the `loop` rule
 * (anomalies/rules.ts re-exports it beside its threshold): the counter only keeps this many recent calls.
 */
export const LOOP_MAX_PERIOD = 3

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
export const argText = (v: unknown): string => (typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v))

/**
 * Tracks cycles of identical calls. For each period p (1..LOOP_MAX_PERIOD) it counts how many calls in a row equal
 * the call p places back: a cycle of p calls seen k times back to back makes that count p × (k - 1). Only the last
 * LOOP_MAX_PERIOD calls are kept, so a long episode costs a few string compares per call.
 */
export class RepeatCounter {
  maxRepeat = 0
  private recent: string[] = []
  private streak: number[] = new Array<number>(LOOP_MAX_PERIOD + 1).fill(0)
  add(name: string, args: string): void {
    const key = `${name}\u0000${args}`
    const n = this.recent.length
    for (let p = 1; p <= LOOP_MAX_PERIOD; p++) {
      this.streak[p] = n >= p && this.recent[n - p] === key ? this.streak[p] + 1 : 0
      const repeats = Math.floor(this.streak[p] / p) + 1
      if (repeats > this.maxRepeat) this.maxRepeat = repeats
    }
    this.recent.push(key)
    if (this.recent.length > LOOP_MAX_PERIOD) this.recent.shift()
  }
}

/** Tool errors and timeouts seen so far. */
export class FailureFlags {
  toolError = false
  timeout = false
  /** A turn's recorded error; a cancelled call (Gemini CLI `status: cancelled`) is the user's choice, not a failure. */
  error(text: string): void {
    if (isTimeoutError(text)) this.timeout = true
    else if (text !== 'status: cancelled') this.toolError = true
  }
  /** A tool result's text. */
  result(text: string): void {
    if (!this.timeout && isTimeoutText(text)) this.timeout = true
  }
}

/** Inspect's ToolCallError on a raw tool message: `{type: "timeout", message: "..."}`. */
function rawError(v: unknown): string | null {
  if (typeof v === 'string') return v || null
  if (!isObj(v)) return null
  const type = typeof v.type === 'string' ? v.type : null
  const message = typeof v.message === 'string' ? v.message : null
  return type && message ? `${type}: ${message}` : (type ?? message ?? 'error')
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
  if (typeof messages === 'string')
    return { steps: 1, maxRepeat: 0, emptyFinal: messages.trim() === '', toolError: false, timeout: false }
  const counter = new RepeatCounter()
  const failures = new FailureFlags()
  let emptyFinal = true
  let steps = 0
  // Responses items: one model turn spans the items up to the next observation; chat: one assistant message each.
  let inResponseTurn = false
  for (let i = from; i < messages.length; i++) {
    const m = messages[i]
    if (!isObj(m)) continue
    if (m.role === 'tool' || m.role === 'function' || m.type === 'function_call_output') {
      inResponseTurn = false
      const err = m.error === undefined || m.error === null || m.error === false ? null : rawError(m.error)
      if (err) failures.error(err)
      else failures.result(m.type === 'function_call_output' ? contentText(m.output) : contentText(m.content))
      continue
    }
    const responsesItem = typeof m.type === 'string' && m.type !== 'message'
    if (responsesItem && (m.type as string).endsWith('_call')) {
      if (!inResponseTurn) steps++
      inResponseTurn = true
      addRawCall(counter, m)
      emptyFinal = false
      continue
    }
    if (m.role !== 'assistant') {
      if (!responsesItem) inResponseTurn = false
      continue
    }
    if (m.type === 'message') {
      if (!inResponseTurn) steps++
      inResponseTurn = true
    } else steps++
    const calls = m.tool_calls ?? m.function_call
    const list = typeof calls === 'string' ? decodeMaybeJson(calls) : calls
    let called = false
    if (Array.isArray(list)) for (const c of list) (addRawCall(counter, c), (called = true))
    else if (list !== undefined && list !== null) (addRawCall(counter, list), (called = true))
    emptyFinal = !called && contentText(m.content).trim() === ''
  }
  return { steps, maxRepeat: counter.maxRepeat, emptyFinal, toolError: failures.toolError, timeout: failures.timeout }
}

/** Facts over parsed turns (prompt turns skipped). */
export function turnFacts(turns: readonly Turn[]): EpisodeFacts {
  const counter = new RepeatCounter()
  const failures = new FailureFlags()
  let emptyFinal = true
  let steps = 0
  for (const t of turns) {
    if (t.isPrompt) continue
    for (const c of t.toolCalls) counter.add(c.name, argText(c.arguments))
    if (t.meta?.error) failures.error(t.meta.error)
    else if (t.isObservation) failures.result(t.text)
    if (t.role === 'assistant') {
      steps++
      emptyFinal = t.toolCalls.length === 0 && t.text.trim() === ''
    }
  }
  return { steps, maxRepeat: counter.maxRepeat, emptyFinal, toolError: failures.toolError, timeout: failures.timeout }
}
