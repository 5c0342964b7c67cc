/**
 * A database file Rollscope cannot use is named, with what to do: the index can be rebuilt, the labels file holds the
 * user's own work (a security pass met "rollscope: file is not a database" for a damaged labels file, no path).
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { openDb } from '../../../src-main/db/open-db'
import { labelsDbPath, openLabelsDb } from '../../../src-main/labels/labels-db'
import { runCli } from '../../../src-main/cli/run-cli'

const dir = (): string => mkdtempSync(join(tmpdir(), 'rs-unusable-'))
const garbage = Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 131 + 7) % 251))

describe('a database file that cannot be used', () => {
  it('the index: named, "move it aside and index again", labels kept (named only where they are)', () => {
    const path = join(dir(), 'app.db')
    writeFileSync(path, garbage)
    expect(() => openDb(path)).toThrow(
      `The index database ${path} cannot be used: file is not a database. It holds only what indexing builds: move it aside and index again.`
    )
    writeFileSync(labelsDbPath(path), '')
    expect(() => openDb(path)).toThrow(
      `The index database ${path} cannot be used: file is not a database. It holds only what indexing builds: move it aside and index again (labels, notes and saved views are in ${path}.labels.db and are kept).`
    )
  })

  it('a folder given as the database: a file path is what to give', () => {
    const path = dir()
    expect(() => openDb(path)).toThrow(
      new RegExp(`^The index database .* cannot be used: .*\\. It is a folder: give the path of a database file`)
    )
  })

  it('the labels: named, and that it holds the user’s work', () => {
    const path = labelsDbPath(join(dir(), 'app.db'))
    writeFileSync(path, garbage)
    expect(() => openLabelsDb(path)).toThrow(
      new RegExp(
        `^The labels database ${path.replace(/[.]/g, '\\.')} cannot be used: file is not a database\\. It holds your labels, notes, taxonomy and saved views`
      )
    )
  })

  it('written by a newer Rollscope: named, update or use another file', () => {
    const path = join(dir(), 'app.db')
    openDb(path).close()
    const raw = new Database(path)
    raw.prepare(`INSERT INTO schema_migrations VALUES (9999, 'future', 0)`).run()
    raw.close()
    expect(() => openDb(path)).toThrow(
      /cannot be used: This database was written by a newer Rollscope \(schema 9999, this version knows \d+\)\. Update Rollscope, or use another --db file\.$/
    )
    expect(() => openDb(path)).toThrow(`The index database ${path} cannot be used: `)
  })

  it('the CLI says it in one line, exit 1, whichever command', async () => {
    const path = join(dir(), 'app.db')
    openDb(path).close()
    writeFileSync(labelsDbPath(path), garbage)
    let err = ''
    const io = { stdout: () => {}, stderr: (s: string) => void (err += s), env: {} }
    expect(await runCli(['runs', '--db', path], io as never)).toBe(1)
    expect(err).toMatch(
      new RegExp(`^rollscope: The labels database ${path.replace(/[.]/g, '\\.')}\\.labels\\.db cannot be used: `)
    )
    expect(err.trim().split('\n')).toHaveLength(1)
  })
})
