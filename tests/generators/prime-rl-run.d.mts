/** Types for prime-rl-run.mjs (the tests import the plain-JS generator). */
export interface WrittenStep {
  step: number
  /** The `all` file (or the legacy rows file) of the step. */
  file: string
  /** Every rollout of the step, as written (Episode records). */
  all: Record<string, any>[]
  /** The rollouts the batch filters kept, as written to the `effective` file ([] for the legacy layout). */
  effective: Record<string, any>[]
}
export interface WrittenRun {
  outDir: string
  train: WrittenStep[]
  eval: Omit<WrittenStep, 'effective'>[]
}
/** Writes a prime-rl output folder (Episode files, or with `legacy` the Apr–Jul 2026 rows files). */
export function writePrimeRlRun(opts: {
  outDir: string
  steps?: number
  groups?: number
  groupSize?: number
  evalEvery?: number
  legacy?: boolean
  seed?: string
  model?: string
  /** A dataset of this many problems each step draws its groups from (0: every step its own problems). */
  problems?: number
}): WrittenRun
