/**
 * How a run's producer counts episodes it has no result for, and the headline figures its files state: stored as
 * runs.scoring_json by the indexer (from the adapter's RunHeader), read back when the run summary is computed.
 * Pure: the run summary hands it counts and figures.
 */
import type { ProducerHeadline, UnscoredSummary } from '@contract/model'
import type { ProducerHeadlineInput, RunScoring } from '../formats/types'

/** What runs.scoring_json holds. */
export interface StoredScoring {
  scoring?: RunScoring
  headlines?: ProducerHeadlineInput[]
  wallTimeMs?: number | null
  /** Metrics that are per-step shares (RunHeader.stepRates). */
  stepRates?: string[]
  /** What the producer's files say the run lacks (RunHeader.warnings). */
  warnings?: string[]
}

export function parseStoredScoring(json: string | null | undefined): StoredScoring {
  if (!json) return {}
  try {
    const v = JSON.parse(json) as unknown
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as StoredScoring) : {}
  } catch {
    return {}
  }
}

const plural = (n: number, one: string, many: string): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`

/**
 * The unscored summary and its sentence: "29 of 400 trials have no result: unknown_agent_error 10, test_timeout 11,
 * parse_error 8; counted as failures (reward 0), as Terminal-Bench does". `reasons` come with whether the adapter
 * counted them as failures (a reward of 0) or left them out (no reward).
 */
export function unscoredSummary(
  episodes: number,
  reasons: { reason: string; count: number; countedAs: 'failure' | 'excluded' }[],
  scoring: RunScoring | undefined
): UnscoredSummary | null {
  const count = reasons.reduce((s, r) => s + r.count, 0)
  if (count === 0) return null
  const noun = scoring?.noun ?? 'episodes'
  const singular = noun.replace(/s$/, '')
  const list = (rs: typeof reasons): string =>
    rs.map((r) => `${r.reason} ${r.count.toLocaleString('en-US')}`).join(', ')
  const failures = reasons.filter((r) => r.countedAs === 'failure')
  const excluded = reasons.filter((r) => r.countedAs === 'excluded')
  const asFailures = `counted as failures (reward 0)${scoring && scoring.unscoredAs === 'failure' ? `, as ${scoring.producer} does` : ''}`
  const leftOut = 'left out of the mean reward, pass rate and every other reward figure'
  const how =
    failures.length && excluded.length
      ? `${list(failures)} ${asFailures}; ${list(excluded)} ${leftOut}`
      : `${list(reasons)}; ${failures.length ? asFailures : leftOut}`
  return {
    count,
    reasons,
    countedAs: failures.length && excluded.length ? 'mixed' : failures.length ? 'failure' : 'excluded',
    producer: scoring?.producer ?? null,
    note: `${count.toLocaleString('en-US')} of ${plural(episodes, singular, noun)} ${count === 1 ? 'has' : 'have'} no result: ${how}.`
  }
}

/** Decimals the producer wrote a figure with (0.5625 → 4), for "equal within its own rounding". */
function writtenDecimals(x: number): number {
  const s = String(x)
  const e = /e-(\d+)$/.exec(s)
  if (e) return Number(e[1]) + (s.split('e')[0].split('.')[1]?.length ?? 0)
  return s.split('.')[1]?.length ?? 0
}

/** Whether Rollscope's figure equals the producer's within the rounding the producer's figure was written with. */
export function agreesWithin(producer: number, ours: number): boolean {
  const tol = Math.max(0.5 * 10 ** -writtenDecimals(producer), 1e-9)
  return Math.abs(producer - ours) <= tol + 1e-12
}

const fmt = (x: number): string =>
  Number.isInteger(x) ? String(x) : x.toFixed(4).replace(/0+$/, '').replace(/\.$/, '')

const FIGURE: Record<ProducerHeadlineInput['matches'], string> = { meanReward: 'mean reward', passRate: 'pass rate' }

/** Each stated headline beside Rollscope's figure, with a note naming which one is wrong when the format tells. */
export function checkHeadlines(
  inputs: ProducerHeadlineInput[] | undefined,
  ours: { meanReward: number | null; passRate: number | null },
  episodes: number
): ProducerHeadline[] {
  return (inputs ?? [])
    .filter((h) => Number.isFinite(h.value))
    .map((h) => {
      const mine = ours[h.matches]
      const agrees = mine !== null && agreesWithin(h.value, mine)
      let note: string | null = null
      if (!agrees) {
        const said = `${h.source} says ${h.label} ${fmt(h.value)}`
        const our =
          mine === null
            ? `Rollscope has no ${FIGURE[h.matches]}`
            : `Rollscope's ${FIGURE[h.matches]} over the ${plural(episodes, 'episode', 'episodes')} is ${fmt(mine)}`
        note =
          h.trust === 'rows'
            ? `${said}, but ${our}: the producer's header is wrong here (it is known to write this figure wrong); the episodes are the truth.`
            : h.trust === 'producer'
              ? `${said}; ${our}. The producer's figure is the reference: episodes it scored may be missing here.`
              : `${said}; ${our}. They differ beyond rounding.`
      }
      return { label: h.label, value: h.value, source: h.source, matches: h.matches, ours: mine, agrees, note }
    })
}
