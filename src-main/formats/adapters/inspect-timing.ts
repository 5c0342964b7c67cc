/**
 * Times Inspect AI records (inspect_ai/log/_log.py, event/_model.py), read apart from each other:
 * - a sample's `total_time` is the total (the episode's durationMs) and its `working_time` is "time spent working
 *   (model generation, sandbox calls, etc.)": neither is generation time;
 * - each `model` event's `working_time` is the "working time for model call that succeeded": their sum over the
 *   solver's calls is the sample's generation time. Model calls made while scoring (a model-graded scorer, inside a
 *   span of type `scorer` / `scorers`) are the grader's, not the agent's, and are left out;
 * - the log's `stats.started_at` / `completed_at` bound the whole eval (empty strings when it was interrupted).
 */
import { isObj, num, str, timeMs, type Obj } from './record-fields'

const SCORING_SPANS = new Set(['scorer', 'scorers'])

/**
 * Generation time of a sample in ms: the summed `working_time` of its solver model calls. Null when it has no model
 * event, or when one of them has no working time (older logs, a failed call): a partial sum would be too small.
 */
export function sampleGenerationMs(sample: Obj): number | null {
  const events = Array.isArray(sample.events) ? sample.events : []
  const parent = new Map<string, string | null>()
  const scoring = new Set<string>()
  let seconds = 0
  let calls = 0
  for (const ev of events) {
    if (!isObj(ev)) continue
    if (ev.event === 'span_begin') {
      const id = str(ev.id)
      if (id === null) continue
      parent.set(id, str(ev.parent_id))
      if (SCORING_SPANS.has(str(ev.type) ?? '')) scoring.add(id)
      continue
    }
    if (ev.event !== 'model' || inScoring(str(ev.span_id), parent, scoring)) continue
    const wt = num(ev.working_time)
    if (wt === null || wt < 0) return null
    seconds += wt
    calls++
  }
  return calls ? seconds * 1000 : null
}

/** Whether a span or one of its ancestors is a scoring span (the chain is followed at most 100 levels). */
function inScoring(span: string | null, parent: Map<string, string | null>, scoring: Set<string>): boolean {
  for (let id = span, depth = 0; id !== null && depth < 100; id = parent.get(id) ?? null, depth++) {
    if (scoring.has(id)) return true
  }
  return false
}

/** Wall time of the eval in ms from the log's `stats` (second-resolution stamps with offsets); null when not both. */
export function logWallTimeMs(stats: unknown): number | null {
  if (!isObj(stats)) return null
  const ms = timeMs(stats.completed_at) - timeMs(stats.started_at)
  return Number.isFinite(ms) && ms >= 0 ? ms : null
}
