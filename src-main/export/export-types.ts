/** What an export is asked for, what it reads, and what it reports. Runtime-neutral (no fs, no electron). */
import type { TraceApi } from '@contract/api'

export const EXPORT_FORMATS = ['jsonl', 'sft', 'preference', 'csv', 'md', 'html'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export interface ExportOptions {
  format: ExportFormat
  /** Runs to read (ids). Empty with no `episodeIds` = every run. `preference` with two runs pairs across them. */
  runIds: string[]
  /** Exactly these episodes (then filter and labels are not applied). */
  episodeIds?: string[]
  /** A filter expression of the episodes table. */
  filter?: string
  /** Only episodes carrying one of these labels (episode-level labels). */
  labels?: string[]
  /** sft: only passed episodes. */
  passedOnly?: boolean
  /** sft: leave out turns carrying this label (and episodes labelled with it as a whole). */
  dropLabelled?: string
}

/**
 * What the exporter reads: the engine's own API, so the CLI, the app and tests go through one validated path
 * (compareRuns: the md and html reports include the comparison of a two-run selection).
 */
export type ExportSource = Pick<TraceApi, 'listRuns' | 'listEpisodes' | 'getEpisode' | 'getEpisodeLabels' | 'labelsOfEpisodes' | 'compareRuns'>

export interface ExportResult {
  format: ExportFormat
  /** Episodes written (for `preference`, episodes that went into a pair). */
  episodes: number
  /** `preference` only: pairs written. */
  pairs?: number
  /** Episodes selected but left out (sft --passed-only / --drop-labelled, preference ties and lone rollouts). */
  skipped: number
}

/** Where the output goes: one call per chunk, awaited, so a slow file or pipe pushes back on the reader. */
export type ChunkWriter = (chunk: string) => Promise<void>
