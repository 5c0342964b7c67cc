/** Types for demo-workspace.mjs (the tests import the plain-JS generator from TypeScript). */
export interface DemoTask {
  id: string
  repo: string
  pkg: string
  difficulty: 'easy' | 'medium' | 'hard'
  archetype: string
  testFiles: Record<string, number>
  plan: { base: number; trained: number }
  bugs: unknown[]
}
export const DEMO_TASKS: DemoTask[]
export const DEMO_SEED: number
export const ROLLOUTS: number
export const ENV: string
/** Folder of the training run's hosted-RL export under the demo folder. */
export const TRAINING_DIR: string
export const PRIME_RL_DIR: string
export const PRIME_RL_RUN: { steps: number; groups: number; groupSize: number; evalEvery: number; problems: number }
export const RUNS: Record<
  'base' | 'trained',
  { model: string; file: string; maxTools: number; meta: Record<string, unknown> }
>
/** All rows of one run (plain JSON objects, as written to the JSONL). */
export function buildRun(key: 'base' | 'trained', seed?: number): Record<string, any>[]
/** Writes the demo workspace; same seed → byte-identical files. */
export function generateDemoWorkspace(opts: { outDir: string; seed?: number }): { files: string[]; bytes: number }
