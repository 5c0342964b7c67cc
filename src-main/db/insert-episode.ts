import type { EpisodeSummaryRecord } from '../formats/types'
import { toolCallsJson } from '../formats/actions/tool-call-counts'
import { tallyActions } from '../formats/actions/tally'
import { anomaliesJson } from '../anomalies/episode-anomalies'
import type { Db } from './open-db'
import { episodeFingerprint } from './episode-fingerprint'

/** Where an episode is in its source: a byte range (JSONL), or a locator inside a whole-file document. */
export interface EpisodePlace {
  id: string
  runId: string
  ordinal: number
  sourceId: number
  byteOffset: number
  byteLength: number
  locator: string | null
  /** The runs a head read of a long JSONL record jumps over, as JSON (formats/readers/head-skips.ts). */
  headSkips?: string | null
}

const finite = (v: number | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

/**
 * The one INSERT of an episode summary, shared by the JSONL and the document index paths. Derived columns are
 * decided here, once, for every format, from the actions the adapter handed over (formats/actions/tally.ts): tool-call
 * counts, steps (the producer's count, else the agent actions), anomaly codes. An episode without a transcript on
 * disk has no transcript facts, so no transcript anomalies.
 */
export function episodeInserter(db: Db): (place: EpisodePlace, s: EpisodeSummaryRecord) => void {
  const insert = db.prepare(
    `INSERT INTO episodes (id, run_id, ordinal, task_key, task_key_kind, source_ref, prompt_hash, reward, success,
        status, error, turns, preview, answer, metrics_json, info_json, tokens_in, tokens_out, duration_ms,
        byte_offset, byte_length, step, rollout, rollout_given, source_id, locator, tool_calls_json, anomalies_json,
        steps, termination, generation_ms, unscored, transcript, fingerprint, head_skips)
     VALUES (?, ?, ?, ?, 'explicit', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
  )
  return (p, s) => {
    const transcript = s.transcript !== false
    const tally = tallyActions(s.actions)
    const facts = transcript ? tally.facts : null
    const steps = s.steps === null ? null : (finite(s.steps) ?? (facts ? facts.steps : null))
    insert.run(
      p.id,
      p.runId,
      p.ordinal,
      s.sourceId ?? (p.locator !== null ? `#${p.locator}` : `#${p.ordinal}`),
      s.sourceId,
      s.promptHash,
      finite(s.reward),
      s.success === null ? null : s.success ? 1 : 0,
      s.status,
      s.error,
      s.turns,
      s.preview,
      s.answer,
      JSON.stringify(s.metrics),
      JSON.stringify(s.info),
      finite(s.tokensIn),
      finite(s.tokensOut),
      finite(s.durationMs),
      p.byteOffset,
      p.byteLength,
      finite(s.step),
      finite(s.rollout) ?? 0,
      Number.isInteger(s.rollout) ? 1 : 0,
      p.sourceId,
      p.locator,
      toolCallsJson(tally.toolCalls),
      anomaliesJson({ status: s.status, error: s.error, facts }),
      steps === null ? null : Math.round(steps),
      typeof s.termination === 'string' && s.termination ? s.termination : null,
      finite(s.generationMs),
      typeof s.unscored === 'string' && s.unscored ? s.unscored : null,
      transcript ? 1 : 0,
      episodeFingerprint(s, tally.content),
      p.headSkips ?? null
    )
  }
}
