/**
 * Badges for the anomaly detectors' codes (computed by the engine at index time, src-main/anomalies/rules.ts), each
 * with its rule as the tooltip so a badge says why it is there. `truncated` and `error` usually repeat the status
 * badge: they get their own badge only when the status does not already say so (an error recorded on an ok episode).
 */
import type { AnomalyCode, EpisodeStatus } from '@contract/model'
import type { RowFlag } from './row-flags'

export const ANOMALY_RULES: Record<AnomalyCode, { label: string; title: string; tone: string }> = {
  loop: {
    label: 'loop',
    title:
      'Loop: the same tool call (same arguments), or the same cycle of 2–3 calls, repeated 3 or more times back to back',
    tone: 'warn'
  },
  'empty-answer': {
    label: 'empty answer',
    title: 'Empty answer: the last assistant turn has no text and no tool call (or the model never answered)',
    tone: 'warn'
  },
  truncated: { label: 'truncated', title: 'Truncated: cut at a token, context, turn or time limit', tone: 'warn' },
  error: { label: 'error', title: 'An error was recorded for this episode', tone: 'bad' },
  'tool-error': {
    label: 'tool error',
    title:
      'Tool error: a tool call or step in the transcript failed (a turn carries an error; open the episode to see it)',
    tone: 'warn'
  },
  timeout: { label: 'timeout', title: 'Timeout: a tool call timed out (the harness killed the command)', tone: 'warn' },
  'short-success': {
    label: 'short success',
    title: "Short success: passed in fewer than half the median steps (agent actions) of this run's passed episodes",
    tone: 'info'
  },
  'long-episode': {
    label: 'long',
    title: "Long episode: more than 3× the run's median steps (agent actions) and above Q3 + 3 × IQR",
    tone: 'info'
  }
}

export function anomalyFlags(ep: {
  status: EpisodeStatus
  error: string | null
  anomalies?: readonly AnomalyCode[]
}): RowFlag[] {
  const flags: RowFlag[] = []
  for (const code of ep.anomalies ?? []) {
    if (code === ep.status) continue // the status badge already shows it
    const rule = ANOMALY_RULES[code]
    if (!rule) continue // a code from a newer engine
    const title = code === 'error' && ep.error ? `Error: ${ep.error}` : rule.title
    flags.push({ kind: code, label: rule.label, title, tone: rule.tone })
  }
  return flags
}
