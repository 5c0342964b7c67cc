/** What an export is asked for, what it reads, and what it reports. Runtime-neutral (no fs, no electron). */
import type { TraceApi } from '@contract/api'
import type { EpisodeSortKey } from '@contract/model'
import {
  EPISODE_EXPORT_FORMATS,
  type EpisodeExportFormat,
  type EpisodeLineOptions,
  type ExportPlan,
  type ExportPreview,
  type ExportSummary,
  type PreferenceSkip
} from '@contract/export'

export const EXPORT_FORMATS = EPISODE_EXPORT_FORMATS
export type ExportFormat = EpisodeExportFormat

/** The exporter's selection (the app's request, checked and resolved, or the CLI's flags) and the line options as the contract declares them. */
export interface ExportOptions extends EpisodeLineOptions {
  format: ExportFormat
  /** Runs to read (ids). Empty with no `episodeIds` = every run. `preference` with two runs pairs across them. */
  runIds: string[]
  /** Exactly these episodes (then filter and labels are not applied). */
  episodeIds?: string[]
  /** A filter expression of the episodes table. */
  filter?: string
  /** The table's free-text search (task key, preview, answer). */
  text?: string
  /** The table's order (default: file order; a format that needs its own order, preference pairs, keeps it). */
  sort?: EpisodeSortKey
  desc?: boolean
  /** Only episodes carrying one of these labels (episode-level labels). */
  labels?: string[]
}

/**
 * What the exporter reads: the engine's own API, so the CLI, the app and tests go through one validated path
 * (compareRuns: the md and html reports include the comparison of a two-run selection).
 */
export type ExportSource = Pick<
  TraceApi,
  | 'listRuns'
  | 'listEpisodes'
  | 'getEpisode'
  | 'getEpisodeLabels'
  | 'labelsOfEpisodes'
  | 'turnLabelsOfEpisodes'
  | 'compareRuns'
>

export interface ExportResult {
  format: ExportFormat
  /** Episodes written (for `preference`, episodes that went into a pair). */
  episodes: number
  /** `preference` only: pairs written. */
  pairs?: number
  /** Episodes selected but left out (sft --passed-only / --drop-labelled, preference ties and lone rollouts). */
  skipped: number
  /** Why, with counts, when any were skipped (only the reasons that occurred; they add up to `skipped`). */
  skippedBy?: Partial<Record<SkipReason, number>>
}

/**
 * Why a selected episode was left out. sft, as the export dialog's preview counts them (ExportPreview.skipped):
 * `notPassed`, `noVerdict` (passed-only, and no pass verdict: the run has no threshold), `labelled`, `noAssistant`,
 * `ending` (--sft-ending drop), `notReadWhole`. preference: PreferenceSkip (contract/export.ts), and `notReadWhole`
 * (a side too large to read whole).
 */
export type SkipReason = keyof ExportPreview['skipped'] | PreferenceSkip

/** Where the output goes: one call per chunk, awaited, so a slow file or pipe pushes back on the reader. */
export type ChunkWriter = (chunk: string) => Promise<void>

/** An export checked and decided: what it will write, and the writing itself (run once the host has a sink). */
export interface PlannedExport {
  plan: ExportPlan
  /** Writes the file through `out`, chunk by chunk, and says what it wrote. */
  write(out: ChunkWriter): Promise<ExportSummary>
}

/** Where an export goes: a file the engine writes itself, or a writer the host drains (an HTTP response). */
export type ExportSink = { file: string } | { write: ChunkWriter }
