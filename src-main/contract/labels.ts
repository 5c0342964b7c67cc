/**
 * Triage data shapes: the label taxonomy, labels and notes on episodes and turns, saved views, and the
 * labels export file. Runtime-neutral, plain JSON (see model.ts).
 */
import type { EpisodeSortKey } from './model'

/** One label of the taxonomy the user edits. */
export interface LabelDef {
  name: string
  /** CSS colour, `#rrggbb`. */
  color: string
  /** The number key (1–9) that applies the label in the viewer, or null. */
  key: number | null
}

/** A taxonomy entry as sent to setTaxonomy: `previousName` renames a label everywhere it is applied. */
export interface LabelDefInput extends LabelDef {
  previousName?: string
}

/**
 * What labels and notes are keyed by: stable across re-indexing and a rebuilt database, unlike episode ids
 * and row ids. `sourcePath` is the episode's own source file (absolute, as indexed).
 */
export interface EpisodeIdentity {
  sourcePath: string
  taskKey: string
  rollout: number
}

/** Labels and note of one turn. */
export interface TurnLabels {
  turn: number
  labels: string[]
  note: string | null
}

/**
 * Everything triage holds on one episode: its own labels and note, and those of its turns (by turn index). These
 * describe what the episode holds now; labels and notes made when it held other content are apart, in `changed`.
 */
export interface EpisodeLabels {
  episodeId: string
  identity: EpisodeIdentity
  labels: string[]
  note: string | null
  turns: TurnLabels[]
  /**
   * What was labelled or noted when the episode held other content (its file was rewritten since: another run under
   * the same name, a re-run): shown with the episode to be checked, then kept (keepLabels) or removed
   * (removeLabel, setNote ''). Until then it counts nowhere else: not in filters, label counts, table badges or
   * exports. Null when there is none.
   */
  changed: ChangedLabels | null
}

/** Labels and notes of an episode made on other content than it holds now (EpisodeLabels.changed). */
export interface ChangedLabels {
  labels: string[]
  note: string | null
  turns: TurnLabels[]
}

/** How often a label is applied among one run's episodes. */
export interface LabelCount {
  label: string
  /** Episodes carrying the label themselves. */
  episodes: number
  /** Turns carrying the label. */
  turns: number
}

/** A named filter + sort + columns over one or more runs. */
export interface SavedView {
  id: number
  name: string
  runIds: string[]
  filter: string
  /** The table's free-text search (task key, preview, answer); absent in files from before it was kept. */
  text?: string
  sort: EpisodeSortKey | null
  desc: boolean
  columns: string[]
  updatedAt: number
}

export type SavedViewInput = Omit<SavedView, 'id' | 'updatedAt'>

/** One labelled or annotated episode (turn null) or turn in an export file. */
export interface LabelsExportItem extends EpisodeIdentity {
  turn: number | null
  labels: string[]
  note: string | null
  /**
   * The fingerprint of the episode's content when it was labelled (absent in files from before it was kept, or when
   * it was not known): an import onto an episode holding other content flags the labels instead of applying them
   * silently.
   */
  fingerprint?: string | null
}

/** The name the labels file is saved under (the app's export; `rollscope labels export` writes the same format). */
export const LABELS_FILE_NAME = 'rollscope-labels.json'

/** The labels export file (`exportLabels`, `importLabels`). */
export interface LabelsExport {
  format: 'rollscope-labels'
  version: 1
  /** When it was written (ISO 8601); optional in a file read back. */
  exportedAt?: string
  taxonomy: LabelDef[]
  items: LabelsExportItem[]
  views: SavedViewInput[]
}

/** What an import did, and what it left out and why. */
export interface LabelsImportReport {
  taxonomyAdded: number
  labelsAdded: number
  notesSet: number
  viewsAdded: number
  skipped: { what: string; reason: string }[]
  /** Source files of the export found here at another path (another machine, a moved folder): their labels moved. */
  relocated: { from: string; to: string }[]
  /**
   * Labels and notes kept for files this workspace has not indexed (at their path or elsewhere): they show once a
   * file is indexed at that path. Counted, not skipped: nothing is lost.
   */
  notHere: number
  /**
   * Labels and notes of files indexed here that attach to no episode as it is now: its task or rollout is not in the
   * file as indexed, or the episode's content changed since they were made (held back, as on screen). Kept, not
   * counted as added: they show if that episode comes back.
   */
  heldBack: number
}

/** An import that has done nothing yet. */
export const emptyImportReport = (): LabelsImportReport => ({
  taxonomyAdded: 0,
  labelsAdded: 0,
  notesSet: 0,
  viewsAdded: 0,
  skipped: [],
  relocated: [],
  notHere: 0,
  heldBack: 0
})
