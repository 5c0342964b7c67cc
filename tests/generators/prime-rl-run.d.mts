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
export interface TrainingRunManifest {
  generator: string
  version: number
  params: { steps: number; rollouts: number; groupSize: number; seed: string }
  /** The output folder (relative to the corpus folder), the one holding `rollouts/`. */
  runDir: string
  files: { path: string; bytes: number; episodes: number; step: number | null }[]
  totalBytes: number
  /** Rollouts in the `all` files (the run's episodes). */
  episodes: number
}
/** The bench's multi-turn training run (cached in `outDir` while its parameters match). */
export function generateTrainingRun(opts: {
  outDir: string
  steps?: number
  rollouts?: number
  groupSize?: number
  seed?: string
  log?: (msg: string) => void
}): { reused: boolean; manifest: TrainingRunManifest }
