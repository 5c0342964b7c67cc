/**
 * Everything the app can save as a file, as one request for every host: the episodes of a table (a format, its runs,
 * its filter or its picked rows), the comparison as an HTML report, the labels file. Each host has one way to save
 * it (desktop: the native save dialog, then the engine writes the file; browser: prepare → ticket → download) and
 * the engine writes it on its own thread. The request types are inferred from the schemas, so an option is declared
 * once, here, with its validation. Runtime-neutral.
 */
import { z } from 'zod'
import { compareOptions } from './analysis-guards'
import { COLUMN_SORT_KEYS } from './model'

export const EPISODE_EXPORT_FORMATS = ['jsonl', 'sft', 'preference', 'csv', 'md', 'html'] as const
export type EpisodeExportFormat = (typeof EPISODE_EXPORT_FORMATS)[number]

/** A picked selection beyond this is not a selection but a view: export the view (its filter) instead. */
export const MAX_EXPORT_EPISODE_IDS = 10_000

const runId = z.string({ error: 'run (a run id) is required' }).min(1, 'run (a run id) is required').max(200)
const labelName = z.string().trim().min(1).max(80)

/** A sort key of the episodes table: a column, or a metric or info field by name (the table's and its export's). */
export const episodeSortKey = z.union([z.enum(COLUMN_SORT_KEYS), z.string().regex(/^(metric|info):[\w.\-/]{1,200}$/)])

/**
 * What an SFT line that does not end with the model's words (a tool result, an empty assistant turn, a user turn)
 * becomes: `trim` cuts it back to the last assistant message with text, reasoning or calls (the default: a final
 * call stays without its result), `drop` leaves the episode out, `keep` writes it as it is.
 */
export const SFT_ENDINGS = ['trim', 'drop', 'keep'] as const
export type SftEnding = (typeof SFT_ENDINGS)[number]

/** Options that shape the lines of one format (the check that they fit the format is the engine's). */
const lineOptions = {
  /** sft: only episodes that passed. */
  passedOnly: z.boolean().optional(),
  /** sft: leave out the turns labelled with this label (and the episodes labelled with it as a whole). */
  dropLabelled: labelName.optional(),
  /** sft: what a line not ending with the model's words becomes (default `trim`). */
  sftEnding: z.enum(SFT_ENDINGS, { error: `sftEnding must be one of ${SFT_ENDINGS.join(', ')}` }).optional()
}

/** The app's export of a table: its run (and more runs of a table over several), its filter, or the rows picked in it. */
export const episodesExportRequest = z.strictObject({
  kind: z.literal('episodes'),
  format: z.enum(EPISODE_EXPORT_FORMATS, { error: `format must be one of ${EPISODE_EXPORT_FORMATS.join(', ')}` }),
  runId,
  /** More runs of the same table (a table over several runs), exported with `runId` in one file. */
  runIds: z.array(runId).max(100).optional(),
  /** A filter expression of the episodes table ('' = none). */
  filter: z.string().max(4000).optional(),
  /** The table's free-text search (task key, preview, answer), as it narrows the view. */
  text: z.string().max(1000).optional(),
  /** The table's order (default: file order), so the file lists the episodes as the table does. */
  sort: episodeSortKey.optional(),
  desc: z.boolean().optional(),
  /** Only episodes carrying this episode label. */
  label: labelName.optional(),
  /** Rows picked in the table (of the runs above): exactly these episodes, in this order; filter, text and label are then moot. */
  episodeIds: z
    .array(z.string().min(1).max(300))
    .max(MAX_EXPORT_EPISODE_IDS, {
      error: (issue) =>
        `at most ${MAX_EXPORT_EPISODE_IDS} picked episodes per export (${(issue.input as unknown[]).length} sent): export the filtered view instead`
    })
    .optional(),
  ...lineOptions
})

/** The comparison of two runs as one self-contained HTML page (the compare screen's options: category, anyway). */
export const compareReportExportRequest = z.strictObject({
  kind: z.literal('compareReport'),
  runA: runId,
  runB: runId,
  options: compareOptions.optional()
})

/** The labels file (taxonomy, labels, notes, saved views), as `rollscope labels export` writes it. */
export const labelsExportRequest = z.strictObject({ kind: z.literal('labels') })

export const exportRequest = z.discriminatedUnion('kind', [
  episodesExportRequest,
  compareReportExportRequest,
  labelsExportRequest
])

export type EpisodesExportRequest = z.infer<typeof episodesExportRequest>
export type CompareReportExportRequest = z.infer<typeof compareReportExportRequest>
export type LabelsExportRequest = z.infer<typeof labelsExportRequest>
export type ExportRequest = z.infer<typeof exportRequest>
export type ExportKind = ExportRequest['kind']
/** The options that shape an episode export's lines (passedOnly, dropLabelled, and whatever is added above). */
export type EpisodeLineOptions = { [K in keyof typeof lineOptions]?: EpisodesExportRequest[K] }

/**
 * Why a selected episode goes into no preference pair (the export's `skippedBy` keys): `noReward` (one run: a
 * rollout without a reward; two runs: a side of the pair has none), `tie` (the pair's rewards are equal),
 * `loneRollout` (the only rollout of its task with a reward), `notCompared` (a rollout neither best nor worst of its
 * task; two runs: not its run's best), `taskInOneRun` (two runs: its task is not in the other run).
 */
export type PreferenceSkip = 'noReward' | 'tie' | 'loneRollout' | 'notCompared' | 'taskInOneRun'

/**
 * What an episodes export will write, counted before it is written (the export dialog shows it). For `sft` every
 * selected transcript is read up to `scanned` (a larger selection is counted over its first PREVIEW_SCAN_CAP
 * episodes, and `complete` says so); preference pairs are made from the rollouts' rewards (no transcript is read:
 * `preference`); the other formats write every selected episode.
 */
export interface ExportPreview {
  format: EpisodeExportFormat
  /** Episodes the selection holds (the view, or the picked rows). */
  selected: number
  /** Episodes whose lines were worked out (all of them unless `complete` is false). */
  scanned: number
  complete: boolean
  /** Of those: lines that will be written; null for preference pairs (decided only by pairing whole runs). */
  willWrite: number | null
  /** sft, before the ending rule: lines ending with a tool result, with an empty assistant turn, with a user turn. */
  endings: { tool: number; empty: number; other: number }
  /** sft: of those, lines the rule trims; episodes left out and why (notReadWhole: too large to read whole). */
  trimmed: number
  /** noVerdict: passed-only, and the episode has no verdict (its run has no pass threshold): not a failure. */
  skipped: {
    notPassed: number
    noVerdict: number
    labelled: number
    noAssistant: number
    ending: number
    notReadWhole: number
  }
  /**
   * preference: the pairs the rewards make, and the selected episodes in no pair by reason (only the reasons that
   * occur). A pair with a side too large to read whole is found only while it is written (its two episodes are then
   * counted as `notReadWhole`). null for the other formats.
   */
  preference: { pairs: number; skippedBy: Partial<Record<PreferenceSkip, number>> } | null
}

/** Episodes an SFT preview reads at most (each is a transcript read). */
export const PREVIEW_SCAN_CAP = 2000

/** What a file holds, as far as it is known: counted while written, or beforehand when that is cheap (the labels file). */
export type ExportSummary =
  | {
      kind: 'episodes'
      format: EpisodeExportFormat
      /** Episodes written (for `preference`, episodes that went into a pair). */
      episodes: number
      /** `preference` only: pairs written. */
      pairs?: number
      /** Selected but left out (sft passed only / labelled, preference ties and lone rollouts). */
      skipped: number
    }
  | { kind: 'labels'; labels: number; notes: number }
  | { kind: 'compareReport' }

/** What an export will write, decided (and the request checked against the workspace) before a byte is written. */
export interface ExportPlan {
  /** A name made of [A-Za-z0-9._-] only: safe as a file name and in a content-disposition header. */
  fileName: string
  contentType: string
  /** What the save dialog asks ("Export sft", "Export labels"). */
  title: string
  /** What the file will hold when known before it is written (the labels file); null otherwise. */
  summary: ExportSummary | null
}

/** A saved export: the file's path (desktop), or the name the browser downloads it under (browser mode). */
export interface ExportSaved {
  path: string
  /** Desktop: what was written. Browser: what the plan knew in advance (the download is the browser's). */
  summary: ExportSummary | null
}

/** Browser mode: a checked export kept under a one-time ticket for `GET /api/export?ticket=…`. */
export interface ExportTicket extends ExportPlan {
  ticket: string
}
