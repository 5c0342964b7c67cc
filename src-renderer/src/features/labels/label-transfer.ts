import type { LabelsExportSaved } from '@contract/api'
import type { LabelsExport, LabelsImportReport } from '@contract/labels'

/** The name the app saves the labels file under (the CLI's `rollscope labels export` writes the same format). */
export const LABELS_FILE_NAME = 'rollscope-labels.json'

/**
 * Reads a chosen file's text as a labels export, with a clear message for the usual wrong files (not JSON, some
 * other JSON, a newer version). Only the envelope is looked at here: the engine validates every field again,
 * because the file is untrusted.
 */
export function parseLabelsFile(text: string, fileName: string): LabelsExport {
  let data: unknown
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch {
    throw new Error(`${fileName} is not JSON (expected a Rollscope labels file, ${LABELS_FILE_NAME})`)
  }
  const o = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null
  if (!o || o.format !== 'rollscope-labels') throw new Error(`${fileName} is not a Rollscope labels file (no "format": "rollscope-labels")`)
  if (o.version !== 1) throw new Error(`${fileName} is a labels file of version ${String(o.version)}; this Rollscope reads version 1`)
  return data as LabelsExport
}

const count = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`

/** One line for the notice area: what the import added, and how much it skipped. */
export function importSummary(r: LabelsImportReport): string {
  const added = [count(r.labelsAdded, 'label'), count(r.notesSet, 'note'), count(r.taxonomyAdded, 'new taxonomy label'), count(r.viewsAdded, 'saved view')]
  return `Imported ${added.join(', ')}${r.skipped.length ? `; skipped ${r.skipped.length}` : ''}`
}

/** One line for the notice area after the desktop export (native save dialog). */
export function savedSummary(s: LabelsExportSaved): string {
  return `Exported ${count(s.labels, 'label')} and ${count(s.notes, 'note')} to ${s.path}`
}

/** One line for the notice area after an export. */
export function exportSummary(data: LabelsExport): string {
  const labels = data.items.reduce((n, i) => n + i.labels.length, 0)
  const notes = data.items.filter((i) => i.note).length
  return `Exported ${count(labels, 'label')} and ${count(notes, 'note')} to ${LABELS_FILE_NAME}`
}
