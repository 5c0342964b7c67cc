import type { LabelDef, LabelDefInput } from '@contract/labels'
import { BadRequestError } from '@contract/guards'
import type { Db } from '../db/open-db'

/** The taxonomy in the user's order. */
export function getTaxonomy(db: Db): LabelDef[] {
  return db.prepare('SELECT name, color, key FROM taxonomy ORDER BY position, name').all() as LabelDef[]
}

/** The taxonomy entry named `name` (case-insensitive), or undefined. */
export function findLabel(db: Db, name: string): LabelDef | undefined {
  return db.prepare('SELECT name, color, key FROM taxonomy WHERE name = ?').get(name.trim()) as LabelDef | undefined
}

/** Refuses duplicate names or keys before anything is written (the UNIQUE errors would not say which). */
function checkTaxonomy(defs: LabelDefInput[]): void {
  const names = new Set<string>()
  const keys = new Map<number, string>()
  for (const d of defs) {
    const lower = d.name.trim().toLowerCase()
    if (!lower) throw new BadRequestError('a label needs a name')
    if (names.has(lower)) throw new BadRequestError(`two labels are named "${d.name.trim()}"`)
    names.add(lower)
    if (d.key !== null) {
      const other = keys.get(d.key)
      if (other !== undefined)
        throw new BadRequestError(`key ${d.key} is given to both "${other}" and "${d.name.trim()}"`)
      keys.set(d.key, d.name.trim())
    }
  }
}

/**
 * Replaces the taxonomy with `defs` (in that order). An entry with `previousName` renames that label everywhere it
 * is applied; a label left out of the list leaves the taxonomy but stays on what it was applied to.
 */
export function setTaxonomy(db: Db, defs: LabelDefInput[]): LabelDef[] {
  checkTaxonomy(defs)
  const moves = defs
    .map((d) => ({ from: d.previousName?.trim(), to: d.name.trim() }))
    .filter((m): m is { from: string; to: string } => !!m.from && m.from !== m.to)
  db.transaction(() => {
    // In two steps, through names no label has: renames in one save cannot run into each other (a → b with b → a
    // swapped the two labels' episodes into one), and `loop` → `Loop` is a rename of its own rows (the column
    // compares without case: deleting what was left under the old name deleted the renamed rows themselves).
    const rename = db.prepare('UPDATE OR IGNORE labels SET label = ? WHERE label = ?')
    // (not a NUL first: SQLite's NOCASE comparison stops at a NUL, so every such name would compare equal)
    const parked = (i: number): string => `\u0001renaming ${i}`
    moves.forEach((m, i) => rename.run(parked(i), m.from))
    moves.forEach((m, i) => {
      rename.run(m.to, parked(i))
      // renamed onto a label already applied to the same target: the two were one, kept once
      db.prepare('DELETE FROM labels WHERE label = ?').run(parked(i))
    })
    db.prepare('DELETE FROM taxonomy').run()
    const add = db.prepare('INSERT INTO taxonomy (name, color, key, position) VALUES (?, ?, ?, ?)')
    defs.forEach((d, i) => add.run(d.name.trim(), d.color, d.key, i))
  })()
  return getTaxonomy(db)
}

/** Adds a label to the end of the taxonomy, keeping its key only when that key is free. Returns whether it was new. */
export function mergeTaxonomyEntry(db: Db, def: LabelDef): boolean {
  if (findLabel(db, def.name)) return false
  const keyFree = def.key !== null && !db.prepare('SELECT 1 FROM taxonomy WHERE key = ?').get(def.key)
  const position = (db.prepare('SELECT ifnull(max(position), -1) + 1 p FROM taxonomy').get() as { p: number }).p
  db.prepare('INSERT INTO taxonomy (name, color, key, position) VALUES (?, ?, ?, ?)').run(
    def.name.trim(),
    def.color,
    keyFree ? def.key : null,
    position
  )
  return true
}
