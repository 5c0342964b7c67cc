/** Types for inspect-corpus.mjs (the tests and the bench import the plain-JS generator). */
export interface InspectCorpusManifest {
  generator: string
  version: number
  params: { totalMB: number; seed: number }
  files: { path: string; bytes: number; episodes: number; uncompressedBytes: number }[]
  totalBytes: number
  episodes: number
}
export const INSPECT_CORPUS_VERSION: number
/** Generates (or reuses) the corpus under outDir. */
export function generateInspectCorpus(opts: { outDir: string; totalMB?: number; seed?: number }): {
  reused: boolean
  manifest: InspectCorpusManifest
}
