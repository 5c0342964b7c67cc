/** Types for long-episode.mjs (the E2E spec and the unit test import the plain-JS generator). */
export interface LongEpisodeManifest {
  generator: string
  version: number
  params: { turns: number; mb: number; seed: number; shortEpisodes: number }
  /** Relative path of results.jsonl. */
  results: string
  /** Relative path of metadata.json. */
  metadata: string
  /** Size of results.jsonl in bytes. */
  totalBytes: number
  /** Records in results.jsonl (the long one first). */
  episodes: number
  /** The long episode: record number, turns (prompt included), size of its line, tool calls, final answer text. */
  long: { record: number; turns: number; bytes: number; toolCalls: number; lastText: string }
}
export const LONG_EPISODE_VERSION: number
export const LONG_EPISODE_ENV: string
export const LONG_EPISODE_MODEL: string
/** Generates (or reuses) the long episode's run under outDir. */
export function generateLongEpisode(opts: {
  outDir: string
  turns?: number
  mb?: number
  seed?: number
  shortEpisodes?: number
}): {
  reused: boolean
  manifest: LongEpisodeManifest
}
