import type { SearchHit, SearchOptions, SearchPage, TurnRole } from '@contract/model'
import type { Db } from '../db/open-db'
import { EPISODE_SHIFT, pendingSearchSources } from './build-search-index'
import { markMatches } from './mark-matches'
import { parseSearch } from './search-query'
import { cutSnippet, parseSnippet } from './snippet'

export const DEFAULT_LIMIT = 50
/** Hits counted beyond the page at most: counting every match of a common word in 1 GB is not worth its time. */
export const TOTAL_CAP = 10_000
/**
 * Relevance ranks at most this many matches, the first ones in index order: bm25 scores every match before the
 * first hit comes back, and a common word's 200,000 matches in 1 GB took 200+ ms (prefixes 750 ms; the bench's
 * search phase). A query that matches more says so (SearchPage.rankWindow) instead of ranking slowly.
 */
export const RANK_WINDOW = 10_000
/** Words of context in a snippet. */
const SNIPPET_TOKENS = 24

/**
 * Full-text search over the transcripts. `order: 'relevance'` (the default, what a search box does): FTS5's bm25
 * rank, best first (index order among equals); `'index'`: run file, episode, turn — stable pages with no ranking
 * pass. Ranking scores every match before the first hit comes back; the bench (tests/bench/search-bench.mjs)
 * measures what that costs for a common word.
 */
export function search(db: Db, input: string, options: SearchOptions = {}, rankWindow = RANK_WINDOW): SearchPage {
  const { query, terms } = parseSearch(input)
  const limit = options.limit ?? DEFAULT_LIMIT
  const offset = options.offset ?? 0
  const order = options.order ?? 'relevance'
  const where = ['search_fts MATCH ?']
  const params: unknown[] = [query]
  if (options.runIds?.length) {
    // `+`: the FTS scan stays the outer loop (one pass in rowid order), not repeated once per run
    where.push(`+e.run_id IN (${options.runIds.map(() => '?').join(',')})`)
    params.push(...options.runIds)
  }
  if (options.role) {
    where.push('f.role = ?')
    params.push(options.role)
  }
  if (options.tool) {
    where.push('f.tool = ?')
    params.push(options.tool)
  }
  const from = `search_fts f JOIN episodes e ON e.rowid = f.rowid / ${EPISODE_SHIFT} WHERE ${where.join(' AND ')}`
  const columns = `f.turn, f.role, f.tool, f.text,
              e.id episode_id, e.run_id, e.task_key, e.rollout, r.name run_name`
  type Row = {
    turn: number
    role: TurnRole
    tool: string | null
    text: string
    episode_id: string
    run_id: string
    task_key: string
    rollout: number
    run_name: string
    n?: number
  }
  const countMatches = (): number =>
    (
      db.prepare(`SELECT count(*) n FROM (SELECT 1 FROM ${from} LIMIT ?)`).get(...params, offset + TOTAL_CAP + 1) as {
        n: number
      }
    ).n
  let rows: Row[]
  let counted: number
  if (order === 'index') {
    counted = countMatches()
    rows = db
      .prepare(
        `SELECT ${columns} FROM ${from.replace(' WHERE', ' JOIN runs r ON r.id = e.run_id WHERE')} ORDER BY f.rowid LIMIT ? OFFSET ?`
      )
      .all(...params, limit, offset) as Row[]
  } else {
    // One pass over the matches (the first window + 1 in index order) scores them and counts them: a phrase of two
    // common words spends most of its time finding the matches (word positions), so a separate count pass cost
    // nearly as much again (1 GB, a phrase of two common words: 87 → 63 ms; single words unchanged). The extra match
    // only tells that there are more than the window; it is not ranked.
    // The page's rows are then read by rowid; matches are marked in JS (mark-matches.ts), for those rows only.
    rows = db
      .prepare(
        `WITH m AS MATERIALIZED (SELECT f.rowid id, f.rank score FROM ${from} ORDER BY f.rowid LIMIT ${rankWindow + 1}),
              c AS MATERIALIZED (SELECT count(*) n, max(id) last FROM m),
              top AS (SELECT id, score FROM m WHERE (SELECT n FROM c) <= ${rankWindow} OR id < (SELECT last FROM c)
                      ORDER BY score, id LIMIT ? OFFSET ?)
         SELECT ${columns}, (SELECT n FROM c) n FROM top JOIN search_fts f ON f.rowid = top.id
           JOIN episodes e ON e.rowid = top.id / ${EPISODE_SHIFT} JOIN runs r ON r.id = e.run_id
         ORDER BY top.score, top.id`
      )
      .all(...params, limit, offset) as Row[]
    counted = rows.length ? rows[0].n! : offset > 0 ? countMatches() : 0
  }
  const windowed = order === 'relevance' && counted > rankWindow
  const hits: SearchHit[] = rows.map((r) => ({
    runId: r.run_id,
    runName: r.run_name,
    episodeId: r.episode_id,
    taskKey: r.task_key,
    rollout: r.rollout,
    turn: r.turn,
    role: r.role,
    toolName: r.tool,
    snippet: parseSnippet(cutSnippet(markMatches(r.text, terms), SNIPPET_TOKENS))
  }))
  return {
    query,
    order,
    hits,
    offset,
    // past the window there is nothing to page to, in this order
    total: windowed ? rankWindow : Math.min(counted, offset + TOTAL_CAP),
    totalCapped: windowed || counted > offset + TOTAL_CAP,
    rankWindow: windowed ? rankWindow : null,
    pendingSources: pendingSearchSources(db).length
  }
}
