/**
 * Raw traces shaped like report 003 (../shared/docs/reports/003_2b467ae144a3586f.txt): OR-Debug-Bench, an agent
 * repairs infeasible optimization models within 20 steps; an SFT model and a pure-GRPO model evaluated on the same
 * 200 problems, written as verifiers runs (one row per problem). Each rollout records its steps (`num_turns`, one
 * tool call per step until it submits a fix), whether the fix worked (reward 1 / 0), a diagnosis-accuracy metric
 * (share of the violated constraints it named, in fifths), output tokens, and the run's eval wall time (metadata
 * `time_ms`). The step counts are laid out so that the recovery rates within 5 / 10 / 15 / 20 steps, the mean steps,
 * the diagnosis accuracy and the mean tokens are the report's. Deterministic.
 */
import { answer, call, verifiersRow, writeVerifiersRun } from './verifiers-writer.mjs'

export const PROBLEMS = 200
export const MAX_STEPS = 20

/**
 * Per run: [steps, count] of solved rollouts, [steps, count] of failed ones (20 = ran out of steps), diagnosis
 * scores in fifths [fifths, count], mean output tokens, eval wall time.
 */
export const RUNS = [
  {
    name: 'sft',
    model: 'qwen3-8b-or-debug-sft',
    runId: '5f1e2d3c',
    solved: [
      [2, 75],
      [3, 88],
      [6, 35],
      [11, 2]
    ],
    failed: [],
    diagnosis: [
      [5, 120],
      [4, 48],
      [0, 32]
    ],
    tokensOut: 2746,
    wallMs: 3 * 60_000
  },
  {
    name: 'grpo-independent',
    model: 'qwen3-8b-or-debug-grpo-independent',
    runId: '6a2f3e4d',
    solved: [
      [3, 28],
      [8, 29],
      [13, 35],
      [18, 15]
    ],
    failed: [
      [20, 40],
      [2, 50],
      [1, 3]
    ],
    diagnosis: [
      [5, 50],
      [4, 22],
      [0, 128]
    ],
    tokensOut: 16384,
    wallMs: 25 * 60_000
  }
]

const SYSTEM =
  'You debug infeasible linear programs. Tools: solve (run the model), compute_iis (irreducible infeasible subsystem), relax (drop or loosen a constraint), submit (the repaired model).'

/** Expands [value, count] pairs into a list. */
const expand = (pairs) => pairs.flatMap(([v, n]) => Array(n).fill(v))

/** One rollout's steps: investigate, then submit (solved), give up with a wrong fix, or run out of steps. */
function rolloutSteps(problem, steps, solved) {
  const out = []
  for (let i = 0; i < steps; i++) {
    const last = i === steps - 1
    if (last && solved) out.push(call('submit', { model: `repaired-${problem}.lp` }, 'feasible: objective 1842.5'))
    else if (last && steps < MAX_STEPS) out.push(answer(`The model for problem ${problem} cannot be repaired.`))
    else if (i === 0) out.push(call('solve', { model: `problem-${problem}.lp` }, 'status: INFEASIBLE'))
    else if (i % 2 === 1) out.push(call('compute_iis', {}, `IIS: c${(problem + i) % 9}, c${(problem + 2 * i) % 9}`))
    else out.push(call('relax', { constraint: `c${(problem + i) % 9}` }, 'status: INFEASIBLE'))
  }
  return out
}

/** Writes both runs under outDir; returns their folders. @param {string} outDir */
export function generateReport003(outDir) {
  return RUNS.map((run) => {
    const solved = expand(run.solved)
    const failed = expand(run.failed)
    const outcomes = [
      ...solved.map((s) => ({ steps: s, solved: true })),
      ...failed.map((s) => ({ steps: s, solved: false }))
    ]
    if (outcomes.length !== PROBLEMS)
      throw new Error(`report 003 generator: ${run.name} has ${outcomes.length} rollouts`)
    const fifths = expand(run.diagnosis)
    const rows = outcomes.map((o, i) => {
      // problems in a fixed shuffled order, so outcomes are not sorted by problem id
      const problem = (i * 73) % PROBLEMS
      // tokens: symmetric around the mean (exact mean), more for longer rollouts
      const spread = (i % 2 === 0 ? 1 : -1) * Math.min(run.tokensOut - 1, 40 * (Math.floor(i / 2) % 50))
      return verifiersRow({
        exampleId: problem,
        system: SYSTEM,
        user: `Problem ${problem}: the attached production-planning LP is infeasible. Find the cause and repair it.`,
        steps: rolloutSteps(problem, o.steps, o.solved),
        info: { family: ['production', 'transport', 'blending', 'scheduling'][problem % 4] },
        reward: o.solved ? 1 : 0,
        metrics: { diagnosis_accuracy: fifths[i] / 5 },
        generationS: o.steps * 2,
        totalS: o.steps * 2 + 1,
        tokensIn: 3000 + o.steps * 400,
        tokensOut: run.tokensOut + spread,
        stopCondition: o.steps === MAX_STEPS && !o.solved ? 'max_turns_reached' : 'submitted',
        truncated: o.steps === MAX_STEPS && !o.solved
      })
    })
    return writeVerifiersRun(outDir, {
      envId: 'or-debug-bench',
      model: run.model,
      runId: run.runId,
      metadata: {
        env_args: { split: 'full', max_turns: MAX_STEPS },
        sampling_args: { temperature: 0.7, max_tokens: 16384 },
        time_ms: run.wallMs,
        date: '2026-01-14'
      },
      rows
    })
  })
}
