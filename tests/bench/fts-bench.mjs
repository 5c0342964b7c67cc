/**
 * The full-text index figure of PRODUCT.md §4: the indexer's search pass (read the transcripts back, parse them,
 * split turns into rows, write FTS5 in batches) against a bare SQLite FTS5 build of the very same text, done here
 * in the same run: the corpus's message texts (corpusTexts) into a fresh FTS5 table (same tokenizer and table
 * options, same WAL / synchronous settings), one transaction. Ratio = bare seconds / search-pass seconds; target ≥ 0.8.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'

/**
 * @typedef {object} FtsFigures
 * @property {number} passSeconds the indexer's search pass (IndexReport.search.seconds)
 * @property {number} bareSeconds
 * @property {number} bareTextMb characters the bare build indexed / 10^6 (read from the corpus, see corpusTexts)
 * @property {number} rows
 * @property {number} textMb characters of text / 10^6
 * @property {{ value: number, target: number, verdict: string }} ratio
 */

/**
 * The messages' text of every record of the corpus's JSONL files (verifiers rows: prompt and completion; chat rows:
 * messages): each message's text and each tool call's name and arguments, one FTS row each. The index keeps no
 * copy of the text (migration 0013), so the bare build reads the corpus itself: about the text the indexer's rows
 * hold (its chunking and `key: value` arguments differ slightly), which `chars` lets the report compare.
 * @param {string[]} files
 * @returns {Generator<string>}
 */
function* corpusTexts(files) {
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue
      const rec = JSON.parse(line)
      for (const m of [...(rec.prompt ?? []), ...(rec.completion ?? []), ...(rec.messages ?? [])]) {
        const text = typeof m.content === 'string' ? m.content : (m.content ?? []).map((p) => p.text ?? '').join('\n')
        if (text.trim()) yield text
        for (const call of m.tool_calls ?? []) yield `${call.function?.name ?? ''}\n${call.function?.arguments ?? ''}`
      }
    }
  }
}

/**
 * @param {string[]} files the corpus's JSONL files
 * @returns {{ seconds: number, chars: number }} the bare build's time and the characters it indexed
 */
export function bareFtsBuild(files) {
  const dir = mkdtempSync(join(tmpdir(), 'rollscope-bare-fts-'))
  const dst = new Database(join(dir, 'bare.db'))
  try {
    dst.pragma('journal_mode = WAL')
    dst.pragma('synchronous = NORMAL')
    // the same table options as search_fts (migration 0013: contentless, no prefix indexes)
    dst.exec(
      `CREATE VIRTUAL TABLE bare USING fts5(text, tokenize = 'unicode61 remove_diacritics 2', content = '', contentless_delete = 1)`
    )
    const insert = dst.prepare('INSERT INTO bare (rowid, text) VALUES (?, ?)')
    const texts = [...corpusTexts(files)] // read first: the build alone is timed
    let chars = 0
    const started = performance.now()
    dst.transaction(() => {
      texts.forEach((text, i) => {
        chars += text.length
        insert.run(i + 1, text)
      })
    })()
    return { seconds: (performance.now() - started) / 1000, chars }
  } finally {
    dst.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
