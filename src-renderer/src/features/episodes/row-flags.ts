/**
 * The badges of an episode row: how the episode ended when not ok (error, truncated, cancelled, from the status
 * every adapter normalizes), whether the model's output failed the environment's format or parsing check, and what
 * the anomaly detectors found.
 */
import type { AnomalyCode, EpisodeSummary } from '@contract/model'
import { anomalyFlags } from './anomaly-flags'

export type RowFlagKind = 'error' | 'truncated' | 'cancelled' | 'unscored' | 'no-transcript' | 'format' | AnomalyCode

export interface RowFlag {
  kind: RowFlagKind
  label: string
  /** Why, for the tooltip (the producer's error text where there is one). */
  title: string
  /** Badge colour (see .badge-* in base.css). */
  tone: string
}

// A field is about the output's format when a word of its name is format / parse (format_reward, parse_error,
// xml_format_ok; not "reformat"). Its name then says which way it points: error / fail / invalid → set means failed;
// anything else (a reward, score, ok or success flag) → 0 or false means failed.
const FORMAT_NAME = /(^|[^a-z])(format(ted|ting)?|pars(e|ed|ing))([^a-z]|$)/
const FAILURE_NAME = /(error|fail|invalid)/
// Run-level text that happens to share the words (verifiers' format_error_template) is not a per-episode verdict.
const NOT_A_VERDICT = /template/
// A count or size at 0 (parse_calls, format_tokens) says nothing failed.
const A_QUANTITY = /(count|calls|total|num|tokens|len|time|ms)([^a-z]|$)/
// How-it-ended fields whose value can name a parse failure (Terminal-Bench failure_mode: parse_error).
const REASON_NAME = /(failure|reason|status|condition)/
const PARSE_WORD = /(^|[^a-z])(pars(e|ing)|format)/

type Scalar = string | number | boolean | null

/** Whether a failure-named value is set (true, a non-zero number, or some text that is not a "no"). */
function isSet(v: Scalar): boolean {
  if (typeof v === 'boolean') return v
  if (typeof v === 'number') return v !== 0
  if (typeof v === 'string') return !['', '0', 'false', 'none', 'null', 'no'].includes(v.trim().toLowerCase())
  return false
}

/** What a value reads as in a tooltip. */
const shown = (v: Scalar): string =>
  typeof v === 'string' ? JSON.stringify(v.length > 120 ? `${v.slice(0, 119)}…` : v) : String(v)

/**
 * Why the episode counts as a format failure, or null. The rule, from what producers write:
 * - a metric or info field named for format / parsing with a failure word (`parse_error`, `format_error`,
 *   `parse_failed`) that is set: true, non-zero, or non-empty text;
 * - any other field named for format / parsing (verifiers' `format_reward` / `format_reward_func`, `format_ok`,
 *   `parsed`) at exactly 0 or false. A partial score (Wordle's format reward of 0.47) is not a failure: the output
 *   was partly well-formed, and the metric column shows the value;
 * - a how-it-ended info field (`failure_mode`, `stop_reason`…) whose text names parsing or format
 *   (Terminal-Bench's `parse_error`, `fatal_llm_parse_error`).
 */
export function formatFailure(ep: Pick<EpisodeSummary, 'metrics' | 'info'>): string | null {
  const fields: [string, Scalar][] = [
    ...Object.entries(ep.metrics).map(([k, v]): [string, Scalar] => [k, v]),
    ...Object.entries(ep.info).map(([k, v]): [string, Scalar] => [`info.${k}`, v])
  ]
  for (const [key, v] of fields) {
    const name = key.toLowerCase()
    if (!FORMAT_NAME.test(name) || NOT_A_VERDICT.test(name)) continue
    const failed = FAILURE_NAME.test(name) ? isSet(v) : (v === 0 || v === false) && !A_QUANTITY.test(name)
    if (failed) return `${key} = ${shown(v)}`
  }
  for (const [key, v] of Object.entries(ep.info)) {
    if (typeof v === 'string' && REASON_NAME.test(key.toLowerCase()) && PARSE_WORD.test(v.toLowerCase())) {
      return `info.${key} = ${shown(v)}`
    }
  }
  return null
}

type FlaggedEpisode = Pick<EpisodeSummary, 'status' | 'error' | 'metrics' | 'info'> &
  Partial<Pick<EpisodeSummary, 'unscored' | 'transcript'>> & { anomalies?: readonly AnomalyCode[] }

/**
 * The row's badges, most serious first, then the anomaly detectors' (anomaly-flags.ts). An episode the producer
 * recorded no result for says why (its reason); one known only from a harness report says it has no transcript.
 */
export function rowFlags(ep: FlaggedEpisode): RowFlag[] {
  const flags: RowFlag[] = []
  if (ep.unscored) {
    flags.push({
      kind: 'unscored',
      label: 'no result',
      title: `The producer recorded no result: ${ep.unscored} (the run says how such episodes count)`,
      tone: 'warn'
    })
  }
  if (ep.status === 'error')
    flags.push({ kind: 'error', label: 'error', title: ep.error ?? 'The episode ended with an error', tone: 'bad' })
  if (ep.status === 'truncated') {
    // Adapters often write the reason as "truncated: <why>" already.
    const why = ep.error ?? 'cut before it finished (turn, token, time or cost limit)'
    const title = /^truncat/i.test(why) ? why : `Truncated: ${why}`
    flags.push({ kind: 'truncated', label: 'truncated', title, tone: 'warn' })
  }
  if (ep.status === 'cancelled')
    flags.push({ kind: 'cancelled', label: 'cancelled', title: ep.error ?? 'The episode was cancelled', tone: 'muted' })
  if (ep.transcript === false) {
    flags.push({
      kind: 'no-transcript',
      label: 'no transcript',
      title: 'No transcript on disk: known from the harness report',
      tone: 'muted'
    })
  }
  const format = formatFailure(ep)
  if (format) flags.push({ kind: 'format', label: 'format', title: `Format failure: ${format}`, tone: 'warn' })
  return flags.concat(anomalyFlags(ep))
}
