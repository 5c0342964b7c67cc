/**
 * The query-time figure of PRODUCT.md §4 ("full-text top-50 p95 < 50 ms on 1 GB of text"): a fixed set of query
 * shapes, each asked `runs` times for its first page of 50 through `rollscope serve` (HTTP → engine thread → the
 * engine's search, the same path as the app in browser mode), p50 / p95 / max of the wall time per shape, in
 * relevance and in index order. The words are picked from the index itself (fts5vocab), so the shapes mean the
 * same on any corpus: the most common word, a word in ~1% of rows, a rare word, a phrase and a prefix.
 * An empty call (getProgress) is timed too: the transport's share of every figure.
 */
import Database from 'better-sqlite3'
// .ts modules with type-only imports: Node 24 strips their types
import { couldMatchRoleOrTool, ftsMatch } from '../../src-main/search/fts-columns.ts'
import { indexTermsFromPages } from '../../src-main/search/index-terms.ts'
import { startServe, timed, waitUntilIdle } from './serve-child.mjs'

export const SEARCH_TARGET_MS = 50
/** Words of each kind the new-query shapes pick from (each order takes its own half: no call repeats a query). */
const FRESH_WORDS = 40
/** search.ts's RANK_WINDOW: relevance ranks the first 10,000 matches in index order. */
const RANK_WINDOW = 10_000

/**
 * @typedef {object} SearchShape
 * @property {string} name
 * @property {string} query what a user would type
 * @property {'relevance' | 'index'} order
 * @property {boolean} [byRun] filtered to the biggest run
 * @property {number} p50
 * @property {number} p95
 * @property {number} max
 * @property {number} firstMs the first call: cold page cache and hit-row cache
 * @property {number} total hits counted (capped at 10,000)
 * @property {boolean} totalCapped
 * @property {boolean} [fresh] a query not asked before on every call (no answer, hit row or snippet kept for it):
 *   p50 / p95 over `runs` different words of the same kind, firstMs the first of them
 * @property {{ p50: number, p95: number }} [floor] the same new relevance queries' ranking pass alone, in this
 *   process (rankingFloor): what FTS5 itself needs before any hit is read
 */

/**
 * @typedef {object} SearchFigures
 * @property {number} textMb characters of text in the index / 10^6
 * @property {number} rows
 * @property {number} runs repetitions per shape
 * @property {number} callP50 the empty call's median: transport overhead inside every figure
 * @property {SearchShape[]} shapes
 * @property {number} worstP95 of the shapes asked again (a page asked again, the next page: the kept answers)
 * @property {string} verdict worst p95 against the target (at this text size)
 * @property {number} [worstFreshP95] of the shapes asked with a new word every call (what typing a new search costs)
 * @property {string} [verdictFresh]
 * @property {number} pickSeconds picking the words from the index
 */

/**
 * Words by how many rows hold them: the most common, one near 1% of rows, a rare one (2 to 5 rows), all alphabetic
 * and 4+ letters (the phrase: pickPhrase).
 * @param {string} dbPath
 */
export function pickWords(dbPath) {
  const db = new Database(dbPath, { readonly: true })
  try {
    // 'col': the text column's words only (migration 0013's role and tool columns hold one token each)
    db.exec(`CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, 'search_fts', 'col')`)
    const rows = /** @type {{ n: number }} */ (db.prepare('SELECT count(*) n FROM search_fts').get()).n
    /** @type {{ term: string, doc: number }[]} */
    const words = db
      .prepare(`SELECT term, doc FROM temp.vocab WHERE col = 'text' AND length(term) >= 4 AND term NOT GLOB '*[^a-z]*'`)
      .all()
    const byDoc = [...words].sort((a, b) => b.doc - a.doc || (a.term < b.term ? -1 : 1))
    const common = byDoc[0].term
    const mid = byDoc.reduce((best, w) =>
      Math.abs(w.doc - rows / 100) < Math.abs(best.doc - rows / 100) ? w : best
    ).term
    const rare = (byDoc.find((w) => w.doc >= 2 && w.doc <= 5) ?? byDoc[byDoc.length - 1]).term
    // for the new-query shapes: FRESH_WORDS words of each kind (the commonest; the nearest to 1% of rows; rare ones),
    // none of the words above (asked before them: their answers are kept, and a new query would not be new)
    const asked = new Set([common, mid, rare])
    const fresh = (/** @type {{ term: string }[]} */ ws) =>
      ws
        .filter((w) => !asked.has(w.term))
        .slice(0, FRESH_WORDS)
        .map((w) => w.term)
    const commons = fresh(byDoc)
    const nearest = [...words].sort(
      (a, b) => Math.abs(a.doc - rows / 100) - Math.abs(b.doc - rows / 100) || (a.term < b.term ? -1 : 1)
    )
    // in 0.3-3% of rows: a corpus with few such words (the 1 GB search corpus has ~25) has its index-order shape
    // wrap around to words the relevance shape asked (a new query in that order all the same), not fall to rare ones
    const midRange = nearest.filter((w) => w.doc >= rows / 300 && w.doc <= (rows * 3) / 100)
    const mids = fresh(midRange.length > FRESH_WORDS / 2 ? midRange : nearest)
    const inRange = byDoc.filter((w) => w.doc >= 2 && w.doc <= 5)
    // as `rare` does: the rarest words when none is in 2 to 5 rows
    const rares = fresh(inRange.length ? inRange : byDoc.slice(-FRESH_WORDS - 1))
    // 3-letter prefixes of common words, each once, not the one asked above
    const prefixes = [...new Set(byDoc.slice(0, FRESH_WORDS * 20).map((w) => w.term.slice(0, 3)))]
      .filter((p) => p !== common.slice(0, 3))
      .slice(0, FRESH_WORDS)
    return { rows, common, mid, rare, fresh: { commons, mids, rares, prefixes } }
  } finally {
    db.close()
  }
}

/**
 * A phrase of two plain words side by side, from the snippets of the ~1% word's hits (the index keeps no text:
 * the phrase comes back through search, as a user would copy it); the two words themselves if none has one.
 * @param {import('./serve-child.mjs').Served} served @param {{ common: string, mid: string }} w
 */
async function pickPhrase(served, w) {
  const page = await served.call('search', w.mid, { limit: 200, order: 'index' })
  const pair = page.hits
    .map((/** @type {{ snippet: { text: string } }} */ h) =>
      h.snippet.text.match(/(?:^|\s)([a-z]{4,}) ([a-z]{4,})(?=\s|$)/i)
    )
    .find((/** @type {unknown} */ m) => m)
  return pair ? `${pair[1]} ${pair[2]}` : `${w.common} ${w.mid}`
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
  const served = await startServe(cli, paths, db)
  try {
    await waitUntilIdle(served)
    const phrase = await pickPhrase(served, w)
    log(`search words: common "${w.common}", ~1% "${w.mid}", rare "${w.rare}", phrase "${phrase}" (${w.rows} rows)`)
    /** @type {{ id: string, episodes: number }[]} */
    const runList = await served.call('listRuns')
    const biggest = runList.reduce((a, b) => (b.episodes > a.episodes ? b : a)).id
    /** @type {[string, string, boolean?][]} name, query, filtered to one run */
    const base = [
      ['rare word', w.rare],
      ['~1% word', w.mid],
      ['most common word', w.common],
      ['phrase', `"${phrase}"`],
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
        // the first call is the cold one (page cache, and the engine's cache of hit rows: search/hit-rows.ts),
        // reported on its own; the repeated calls are what paging or refining a search costs
        const t0 = performance.now()
        const first = await served.call('search', query, options)
        const firstMs = performance.now() - t0
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
          firstMs,
          total: first.total,
          totalCapped: first.totalCapped
        })
        log(`search ${order} ${name}: p95 ${percentile(ms, 95).toFixed(1)} ms`)
      }
    }
    // The same shapes with a query not asked before on every call (what typing a new search costs: the answers,
    // hit rows and snippets kept for a query do not help it); relevance and index order each take their own words.
    const f = w.fresh
    /** @type {[string, (i: number) => string, boolean?][]} name, the i-th query, filtered to one run */
    const freshBase = [
      ['rare word', (i) => f.rares[i % f.rares.length]],
      ['~1% word', (i) => f.mids[i % f.mids.length]],
      ['one of the commonest words', (i) => f.commons[i % f.commons.length]],
      ['prefix (3 letters)', (i) => `${f.prefixes[i % f.prefixes.length]}*`],
      ['common word, one run', (i) => f.commons[(i + 7) % f.commons.length], true],
      ['common -~1%', (i) => `${f.commons[i % f.commons.length]} -${f.mids[i % f.mids.length]}`],
      ['two common words', (i) => `${f.commons[i % f.commons.length]} ${f.mids[(i + 3) % f.mids.length]}`]
    ]
    const half = Math.max(1, Math.min(runs, Math.floor(FRESH_WORDS / 2)))
    for (const [o, order] of /** @type {const} */ ([
      [0, 'relevance'],
      [half, 'index']
    ])) {
      for (const [name, queryOf, byRun] of freshBase) {
        const options = { limit: 50, order, ...(byRun ? { runIds: [biggest] } : {}) }
        const ms = []
        let first = null
        for (let i = 0; i < half; i++) {
          const t0 = performance.now()
          const page = await served.call('search', queryOf(o + i), options)
          ms.push(performance.now() - t0)
          first ??= page
        }
        // the same queries' ranking alone, on a connection of its own (its page cache as cold as the engine's was,
        // as big as serve's readers'; the database file is in the OS's cache for both)
        const floor =
          order === 'relevance' && !byRun
            ? rankingFloor(
                db,
                Array.from({ length: half }, (_, i) => ftsMatchOf(queryOf(o + i)))
              )
            : undefined
        shapes.push({
          name,
          query: `${queryOf(o)}, … (${half} different)`,
          order,
          byRun: !!byRun,
          fresh: true,
          p50: percentile(ms, 50),
          p95: percentile(ms, 95),
          max: Math.max(...ms),
          firstMs: ms[0],
          total: first.total,
          totalCapped: first.totalCapped,
          ...(floor ? { floor } : {})
        })
        log(
          `search ${order} ${name}, a new query each call: p95 ${percentile(ms, 95).toFixed(1)} ms` +
            (floor ? ` (ranking alone ${floor.p95.toFixed(1)})` : '')
        )
      }
    }
    const worstP95 = Math.max(...shapes.filter((s) => !s.fresh).map((s) => s.p95))
    const worstFreshP95 = Math.max(...shapes.filter((s) => s.fresh).map((s) => s.p95))
    return {
      textMb,
      rows: w.rows,
      runs,
      callP50: percentile(callMs, 50),
      shapes,
      worstP95,
      verdict: worstP95 < SEARCH_TARGET_MS ? 'PASS' : 'BELOW',
      worstFreshP95,
      verdictFresh: worstFreshP95 < SEARCH_TARGET_MS ? 'PASS' : 'BELOW',
      pickSeconds
    }
  } finally {
    await served.stop()
  }
}

/**
 * FTS5's own cost of a new relevance query on this machine: search.ts's ranking statement (bm25 of the first
 * RANK_WINDOW matches in index order, then sorted), run on its own read-only connection in this process, each query
 * new to the connection (a prefix listed and asked as search.ts asks it), no hit read back, no snippet, no HTTP. bm25
 * first counts every row of each word of the query (its idf), then scores each match; nothing the engine adds can
 * make its search cheaper than this.
 * @param {string} dbPath @param {string[]} matches FTS5 MATCH expressions @returns {{ p50: number, p95: number }}
 */
function rankingFloor(dbPath, matches) {
  const db = new Database(dbPath, { readonly: true })
  try {
    db.pragma('cache_size = -4096') // serve's reader connections' (worker-engine.ts: READER_CACHE_MB)
    db.exec(`CREATE VIRTUAL TABLE temp.search_vocab USING fts5vocab(main, 'search_fts', 'row')`)
    const listed = db.prepare('SELECT term FROM temp.search_vocab WHERE term >= ? AND term < ? LIMIT 2').pluck()
    const ms = matches.map((typed) => {
      const t0 = performance.now()
      // as search.ts asks a prefix in relevance order: as its word when it stands for one (prefix-words.ts, which
      // reads the index's leaf pages, or fts5vocab when they do not read)
      const match = typed.replace(/"([a-z0-9]+)" \*/g, (whole, /** @type {string} */ p) => {
        const paged = indexTermsFromPages(db, p, 1)
        const words =
          paged === null
            ? listed.all(p, p.slice(0, -1) + String.fromCharCode(p.charCodeAt(p.length - 1) + 1))
            : paged === 'more'
              ? []
              : paged
        return words.length === 1 ? `("${words[0]}")` : whole
      })
      db.prepare(
        `WITH m AS MATERIALIZED (SELECT f.rowid id, f.rank score FROM search_fts f WHERE search_fts MATCH ?
                                 ORDER BY f.rowid LIMIT ${RANK_WINDOW + 1}),
              c AS MATERIALIZED (SELECT count(*) n, max(id) last FROM m)
         SELECT id, (SELECT n FROM c) n FROM m WHERE (SELECT n FROM c) <= ${RANK_WINDOW} OR id < (SELECT last FROM c)
         ORDER BY score, id`
      )
        .raw()
        .all(match)
      return performance.now() - t0
    })
    return { p50: percentile(ms, 50), p95: percentile(ms, 95) }
  } finally {
    db.close()
  }
}

/**
 * The MATCH expression search.ts asks for the new-query shapes' queries (search-query.ts's emit, for what they hold:
 * plain lower-case words, `word*`, `a -b`, `a b`), confined to the text column unless none of the words could match
 * a role or tool token, as search.ts decides (fts-columns.ts, whose tokens these words are as typed).
 * @param {string} query
 */
function ftsMatchOf(query) {
  const word = (/** @type {string} */ t) => (t.endsWith('*') ? `"${t.slice(0, -1)}" *` : `"${t}"`)
  const parts = query.split(' ')
  const all = parts.filter((p) => !p.startsWith('-')).map(word)
  const none = parts.filter((p) => p.startsWith('-')).map((p) => word(p.slice(1)))
  const not = none.length > 1 ? ` NOT (${none.join(' OR ')})` : none.length ? ` NOT ${none[0]}` : ''
  const left = all.length > 1 && none.length ? `(${all.join(' AND ')})` : all.join(' AND ')
  const named = parts
    .map((p) => p.replace(/^-/, ''))
    .map((p) => ({ words: [p.replace(/\*$/, '')], prefix: p.endsWith('*') }))
  return ftsMatch(`${left}${not}`, {}, !couldMatchRoleOrTool(named))
}
