/**
 * Steps, generation time, termination and status of one verifiers rollout, as the producer wrote them. Shared by the
 * verifiers results.jsonl rows and the Prime hosted-RL export (whose rows are verifiers rollouts with their
 * `metrics` / `timing` JSON-encoded: the caller decodes them first).
 *
 * Read from verifiers' own code:
 * - `num_turns` is MultiTurnMonitorRubric's metric `len(state["trajectory"])`: one per model call, which is what
 *   Rollscope calls a step. It is flattened to the top level and, from 2026, also kept in `metrics`.
 * - Sep 2025 `generation_ms`: MultiTurnEnv.rollout's wall time from the first model call until the rollout is
 *   completed (model calls AND environment responses, scoring excluded). It starts at 0.0 and is only set when the
 *   rollout completes, so a 0 is "not measured" (a failed generation), not a time.
 * - 2026 `timing` (RolloutTiming, seconds): `generation` is the same phase as a span; `model` sums the spans of the
 *   model calls themselves. The model spans are taken when the row has them (generation time = model calls only),
 *   else the generation span.
 * - 2026 `stop_condition` names the stop rule that ended the rollout (`no_tools`, `max_turns`, `has_error`...);
 *   `is_truncated` without one says only that it was cut.
 */
import type { EpisodeStatus } from '@contract/model'
import { isObj, num, str, type Obj } from './record-fields'

/** The producer's step count: `num_turns` at the top level, else in the `metrics` dict; undefined when absent. */
export function rolloutSteps(row: Obj, metrics: Obj | null): number | undefined {
  const n = num(row.num_turns) ?? (metrics ? num(metrics.num_turns) : null)
  // undefined, not null: without num_turns the steps are counted from the transcript (null would say unknown)
  return n !== null && n >= 0 ? n : undefined
}

/** Seconds of a RolloutTiming span: its `duration`, null when the span never ended (`end` 0: the phase was not reached). */
function spanSeconds(span: unknown): number | null {
  if (!isObj(span)) return null
  const end = num(span.end)
  if (end !== null && end <= 0) return null
  const d = num(span.duration)
  return d !== null && d >= 0 ? d : null
}

/** Generation time in ms: Sep-2025 `generation_ms`, else 2026 `timing.model` (model spans), else `timing.generation`. */
export function rolloutGenerationMs(row: Obj, timing: Obj | null): number | null {
  const ms = num(row.generation_ms)
  if (ms !== null) return ms > 0 ? ms : null
  if (!timing) return null
  const model =
    isObj(timing.model) && Array.isArray(timing.model.spans) && timing.model.spans.length > 0
      ? num(timing.model.duration)
      : null
  const seconds = model !== null && model >= 0 ? model : spanSeconds(timing.generation)
  return seconds === null ? null : seconds * 1000
}

/** Why the rollout ended: 2026 `stop_condition`, else `truncated` when `is_truncated`; null when the row does not say. */
export function rolloutTermination(row: Obj): string | null {
  const stop = str(row.stop_condition)
  if (stop) return stop
  return row.is_truncated === true ? 'truncated' : null
}

/**
 * The rollout's status: an error (its text as the caller read it: the two producers encode it differently), else
 * cut (`is_truncated`, with the stop rule when named), else a generation that failed silently (an empty completion
 * scored 0 or not at all), else ok.
 */
export function rolloutStatus(
  row: Obj,
  error: string | null,
  completion: unknown[] | string,
  reward: number | null
): { status: EpisodeStatus; error: string | null } {
  if (error !== null) return { status: 'error', error }
  if (row.is_truncated === true) {
    const why = str(row.stop_condition)
    return { status: 'truncated', error: why ? `truncated: ${why}` : null }
  }
  const empty = typeof completion === 'string' ? completion === '' : completion.length === 0
  if (empty && (reward === 0 || reward === null))
    return { status: 'error', error: 'generation failed (empty completion)' }
  return { status: 'ok', error: null }
}
