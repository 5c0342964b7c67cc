import { emptyImportReport, type LabelsExport, type LabelsExportItem, type LabelsImportReport } from '@contract/labels'
import type { Db } from '../db/open-db'
import { findLabel, getTaxonomy, mergeTaxonomyEntry } from './taxonomy'
import { relocatePaths } from './relocate-paths'
import { listSavedViews, saveView, viewNamed } from './saved-views'

/** Every label, note, the taxonomy and the saved views, grouped per episode or turn, in a stable order. */
export function exportLabels(db: Db): LabelsExport {
  const rows = db
    .prepare(
      `SELECT source_path, task_key, rollout, turn, label, NULL text, fingerprint FROM labels
       UNION ALL SELECT source_path, task_key, rollout, turn, NULL, text, fingerprint FROM notes
       ORDER BY 1, 2, 3, 4, 5`
    )
    .all() as {
    source_path: string
    task_key: string
    rollout: number
    turn: number
    label: string | null
    text: string | null
    fingerprint: string | null
  }[]
  const items: LabelsExportItem[] = []
  let last: LabelsExportItem | undefined
  for (const r of rows) {
    const turn = r.turn < 0 ? null : r.turn
    if (
      !last ||
      last.sourcePath !== r.source_path ||
      last.taskKey !== r.task_key ||
      last.rollout !== r.rollout ||
      last.turn !== turn
    ) {
      last = { sourcePath: r.source_path, taskKey: r.task_key, rollout: r.rollout, turn, labels: [], note: null }
      items.push(last)
    }
    if (r.label !== null) last.labels.push(r.label)
    if (r.text !== null) last.note = r.text
    // the content they were made on, so an import onto other content flags them (the first one known)
    if (r.fingerprint !== null && !last.fingerprint) last.fingerprint = r.fingerprint
  }
  const views = listSavedViews(db).map(({ name, runIds, filter, text, sort, desc, columns }) => ({
    name,
    runIds,
    filter,
    text,
    sort,
    desc,
    columns
  }))
  return {
    format: 'rollscope-labels',
    version: 1,
    exportedAt: new Date().toISOString(),
    taxonomy: getTaxonomy(db),
    items,
    views
  }
}

const where = (i: LabelsExportItem): string =>
  `${i.sourcePath} task ${i.taskKey} rollout ${i.rollout}${i.turn === null ? '' : ` turn ${i.turn}`}`

/**
 * Merges an export into this database, in one transaction: taxonomy entries not known by name are added (their key
 * kept when free); labels are added to what is there; a note is set only where none exists (the user's own note
 * wins); views whose name is taken are skipped. Labels unknown to both taxonomies are skipped and reported.
 */
/** An indexed episode as an import checks an item against it (null: no such task and rollout in its file). */
export type EpisodeAt = (
  sourcePath: string,
  taskKey: string,
  rollout: number
) => { turns: number; fingerprint: string | null } | null

export function importLabels(
  db: Db,
  data: LabelsExport,
  localPaths?: readonly string[],
  episodeAt?: EpisodeAt
): LabelsImportReport {
  const report: LabelsImportReport = emptyImportReport()
  // `localPaths`: the files indexed here, so that paths of another machine move to them (relocate-paths.ts)
  const moved = localPaths
    ? relocatePaths(
        data.items.map((i) => i.sourcePath),
        localPaths
      )
    : new Map<string, string>()
  report.relocated = [...moved].map(([from, to]) => ({ from, to }))
  const here = new Set(localPaths ?? [])
  db.transaction(() => {
    for (const def of data.taxonomy) if (mergeTaxonomyEntry(db, def)) report.taxonomyAdded++
    const addLabel = db.prepare(
      'INSERT OR IGNORE INTO labels (source_path, task_key, rollout, turn, label, created_at, fingerprint) VALUES (?, ?, ?, ?, ?, ?, ?)'
    )
    const addNote = db.prepare(
      'INSERT OR IGNORE INTO notes (source_path, task_key, rollout, turn, text, updated_at, fingerprint) VALUES (?, ?, ?, ?, ?, ?, ?)'
    )
    const noteDiffers = db.prepare(
      'SELECT 1 FROM notes WHERE source_path = ? AND task_key = ? AND rollout = ? AND turn = ? AND text <> ?'
    )
    const now = Date.now()
    for (const imported of data.items) {
      const item = { ...imported, sourcePath: moved.get(imported.sourcePath) ?? imported.sourcePath }
      // kept for a file not indexed here: counted apart from what attached to an episode, and only when new (a second
      // import of the same file counted them again, and they were in labelsAdded too)
      const away = localPaths !== undefined && !here.has(item.sourcePath)
      const key = [item.sourcePath, item.taskKey, item.rollout, item.turn ?? -1] as const
      // of a file indexed here: the episode it names, as it is now
      const episode = away || !episodeAt ? undefined : episodeAt(item.sourcePath, item.taskKey, item.rollout)
      if (episode && item.turn != null && item.turn >= episode.turns) {
        const n = episode.turns
        report.skipped.push({
          what: `${[...item.labels, ...(item.note?.trim() ? ['a note'] : [])].join(', ')} on ${where(item)}`,
          reason: `the episode has ${n} turn${n === 1 ? '' : 's'} (0 to ${n - 1}); there is no turn ${item.turn}`
        })
        continue
      }
      // attaches to no episode now (no such task or rollout, or made on other content): kept, counted apart
      const held =
        episode === null ||
        (episode !== undefined &&
          item.fingerprint != null &&
          episode.fingerprint !== null &&
          item.fingerprint !== episode.fingerprint)
      const tally = (n: number, added: 'labelsAdded' | 'notesSet'): void => {
        if (away) report.notHere += n
        else if (held) report.heldBack += n
        else report[added] += n
      }
      for (const label of item.labels) {
        const def = findLabel(db, label)
        if (!def) {
          report.skipped.push({ what: `label "${label}" on ${where(item)}`, reason: 'not in the taxonomy' })
          continue
        }
        tally(addLabel.run(...key, def.name, now, item.fingerprint ?? null).changes, 'labelsAdded')
      }
      if (item.note?.trim()) {
        if (addNote.run(...key, item.note, now, item.fingerprint ?? null).changes) tally(1, 'notesSet')
        else if (noteDiffers.get(...key, item.note))
          report.skipped.push({ what: `note on ${where(item)}`, reason: 'a different note is already there' })
      }
    }
    for (const view of data.views) {
      if (viewNamed(db, view.name)) {
        report.skipped.push({ what: `saved view "${view.name}"`, reason: 'a view with this name exists' })
        continue
      }
      saveView(db, view, null)
      report.viewsAdded++
    }
  })()
  return report
}
