import type { MetricUnit } from '@contract/compare'
import type { RunBreakdown } from '@contract/breakdown'

/** The unit of a breakdown's ranking score: a reward, or a share when the run has no rewards (pass rate). */
export const scoreUnit = (report: Pick<RunBreakdown, 'score'>): MetricUnit =>
  report.score === 'meanReward' ? 'reward' : 'rate'
