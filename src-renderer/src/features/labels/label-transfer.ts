import { LABELS_FILE_NAME, type LabelsExport, type LabelsImportReport } from '@contract/labels'

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
  if (!o || o.format !== 'rollscope-labels')
    throw new Error(`${fileName} is not a Rollscope labels file (no "format": "rollscope-labels")`)
  if (o.version !== 1)
    throw new Error(`${fileName} is a labels file of version ${String(o.version)}; this Rollscope reads version 1`)
  return data as LabelsExport
}

const count = (n: number, one: string, many = `${one}s`): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`

/** One line for the notice area: what the import added, and how much it skipped. */
export function importSummary(r: LabelsImportReport): string {
  const added = [
    count(r.labelsAdded, 'label'),
    count(r.notesSet, 'note'),
    count(r.taxonomyAdded, 'new taxonomy label'),
    count(r.viewsAdded, 'saved view')
  ]
  const moved = r.relocated.length ? `; ${count(r.relocated.length, 'file')} found at another path here` : ''
  const away = r.notHere
    ? `; ${count(r.notHere, 'label or note', 'labels and notes')} of files not indexed here (kept)`
    : ''
  const held = r.heldBack
    ? `; ${count(r.heldBack, 'label or note', 'labels and notes')} on no episode as it is now (kept, held back)`
    : ''
  return `Imported ${added.join(', ')}${moved}${away}${held}${r.skipped.length ? `; skipped ${r.skipped.length}` : ''}`
}
