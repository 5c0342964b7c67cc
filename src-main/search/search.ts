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
  const counted = (db.prepare(`SELECT count(*) n FROM (SELECT 1 FROM ${from} LIMIT ?)`).get(...params, offset + TOTAL_CAP + 1) as { n: number }).n
  const windowed = order === 'relevance' && counted > rankWindow
  // Relevance picks the page's rowids first (the sort then carries two numbers per match), then reads the page's
  // rows by rowid. Matches are marked in JS (mark-matches.ts), for the page's rows only.
  const ranked = windowed
    ? `SELECT id, score FROM (SELECT f.rowid id, f.rank score FROM ${from} ORDER BY f.rowid LIMIT ${rankWindow}) ORDER BY score, id LIMIT ? OFFSET ?`
    : `SELECT f.rowid id, f.rank score FROM ${from} ORDER BY f.rank, f.rowid LIMIT ? OFFSET ?`
  const sql =
    order === 'index'
      ? `SELECT ${columns} FROM ${from.replace(' WHERE', ' JOIN runs r ON r.id = e.run_id WHERE')} ORDER BY f.rowid LIMIT ? OFFSET ?`
      : `WITH top AS (${ranked})
         SELECT ${columns} FROM top JOIN search_fts f ON f.rowid = top.id
           JOIN episodes e ON e.rowid = top.id / ${EPISODE_SHIFT} JOIN runs r ON r.id = e.run_id
         ORDER BY top.score, top.id`
  const rows = db.prepare(sql).all(...params, limit, offset) as {
    turn: number
    role: TurnRole
    tool: string | null
    text: string
    episode_id: string
    run_id: string
    task_key: string
    rollout: number
    run_name: string
  }[]
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
