/** What a coding agent's session file says about the session beside its turns (Claude Code, Codex CLI). */
import type { Turn } from '@contract/model'
import type { SkippedRecords } from './skipped-records'

export interface SessionFacts {
  turns: Turn[]
  model: string | null
  tokensIn: number | null
  tokensOut: number | null
  /** First and last timestamps of the session's records, ms. */
  startMs: number | null
  endMs: number | null
  error: string | null
  /** Records skipped because their type is unknown. */
  unknown: SkippedRecords
}

/** The session's duration, first to last record, ms; null without times. */
export const sessionSpanMs = (f: SessionFacts): number | null =>
  f.startMs !== null && f.endMs !== null ? f.endMs - f.startMs : null
