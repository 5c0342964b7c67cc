/**
 * The full-text index figure of PRODUCT.md §4: the indexer's search pass (read the transcripts back, parse them,
 * split turns into rows, write FTS5 in batches) against a bare SQLite FTS5 build of the very same text, done here
 * in the same run: every row's text copied from the bench database into a fresh FTS5 table (same tokenizer and
 * prefix indexes, same WAL / synchronous settings), one transaction. Ratio = bare seconds / search-pass seconds; target ≥ 0.8.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'

/**
 * @typedef {object} FtsFigures
 * @property {number} passSeconds the indexer's search pass (IndexReport.search.seconds)
 * @property {number} bareSeconds
 * @property {number} rows
 * @property {number} textMb characters of text / 10^6
 * @property {{ value: number, target: number, verdict: string }} ratio
 */

/** @param {string} dbPath the bench database, already indexed @returns {number} seconds of the bare build */
export function bareFtsBuild(dbPath) {
  const src = new Database(dbPath, { readonly: true })
  const dir = mkdtempSync(join(tmpdir(), 'rollscope-bare-fts-'))
  const dst = new Database(join(dir, 'bare.db'))
  try {
    dst.pragma('journal_mode = WAL')
    dst.pragma('synchronous = NORMAL')
    // the same table options as search_fts (migration 0010: prefix indexes), so both build the same index
    dst.exec(`CREATE VIRTUAL TABLE bare USING fts5(text, tokenize = 'unicode61 remove_diacritics 2', prefix = '3 4')`)
    const insert = dst.prepare('INSERT INTO bare (rowid, text) VALUES (?, ?)')
    const rows = src.prepare('SELECT rowid, text FROM search_fts').raw()
    const started = performance.now()
    dst.transaction(() => {
      for (const [rowid, text] of rows.iterate()) insert.run(rowid, text)
    })()
    return (performance.now() - started) / 1000
  } finally {
    src.close()
    dst.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
