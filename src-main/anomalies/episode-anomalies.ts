/**
 * The per-episode anomaly codes decided at index time (rules.ts), stored as `episodes.anomalies_json`: a JSON array
 * of codes, NULL when there is none (the run-relative codes are added later by run-anomalies.ts).
 */
import type { AnomalyCode, EpisodeStatus } from '@contract/model'
import type { EpisodeFacts } from '../formats/actions/episode-facts'
import { LOOP_REPEAT } from './rules'

/** What the per-episode codes are decided from: the adapter's status and error, and the facts of its actions. */
export interface EpisodeOutcome {
  status: EpisodeStatus
  error: string | null
  facts?: EpisodeFacts | null
}

export function episodeAnomalies(s: EpisodeOutcome): AnomalyCode[] {
  const codes: AnomalyCode[] = []
  if (s.facts && s.facts.maxRepeat >= LOOP_REPEAT) codes.push('loop')
  if (s.facts?.emptyFinal) codes.push('empty-answer')
  if (s.status === 'truncated') codes.push('truncated')
  if (s.status === 'error' || (s.error !== null && s.status !== 'truncated' && s.status !== 'cancelled'))
    codes.push('error')
  if (s.facts?.toolError) codes.push('tool-error')
  if (s.facts?.timeout) codes.push('timeout')
  return codes
}

/** The column value: NULL for no anomaly keeps the table small and `anomaly == null` a plain IS NULL test. */
export function anomaliesJson(s: EpisodeOutcome): string | null {
  const codes = episodeAnomalies(s)
  return codes.length ? JSON.stringify(codes) : null
}
