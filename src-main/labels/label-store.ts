import type { EpisodeIdentity, EpisodeLabels, LabelCount, TurnLabels } from '@contract/labels'
import { BadRequestError } from '@contract/guards'
import type { Db } from '../db/open-db'
import { identityJoin } from './episode-identity'
import { LABELS_SCHEMA } from '../db/label-filter-sql'
import { findLabel, getTaxonomy } from './taxonomy'

/** turn = -1 stores the episode itself (see labels-migrations.ts). */
const EPISODE = -1
const turnKey = (turn: number | null): number => turn ?? EPISODE
const idArgs = (id: EpisodeIdentity): [string, string, number] => [id.sourcePath, id.taskKey, id.rollout]

/** The taxonomy's spelling of `label`; an unknown label is refused with the known ones (a typo is not a new label). */
export function canonicalLabel(db: Db, label: string): string {
  const def = findLabel(db, label)
  if (def) return def.name
  const known = getTaxonomy(db)
    .map((d) => `"${d.name}"`)
    .join(', ')
  throw new BadRequestError(
    `unknown label "${label.trim()}"; the taxonomy has ${known || 'no labels'} (add it to the taxonomy first)`
  )
}

export function addLabel(db: Db, id: EpisodeIdentity, label: string, turn: number | null): void {
  db.prepare(
    'INSERT OR IGNORE INTO labels (source_path, task_key, rollout, turn, label, created_at) VALUES (?, ?, ?, ?, ?, ?)'
  ).run(...idArgs(id), turnKey(turn), canonicalLabel(db, label), Date.now())
}

/** Removes a label as applied (whether or not the taxonomy still lists it). */
export function removeLabel(db: Db, id: EpisodeIdentity, label: string, turn: number | null): void {
  db.prepare(
    'DELETE FROM labels WHERE source_path = ? AND task_key = ? AND rollout = ? AND turn = ? AND label = ?'
  ).run(...idArgs(id), turnKey(turn), label.trim())
}

/** Sets the note of the episode (turn null) or of one turn; blank text removes it. */
export function setNote(db: Db, id: EpisodeIdentity, text: string, turn: number | null): void {
  if (!text.trim()) {
    db.prepare('DELETE FROM notes WHERE source_path = ? AND task_key = ? AND rollout = ? AND turn = ?').run(
      ...idArgs(id),
      turnKey(turn)
    )
    return
  }
  db.prepare(
    `INSERT INTO notes (source_path, task_key, rollout, turn, text, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at`
  ).run(...idArgs(id), turnKey(turn), text, Date.now())
}

/** Every label and note of one episode and of its turns, labels in taxonomy order (then by name). */
export function readEpisodeLabels(db: Db, episodeId: string, id: EpisodeIdentity): EpisodeLabels {
  const labels = db
    .prepare(
      `SELECT l.turn, l.label FROM labels l LEFT JOIN taxonomy t ON t.name = l.label
       WHERE l.source_path = ? AND l.task_key = ? AND l.rollout = ?
       ORDER BY l.turn, t.position IS NULL, t.position, l.label`
    )
    .all(...idArgs(id)) as { turn: number; label: string }[]
  const notes = db
    .prepare('SELECT turn, text FROM notes WHERE source_path = ? AND task_key = ? AND rollout = ? ORDER BY turn')
    .all(...idArgs(id)) as { turn: number; text: string }[]
  const turns = new Map<number, TurnLabels>()
  const turnOf = (t: number): TurnLabels => {
    let entry = turns.get(t)
    if (!entry) turns.set(t, (entry = { turn: t, labels: [], note: null }))
    return entry
  }
  const result: EpisodeLabels = { episodeId, identity: id, labels: [], note: null, turns: [] }
  for (const l of labels) (l.turn === EPISODE ? result.labels : turnOf(l.turn).labels).push(l.label)
  for (const n of notes) {
    if (n.turn === EPISODE) result.note = n.text
    else turnOf(n.turn).note = n.text
  }
  result.turns = [...turns.values()].sort((a, b) => a.turn - b.turn)
  return result
}

/**
 * Episode labels (not turn labels) of the given episodes, for table badges: one query on the index connection
 * against the attached labels. Episodes without labels are left out.
 */
export function labelsOfEpisodes(indexDb: Db, episodeIds: string[]): Record<string, string[]> {
  if (!episodeIds.length) return {}
  const rows = indexDb
    .prepare(
      `SELECT e.id, l.label FROM episodes e JOIN sources s ON s.id = e.source_id
       JOIN ${LABELS_SCHEMA}.labels l ON ${identityJoin('l')} AND l.turn = ${EPISODE}
       LEFT JOIN ${LABELS_SCHEMA}.taxonomy t ON t.name = l.label
       WHERE e.id IN (SELECT value FROM json_each(?))
       ORDER BY e.id, t.position IS NULL, t.position, l.label`
    )
    .all(JSON.stringify(episodeIds)) as { id: string; label: string }[]
  const out: Record<string, string[]> = {}
  for (const r of rows) (out[r.id] ??= []).push(r.label)
  return out
}

/** How many of a run's episodes, and of their turns, carry each label (labels in use only). */
export function labelCounts(indexDb: Db, runId: string): LabelCount[] {
  return indexDb
    .prepare(
      `SELECT l.label, sum(l.turn = ${EPISODE}) episodes, sum(l.turn <> ${EPISODE}) turns
       FROM episodes e JOIN sources s ON s.id = e.source_id
       JOIN ${LABELS_SCHEMA}.labels l ON ${identityJoin('l')}
       LEFT JOIN ${LABELS_SCHEMA}.taxonomy t ON t.name = l.label
       WHERE e.run_id = ? GROUP BY l.label ORDER BY t.position IS NULL, t.position, l.label`
    )
    .all(runId) as LabelCount[]
}
