/**
 * RunBreakdowns shaped like the reports: report 002's success per tier (SFT: warmup 3/3 … advanced 1/3, expert 2/3;
 * 3 episodes per tier) and report 000's failures by archetype × difficulty (RL step 440: 150 rollouts, 135 perfect, 3 partial, all 12
 * failures on aggregation_min_max at hard). Means and σ are worked out from the per-episode rewards written beside
 * them (population σ).
 */
import type { BreakdownRow, RunBreakdown } from '@contract/breakdown'

function row(
  values: string[],
  rewards: number[],
  passed: number,
  steps: number | null,
  tasks = rewards.length,
  metrics: Record<string, number> = {}
): BreakdownRow {
  const n = rewards.length
  const mean = rewards.reduce((s, x) => s + x, 0) / n
  const std = Math.sqrt(rewards.reduce((s, x) => s + (x - mean) ** 2, 0) / n)
  return {
    values,
    episodes: n,
    tasks,
    meanReward: mean,
    rewardStd: std,
    passed,
    decided: n,
    passRate: passed / n,
    failed: n - passed,
    perfectRate: rewards.filter((r) => r === 1).length / n,
    meanSteps: steps,
    metrics
  }
}

/** Report 002's tiers for the SFT adapter (rewards 1 = completed, partial progress otherwise). */
export function tierBreakdown(): RunBreakdown {
  // two of report 002's per-episode metrics: highest partial progress, whether a hint was asked for
  const m = (progress: number, hint: number): Record<string, number> => ({ max_progress: progress, hint_used: hint })
  const rows = [
    row(['warmup'], [1, 1, 1], 3, 2, 3, m(1, 0)),
    row(['beginner'], [1, 1, 1], 3, 3, 3, m(1, 0)),
    row(['intermediate'], [1, 1, 1], 3, 4.333, 3, m(1, 1 / 3)),
    row(['expert'], [1, 1, 0.4], 2, 8, 3, m(0.9, 2 / 3)),
    row(['advanced'], [1, 0.3, 0.2], 1, 11.667, 3, m(0.6, 1))
  ]
  const all = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0.4, 1, 0.3, 0.2]
  return {
    runId: 'run-sft',
    runName: 'aws-rl · SFT adapter',
    fields: ['tier'],
    candidates: ['tier', 'service', 'status'],
    score: 'meanReward',
    rows,
    total: row([], all, 12, 5.8, 15, m(0.9, 0.4)),
    missing: 0
  }
}

/** Report 000's RL step 440 run over 16 archetypes × difficulty: 150 rollouts, 12 failures, all on one pair. */
export function crossTabBreakdown(): RunBreakdown {
  const rows: BreakdownRow[] = []
  for (let a = 0; a < 15; a++)
    rows.push(
      row([`mvp.archetype_${String(a).padStart(2, '0')}`, a % 2 ? 'easy' : 'medium'], Array(9).fill(1), 9, 3, 3)
    )
  // 3 rollouts of one task were partial (0.5, passed at the run's threshold 0.5), and 12 failed outright
  rows.push(row(['mvp.aggregation_min_max', 'hard'], [...Array(12).fill(0), 0.5, 0.5, 0.5], 3, 6, 5))
  const all = [...Array(135).fill(1), ...Array(12).fill(0), 0.5, 0.5, 0.5]
  return {
    runId: 'run-rl440',
    runName: 'bs4 · RL step 440',
    fields: ['archetype', 'difficulty'],
    candidates: ['archetype', 'difficulty', 'status'],
    score: 'meanReward',
    rows,
    total: row([], all, 138, 3.3, 50),
    missing: 0
  }
}
