import type { ChangedLabels, EpisodeIdentity, EpisodeLabels, LabelCount, TurnLabels } from '@contract/labels'
import { BadRequestError } from '@contract/guards'
import type { Db } from '../db/open-db'
import { identityJoin, sameContent } from './episode-identity'
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

/**
 * Applies a label, on the content the episode holds now (its `fingerprint`): applying a label the episode already
 * carries from other content (EpisodeLabels.changed) says it holds for this content too.
 */
export function addLabel(
  db: Db,
  id: EpisodeIdentity,
  label: string,
  turn: number | null,
  fingerprint: string | null
): void {
  db.prepare(
    `INSERT INTO labels (source_path, task_key, rollout, turn, label, created_at, fingerprint) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT DO UPDATE SET fingerprint = excluded.fingerprint`
  ).run(...idArgs(id), turnKey(turn), canonicalLabel(db, label), Date.now(), fingerprint)
}

/** Removes a label as applied (whether or not the taxonomy still lists it). */
export function removeLabel(db: Db, id: EpisodeIdentity, label: string, turn: number | null): void {
  db.prepare(
    'DELETE FROM labels WHERE source_path = ? AND task_key = ? AND rollout = ? AND turn = ? AND label = ?'
  ).run(...idArgs(id), turnKey(turn), label.trim())
}

/** Sets the note of the episode (turn null) or of one turn, on the content it holds now; blank text removes it. */
export function setNote(
  db: Db,
  id: EpisodeIdentity,
  text: string,
  turn: number | null,
  fingerprint: string | null
): void {
  if (!text.trim()) {
    db.prepare('DELETE FROM notes WHERE source_path = ? AND task_key = ? AND rollout = ? AND turn = ?').run(
      ...idArgs(id),
      turnKey(turn)
    )
    return
  }
  db.prepare(
    `INSERT INTO notes (source_path, task_key, rollout, turn, text, updated_at, fingerprint) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at, fingerprint = excluded.fingerprint`
  ).run(...idArgs(id), turnKey(turn), text, Date.now(), fingerprint)
}

/** Every label and note of the episode now describes the content it holds (`fingerprint`): EpisodeLabels.changed empties. */
export function keepLabels(db: Db, id: EpisodeIdentity, fingerprint: string | null): void {
  if (fingerprint === null) return // nothing to compare with: nothing is flagged
  db.transaction(() => {
    for (const table of ['labels', 'notes'])
      db.prepare(`UPDATE ${table} SET fingerprint = ? WHERE source_path = ? AND task_key = ? AND rollout = ?`).run(
        fingerprint,
        ...idArgs(id)
      )
  })()
}

/**
 * Every label and note of one episode and of its turns, labels in taxonomy order (then by name). Those made on other
 * content than the episode holds now (`fingerprint`) are listed apart, in `changed`.
 */
export function readEpisodeLabels(
  db: Db,
  episodeId: string,
  id: EpisodeIdentity,
  fingerprint: string | null
): EpisodeLabels {
  const labels = db
    .prepare(
      `SELECT l.turn, l.label, l.fingerprint FROM labels l LEFT JOIN taxonomy t ON t.name = l.label
       WHERE l.source_path = ? AND l.task_key = ? AND l.rollout = ?
       ORDER BY l.turn, t.position IS NULL, t.position, l.label`
    )
    .all(...idArgs(id)) as { turn: number; label: string; fingerprint: string | null }[]
  const notes = db
    .prepare(
      'SELECT turn, text, fingerprint FROM notes WHERE source_path = ? AND task_key = ? AND rollout = ? ORDER BY turn'
    )
    .all(...idArgs(id)) as { turn: number; text: string; fingerprint: string | null }[]
  const other = (row: { fingerprint: string | null }): boolean =>
    row.fingerprint !== null && fingerprint !== null && row.fingerprint !== fingerprint
  const current: ChangedLabels = { labels: [], note: null, turns: [] }
  const changed: ChangedLabels = { labels: [], note: null, turns: [] }
  const turnOf = (into: ChangedLabels, t: number): TurnLabels => {
    let entry = into.turns.find((x) => x.turn === t)
    if (!entry) into.turns.push((entry = { turn: t, labels: [], note: null }))
    return entry
  }
  for (const l of labels) {
    const into = other(l) ? changed : current
    ;(l.turn === EPISODE ? into.labels : turnOf(into, l.turn).labels).push(l.label)
  }
  for (const n of notes) {
    const into = other(n) ? changed : current
    if (n.turn === EPISODE) into.note = n.text
    else turnOf(into, n.turn).note = n.text
  }
  for (const into of [current, changed]) into.turns.sort((a, b) => a.turn - b.turn)
  const anyChanged = changed.labels.length > 0 || changed.note !== null || changed.turns.length > 0
  return { episodeId, identity: id, ...current, changed: anyChanged ? changed : null }
}

/**
 * Episode labels (not turn labels) of the given episodes, for table badges: one query on the index connection
 * against the attached labels. Episodes without labels are left out, and so are labels made on other content.
 */
export function labelsOfEpisodes(indexDb: Db, episodeIds: string[]): Record<string, string[]> {
  if (!episodeIds.length) return {}
  const rows = indexDb
    .prepare(
      `SELECT e.id, l.label FROM episodes e JOIN sources s ON s.id = e.source_id
       JOIN ${LABELS_SCHEMA}.labels l ON ${identityJoin('l')} AND l.turn = ${EPISODE} AND ${sameContent('l')}
       LEFT JOIN ${LABELS_SCHEMA}.taxonomy t ON t.name = l.label
       WHERE e.id IN (SELECT value FROM json_each(?))
       ORDER BY e.id, t.position IS NULL, t.position, l.label`
    )
    .all(JSON.stringify(episodeIds)) as { id: string; label: string }[]
  const out: Record<string, string[]> = {}
  for (const r of rows) (out[r.id] ??= []).push(r.label)
  return out
}

/** The labels on the turns of each given episode, each once, in taxonomy order (the table's turn badges). */
export function turnLabelsOfEpisodes(indexDb: Db, episodeIds: string[]): Record<string, string[]> {
  if (!episodeIds.length) return {}
  const rows = indexDb
    .prepare(
      `SELECT DISTINCT e.id, l.label, t.position IS NULL unknown, t.position FROM episodes e
       JOIN sources s ON s.id = e.source_id
       JOIN ${LABELS_SCHEMA}.labels l ON ${identityJoin('l')} AND l.turn <> ${EPISODE} AND ${sameContent('l')}
       LEFT JOIN ${LABELS_SCHEMA}.taxonomy t ON t.name = l.label
       WHERE e.id IN (SELECT value FROM json_each(?))
       ORDER BY e.id, unknown, t.position, l.label`
    )
    .all(JSON.stringify(episodeIds)) as { id: string; label: string }[]
  const out: Record<string, string[]> = {}
  for (const r of rows) (out[r.id] ??= []).push(r.label)
  return out
}

/** How many of a run's episodes, and of their turns, carry each label (labels in use, on the content held now). */
export function labelCounts(indexDb: Db, runId: string): LabelCount[] {
  return indexDb
    .prepare(
      `SELECT l.label, sum(l.turn = ${EPISODE}) episodes, sum(l.turn <> ${EPISODE}) turns
       FROM episodes e JOIN sources s ON s.id = e.source_id
       JOIN ${LABELS_SCHEMA}.labels l ON ${identityJoin('l')} AND ${sameContent('l')}
       LEFT JOIN ${LABELS_SCHEMA}.taxonomy t ON t.name = l.label
       WHERE e.run_id = ? GROUP BY l.label ORDER BY t.position IS NULL, t.position, l.label`
    )
    .all(runId) as LabelCount[]
}
