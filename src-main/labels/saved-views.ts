import type { EpisodeSortKey } from '@contract/model'
import type { SavedView, SavedViewInput } from '@contract/labels'
import { BadRequestError, NotFoundError } from '@contract/guards'
import type { Db } from '../db/open-db'

interface ViewRow {
  id: number
  name: string
  run_ids_json: string
  filter: string
  text: string
  sort: string | null
  descending: number
  columns_json: string
  updated_at: number
}

const toView = (r: ViewRow): SavedView => ({
  id: r.id,
  name: r.name,
  runIds: JSON.parse(r.run_ids_json) as string[],
  filter: r.filter,
  text: r.text,
  sort: r.sort as EpisodeSortKey | null,
  desc: r.descending === 1,
  columns: JSON.parse(r.columns_json) as string[],
  updatedAt: r.updated_at
})

export function listSavedViews(db: Db): SavedView[] {
  return (db.prepare('SELECT * FROM saved_views ORDER BY name').all() as ViewRow[]).map(toView)
}

const nameTaken = (db: Db, name: string, exceptId: number | null): boolean =>
  !!db.prepare('SELECT 1 FROM saved_views WHERE name = ? AND id IS NOT ?').get(name, exceptId)

/** Creates a view (id null) or replaces view `id`. Names are unique (case-insensitive). */
export function saveView(db: Db, view: SavedViewInput, id: number | null): SavedView {
  const name = view.name.trim()
  if (!name) throw new BadRequestError('a saved view needs a name')
  if (nameTaken(db, name, id)) throw new BadRequestError(`a saved view is already named "${name}"`)
  const values = [
    name,
    JSON.stringify(view.runIds),
    view.filter,
    view.text ?? '',
    view.sort,
    view.desc ? 1 : 0,
    JSON.stringify(view.columns),
    Date.now()
  ]
  if (id === null) {
    const r = db
      .prepare(
        'INSERT INTO saved_views (name, run_ids_json, filter, text, sort, descending, columns_json, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'
      )
      .run(...values)
    id = Number(r.lastInsertRowid)
  } else {
    const r = db
      .prepare(
        'UPDATE saved_views SET name = ?, run_ids_json = ?, filter = ?, text = ?, sort = ?, descending = ?, columns_json = ?, updated_at = ? WHERE id = ?'
      )
      .run(...values, id)
    if (!r.changes) throw new NotFoundError(`no saved view with id ${id}`)
  }
  return toView(db.prepare('SELECT * FROM saved_views WHERE id = ?').get(id) as ViewRow)
}

export function deleteView(db: Db, id: number): void {
  if (!db.prepare('DELETE FROM saved_views WHERE id = ?').run(id).changes)
    throw new NotFoundError(`no saved view with id ${id}`)
}

/** Whether a view with this name exists (imports skip those rather than overwrite the user's). */
export function viewNamed(db: Db, name: string): boolean {
  return nameTaken(db, name.trim(), null)
}
