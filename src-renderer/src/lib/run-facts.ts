/**
 * A run's figures beyond the headline, as short phrases for the line under the run bar: steps (agent actions, not
 * messages), time (generation apart from the total, the eval's wall time), how episodes ended, and the producer's
 * stated headlines beside Rollscope's. Written by the shared display rules.
 */
import type { ProducerHeadline, RunSummary } from '@contract/model'
import { fmtDuration, fmtMeanStd, fmtNumber, fmtRange, fmtValue, isFiniteNumber } from '@contract/display'

/** One labelled fact ("Steps: 9.67 (σ 2.37), 3 – 12"). */
export interface RunFact {
  key: string
  label: string
  text: string
  /** Longer explanation for the tooltip. */
  hint: string
}

/** The facts a run has figures for, in reading order. */
export function runFacts(run: RunSummary): RunFact[] {
  const facts: RunFact[] = []
  const s = run.steps
  if (s.count > 0) {
    facts.push({
      key: 'steps',
      label: 'Steps',
      text: `${fmtMeanStd('steps', s.mean, s.std)}, ${fmtRange('steps', s.min, s.max)}`,
      hint: 'Agent actions per episode (assistant turns that call tools or answer): mean (population σ), range'
    })
    if (isFiniteNumber(run.stepsPassed))
      facts.push({
        key: 'stepsPassed',
        label: 'To pass',
        text: `${fmtValue('steps', run.stepsPassed)} steps`,
        hint: 'Mean steps of the episodes that passed'
      })
    const rps = run.rewardPerStep
    if (isFiniteNumber(rps.perEpisode) || isFiniteNumber(rps.pooled)) {
      facts.push({
        key: 'rewardPerStep',
        label: 'Reward / step',
        text: `${fmtValue('reward', rps.perEpisode)} (pooled ${fmtValue('reward', rps.pooled)})`,
        hint: 'Mean of reward ÷ steps per episode; pooled: Σ reward ÷ Σ steps over the run'
      })
    }
  }
  const gen = run.generationMs
  const total = run.durationMs
  if (gen.count > 0 || total.count > 0) {
    const parts = [
      gen.count > 0 ? `generation ${fmtDuration(gen.mean)}` : null,
      total.count > 0 ? `total ${fmtDuration(total.mean)}` : null
    ]
    facts.push({
      key: 'time',
      label: 'Time / episode',
      text: parts.filter(Boolean).join(' of '),
      hint: 'Mean per episode: generation (model calls only) apart from the total (generation, tools, scoring)'
    })
  }
  if (isFiniteNumber(run.wallTimeMs))
    facts.push({
      key: 'wallTime',
      label: 'Eval wall time',
      text: fmtDuration(run.wallTimeMs),
      hint: 'Wall time of the whole eval, as its producer recorded it'
    })
  if (run.terminations.length > 0) {
    const shown = run.terminations.slice(0, 4).map((t) => `${t.reason} ${fmtNumber(t.count)}`)
    const more = run.terminations.length - shown.length
    facts.push({
      key: 'termination',
      label: 'Ended by',
      text: shown.join(', ') + (more > 0 ? `, +${more} more` : ''),
      hint: `Episodes per termination reason (filter: termination == "…"): ${run.terminations.map((t) => `${t.reason} ${t.count}`).join(', ')}`
    })
  }
  return facts
}

/** The figure a producer's headline is checked against, in its unit. */
export function headlineFigure(h: ProducerHeadline): { label: string; ours: string; theirs: string } {
  const unit = h.matches === 'passRate' ? 'rate' : 'reward'
  return {
    label: h.matches === 'passRate' ? 'pass rate' : 'mean reward',
    ours: fmtValue(unit, h.ours),
    // the producer's figure as it wrote it (its own rounding is what "agrees" is judged by), unless it is a ratio
    // computed to the last float digit (resolved / submitted): then to 4 decimals
    theirs: decimals(h.value) <= 6 ? String(h.value) : fmtNumber(h.value, 4)
  }
}

const decimals = (x: number): number => (String(x).split('.')[1] ?? '').length

/** Every problem a run's figures carry: indexing warnings, then headlines that disagree with Rollscope's. */
export function runProblems(run: Pick<RunSummary, 'warnings' | 'headlines'>): string[] {
  const differ = run.headlines
    .filter((h) => !h.agrees)
    .map((h) => h.note ?? `${h.source} says ${h.label} ${h.value}, Rollscope differs`)
  return [...run.warnings, ...differ]
}
