/** Types for verifiers-corpus.mjs (the tests and the bench import the plain-JS generator). */
export interface CorpusManifest {
  generator: string
  version: number
  params: { totalMB: number; seed: number }
  files: { path: string; bytes: number; episodes: number }[]
  totalBytes: number
  episodes: number
}
export interface CorpusRunSpec {
  env: string
  model: string
  tool: string
  stringToolCalls: boolean
  feedback: boolean
  rpe: number
  skill: number
  system: string
  weight: number
}
export const CORPUS_VERSION: number
export const CORPUS_RUNS: CorpusRunSpec[]
/** Generates (or reuses) the corpus under outDir. */
export function generateVerifiersCorpus(opts: { outDir: string; totalMB?: number; seed?: number }): {
  reused: boolean
  manifest: CorpusManifest
}
