/**
 * The query-time figure of PRODUCT.md §4 ("full-text top-50 p95 < 50 ms on 1 GB of text"): a fixed set of query
 * shapes, each asked `runs` times for its first page of 50 through `rollscope serve` (HTTP → engine thread → the
 * engine's search, the same path as the app in browser mode), p50 / p95 / max of the wall time per shape, in
 * relevance and in index order. The words are picked from the index itself (fts5vocab), so the shapes mean the
 * same on any corpus: the most common word, a word in ~1% of rows, a rare word, a phrase and a prefix.
 * An empty call (getProgress) is timed too: the transport's share of every figure.
 */
import Database from 'better-sqlite3'
import { startServe } from './serve-child.mjs'

export const SEARCH_TARGET_MS = 50

/**
 * @typedef {object} SearchShape
 * @property {string} name
 * @property {string} query what a user would type
 * @property {'relevance' | 'index'} order
 * @property {boolean} [byRun] filtered to the biggest run
 * @property {number} p50
 * @property {number} p95
 * @property {number} max
 * @property {number} total hits counted (capped at 10,000)
 * @property {boolean} totalCapped
 */

/**
 * @typedef {object} SearchFigures
 * @property {number} textMb characters of text in the index / 10^6
 * @property {number} rows
 * @property {number} runs repetitions per shape
 * @property {number} callP50 the empty call's median: transport overhead inside every figure
 * @property {SearchShape[]} shapes
 * @property {number} worstP95
 * @property {string} verdict worst p95 against the target (at this text size)
 * @property {number} pickSeconds picking the words from the index
 */

/**
 * Words by how many rows hold them: the most common, one near 1% of rows, a rare one (2 to 5 rows), all alphabetic
 * and 4+ letters; and a phrase of two adjacent words from a row in the middle of the index.
 * @param {string} dbPath
 */
export function pickWords(dbPath) {
  const db = new Database(dbPath, { readonly: true })
  try {
    db.exec(`CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, 'search_fts', 'row')`)
    const rows = /** @type {{ n: number }} */ (db.prepare('SELECT count(*) n FROM search_fts').get()).n
    /** @type {{ term: string, doc: number }[]} */
    const words = db
      .prepare(`SELECT term, doc FROM temp.vocab WHERE length(term) >= 4 AND term NOT GLOB '*[^a-z]*'`)
      .all()
    const byDoc = [...words].sort((a, b) => b.doc - a.doc || (a.term < b.term ? -1 : 1))
    const common = byDoc[0].term
    const mid = byDoc.reduce((best, w) =>
      Math.abs(w.doc - rows / 100) < Math.abs(best.doc - rows / 100) ? w : best
    ).term
    const rare = (byDoc.find((w) => w.doc >= 2 && w.doc <= 5) ?? byDoc[byDoc.length - 1]).term
    // the first row from the middle of the index on that has two plain words side by side
    /** @type {string[]} */
    const texts = db
      .prepare(
        'SELECT text FROM search_fts WHERE rowid >= (SELECT (min(rowid) + max(rowid)) / 2 FROM search_fts) LIMIT 500'
      )
      .raw()
      .all()
      .map((r) => r[0])
    const pair = texts.map((t) => t.match(/(?:^|\s)([a-z]{4,}) ([a-z]{4,})(?=\s|$)/i)).find((m) => m)
    const phrase = pair ? `${pair[1]} ${pair[2]}` : `${common} ${mid}`
    return { rows, common, mid, rare, phrase }
  } finally {
    db.close()
  }
}

/** p-th percentile (nearest rank) of `xs`. @param {number[]} xs @param {number} p */
export function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]
}

/**
 * @param {{ cli: string, db: string, paths: string[], textMb: number, runs: number, log: (m: string) => void }} o
 * @returns {Promise<SearchFigures>}
 */
export async function measureSearch({ cli, db, paths, textMb, runs, log }) {
  const t0 = performance.now()
  const w = pickWords(db)
  const pickSeconds = (performance.now() - t0) / 1000
  log(`search words: common "${w.common}", ~1% "${w.mid}", rare "${w.rare}", phrase "${w.phrase}" (${w.rows} rows)`)
  const served = await startServe(cli, paths, db)
  try {
    await idle(served)
    /** @type {{ id: string, episodes: number }[]} */
    const runList = await served.call('listRuns')
    const biggest = runList.reduce((a, b) => (b.episodes > a.episodes ? b : a)).id
    /** @type {[string, string, boolean?][]} name, query, filtered to one run */
    const base = [
      ['rare word', w.rare],
      ['~1% word', w.mid],
      ['most common word', w.common],
      ['phrase', `"${w.phrase}"`],
      ['prefix (3 letters)', `${w.common.slice(0, 3)}*`],
      ['common word, one run', w.common, true],
      ['rare OR ~1%', `${w.rare} OR ${w.mid}`],
      ['common -~1%', `${w.common} -${w.mid}`],
      ['two common words', `${w.common} ${w.mid}`]
    ]
    const callMs = []
    for (let i = 0; i < runs; i++) callMs.push(await timed(() => served.call('getProgress')))
    /** @type {SearchShape[]} */
    const shapes = []
    for (const order of /** @type {const} */ (['relevance', 'index'])) {
      for (const [name, query, byRun] of base) {
        const options = { limit: 50, order, ...(byRun ? { runIds: [biggest] } : {}) }
        const first = await served.call('search', query, options) // warm-up (page cache), not counted
        if (first.pendingSources) throw new Error(`search index not complete: ${first.pendingSources} files pending`)
        const ms = []
        for (let i = 0; i < runs; i++) ms.push(await timed(() => served.call('search', query, options)))
        shapes.push({
          name,
          query,
          order,
          byRun: !!byRun,
          p50: percentile(ms, 50),
          p95: percentile(ms, 95),
          max: Math.max(...ms),
          total: first.total,
          totalCapped: first.totalCapped
        })
        log(`search ${order} ${name}: p95 ${percentile(ms, 95).toFixed(1)} ms`)
      }
    }
    const worstP95 = Math.max(...shapes.map((s) => s.p95))
    return {
      textMb,
      rows: w.rows,
      runs,
      callP50: percentile(callMs, 50),
      shapes,
      worstP95,
      verdict: worstP95 < SEARCH_TARGET_MS ? 'PASS' : 'BELOW',
      pickSeconds
    }
  } finally {
    await served.stop()
  }
}

/** @param {() => Promise<unknown>} fn */
async function timed(fn) {
  const t = performance.now()
  await fn()
  return performance.now() - t
}

/** Waits for serve's own re-check of the paths (every file unchanged) to finish. @param {import('./serve-child.mjs').Served} served */
async function idle(served) {
  const until = Date.now() + 120_000
  for (;;) {
    const p = await served.call('getProgress')
    if (p.state === 'done' || p.state === 'idle') return
    if (p.state === 'error') throw new Error(`indexing failed: ${p.message}`)
    if (Date.now() > until) throw new Error(`serve still indexing after 120 s (state ${p.state})`)
    await new Promise((r) => setTimeout(r, 100))
  }
}
