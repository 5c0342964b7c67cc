/**
 * The figures of one verifiers v1 Episode record (`verifiers/v1/episode.py` Episode.to_record, `trace.py` Trace), as
 * the producer defines them:
 * - an episode holds one trace per agent (`traces[]`, in completion order); a trace's reward is Σ score × weight of
 *   its named rewards (`Trace.reward`; a `null` reward did not run), its metrics are unweighted named numbers;
 * - the episode's reward is that of its trainable traces (`agent.trainable`: the tokens that train the policy; a
 *   judge's trace is not), their mean when there are several, else of every trace that has one;
 * - tokens: `calls[].usage` (`prompt_tokens` excludes cache reads, `cached_input_tokens` adds them back); fed-in
 *   tokens are counted once per call beyond the previous call's sequence (`min_new_input_tokens`), generated tokens
 *   summed (`completion_tokens`);
 * - truncation: `Trace.is_truncated` (a framework limit as stop condition, or a last call finished by `length`).
 * A bare Trace record (one trace per line, as prime-rl wrote in Jul 2026) is read as an episode of that one trace.
 */
import { isObj, num, str, type Obj } from './record-fields'

/** Stop conditions that `Trace.is_truncated` counts as a cut rollout. */
const TRUNCATING = new Set(['max_turns', 'max_input_tokens', 'max_output_tokens', 'max_total_tokens', 'context_length'])

/** An Episode record: `traces[]` beside the task and the episode's standing. */
export const isV1Episode = (r: Obj): boolean =>
  Array.isArray(r.traces) && isObj(r.task) && ('ok' in r || 'errors' in r || 'env' in r || 'group' in r)

/** A bare Trace record: the message graph with its task and agent. */
export const isV1Trace = (r: Obj): boolean =>
  Array.isArray(r.nodes) && isObj(r.task) && isObj(r.agent) && ('rewards' in r || 'calls' in r)

/** The traces of a record (an Episode's, or the record itself when it is a bare trace). */
export const tracesOf = (r: Obj): Obj[] => (Array.isArray(r.traces) ? r.traces.filter(isObj) : isV1Trace(r) ? [r] : [])

/**
 * `Trace.reward`: Σ score × weight of the rewards that ran, 0 when none ran (an errored rollout: the producer's sum
 * over nothing, which prime-rl's `reward/mean` counts); null for a record without rewards at all.
 */
export function traceReward(t: Obj): number | null {
  if (!isObj(t.rewards)) return null
  let sum = 0
  for (const r of Object.values(t.rewards)) {
    if (!isObj(r)) continue
    const score = num(r.score)
    if (score !== null) sum += score * (num(r.weight) ?? 1)
  }
  return sum
}

/** Whether any of the trace's rewards ran (a `null` reward, or none at all, did not). */
export const rewardsRan = (t: Obj): boolean =>
  isObj(t.rewards) && Object.values(t.rewards).some((r) => isObj(r) && num(r.score) !== null)

const isTrainable = (t: Obj): boolean => !isObj(t.agent) || t.agent.trainable !== false
export const agentName = (t: Obj): string => (isObj(t.agent) ? (str(t.agent.name) ?? 'agent') : 'agent')

/** The episode's reward: mean of its trainable traces' rewards, else of every trace's; null when none has one. */
export function episodeReward(traces: Obj[]): number | null {
  const mean = (ts: Obj[]): number | null => {
    const rs = ts.map(traceReward).filter((r): r is number => r !== null)
    return rs.length ? rs.reduce((a, b) => a + b, 0) / rs.length : null
  }
  return mean(traces.filter(isTrainable)) ?? mean(traces)
}

/** Per-reward values (score × weight) and metrics by name; with several traces each name is prefixed by its agent. */
export function rewardBreakdown(traces: Obj[]): Record<string, number> {
  const out: Record<string, number> = {}
  const prefixed = traces.length > 1
  for (const t of traces) {
    const pre = prefixed ? `${agentName(t)}/` : ''
    if (isObj(t.rewards)) {
      for (const [name, r] of Object.entries(t.rewards)) {
        const score = isObj(r) ? num(r.score) : null
        if (score !== null) out[pre + name] = score * (num((r as Obj).weight) ?? 1)
      }
    }
    if (isObj(t.metrics)) {
      for (const [name, v] of Object.entries(t.metrics)) {
        const x = num(v)
        if (x !== null && !(pre + name in out)) out[pre + name] = x
      }
    }
    // prime-rl stamps the GRPO advantage on the traces of the `effective` file
    const advantage = isObj(t.info) ? num(t.info.advantage) : null
    if (advantage !== null) out[`${pre}advantage`] = advantage
  }
  return out
}

/** Fed-in and generated tokens over every trace's model calls (null when no call reported usage). */
export function tokenCounts(traces: Obj[]): { tokensIn: number | null; tokensOut: number | null } {
  let tin = 0
  let tout = 0
  let any = false
  for (const t of traces) {
    let prevTotal = 0
    for (const c of Array.isArray(t.calls) ? t.calls : []) {
      if (!isObj(c) || !isObj(c.usage)) continue
      const prompt = num(c.usage.prompt_tokens) ?? 0
      const input = prompt + (num(c.usage.cached_input_tokens) ?? 0)
      const out = num(c.usage.completion_tokens) ?? 0
      tin += Math.max(0, input - prevTotal)
      tout += out
      prevTotal = input + out
      any = true
    }
  }
  return any ? { tokensIn: tin, tokensOut: tout } : { tokensIn: null, tokensOut: null }
}

/** Wall time from the first trace's start to the last phase's end, and the model's share, in ms. */
export function episodeTimes(traces: Obj[]): { durationMs: number | null; generationMs: number | null } {
  let start = Infinity
  let end = -Infinity
  let model = 0
  let anyModel = false
  for (const t of traces) {
    const timing = isObj(t.timing) ? t.timing : null
    if (!timing) continue
    const s = num(timing.start)
    if (s !== null && s > 0) start = Math.min(start, s)
    for (const phase of ['boot', 'setup', 'agent', 'finalize', 'scoring']) {
      const span = timing[phase]
      const e = isObj(span) ? num(span.end) : null
      if (e !== null && e > 0) end = Math.max(end, e)
    }
    const m = isObj(timing.agent) && isObj(timing.agent.model) ? num(timing.agent.model.duration) : null
    if (m !== null && m > 0) {
      model += m
      anyModel = true
    }
  }
  return {
    durationMs: Number.isFinite(start) && end >= start ? (end - start) * 1000 : null,
    generationMs: anyModel ? model * 1000 : null
  }
}

/** `Trace.is_truncated`, with the stop condition when it names the limit. */
function truncation(t: Obj): string | null {
  const stop = str(t.stop_condition)
  if (stop && TRUNCATING.has(stop)) return stop
  const calls = Array.isArray(t.calls) ? t.calls.filter(isObj) : []
  for (let i = calls.length - 1; i >= 0; i--) {
    if (calls[i].error !== undefined && calls[i].error !== null) continue
    return calls[i].finish_reason === 'length' ? 'length' : null
  }
  return null
}

const errorMessage = (errors: unknown): string | null => {
  if (!Array.isArray(errors) || errors.length === 0) return null
  const last = errors[errors.length - 1]
  if (!isObj(last)) return String(last)
  const type = str(last.type)
  const message = str(last.message) ?? ''
  return type ? `${type}: ${message}` : message || JSON.stringify(last)
}

/**
 * The episode's status: an error recorded on it or on a trace (the last one), else a truncated trace, else a trace
 * or episode the producer says did not complete (`ok` false without a recorded error), else ok.
 */
export function episodeStatus(
  r: Obj,
  traces: Obj[]
): { status: 'ok' | 'error' | 'truncated'; error: string | null; termination: string | null } {
  const last = traces[traces.length - 1]
  const termination = last ? str(last.stop_condition) : null
  const err =
    errorMessage(r.errors) ??
    traces
      .map((t) => errorMessage(t.errors))
      .filter((e) => e !== null)
      .pop() ??
    null
  if (err !== null) return { status: 'error', error: err, termination }
  for (const t of traces) {
    const cut = truncation(t)
    if (cut) return { status: 'truncated', error: `truncated: ${cut}`, termination: termination ?? cut }
  }
  const notOk = r.ok === false || (traces.length > 0 && traces.some((t) => t.ok === false))
  if (notOk) return { status: 'error', error: 'not completed (ok is false, no error recorded)', termination }
  return { status: 'ok', error: null, termination }
}
