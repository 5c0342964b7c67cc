import type { SearchHit, SearchOptions, SearchPage } from '@contract/model'
import type { Db } from '../db/open-db'
import { queryCacheOf } from '../db/query-cache'
import { EPISODE_SHIFT, pendingSearchSources } from './build-search-index'
import { couldMatchRoleOrTool, ftsMatch } from './fts-columns'
import { readHitRows, type HitRowCache } from './hit-rows'
import { markMatches, phraseOf } from './mark-matches'
import { prefixWords } from './prefix-words'
import { parseSearch } from './search-query'
import { cutSnippet, parseSnippet } from './snippet'
import { memoSnippet } from './snippet-memo'

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
export function search(
  db: Db,
  input: string,
  options: SearchOptions = {},
  rankWindow = RANK_WINDOW,
  hitRows?: HitRowCache
): SearchPage {
  const { query, terms, named } = parseSearch(input)
  const limit = options.limit ?? DEFAULT_LIMIT
  const offset = options.offset ?? 0
  const order = options.order ?? 'relevance'
  const cache = queryCacheOf(db)
  // A one-word prefix is asked as the words it stands for (prefix-words.ts): the same rows, found without FTS5's
  // merge of every doclist of those words (which a relevance query pays twice: to match, then to count the rows for
  // bm25's idf). In index order as their OR. In relevance order only when it stands for one word: bm25 scores each
  // word of an OR as a term of its own, where FTS5 scores the prefix as one; one word is the same single term with
  // the same doclist, so the same scores and order (1 GB search corpus, 20 new 3-letter prefixes: ranking p50 30 →
  // 22 ms).
  const listed = (prefix: string): string[] | null =>
    cache.remember(`search\nprefix\n${prefix}`, () => ({ value: prefixWords(db, prefix), bytes: 1024 }))
  const match = terms.some((t) => t.prefix)
    ? parseSearch(
        input,
        order === 'index'
          ? listed
          : (prefix) => {
              const words = listed(prefix)
              return words?.length === 1 ? words : null
            }
      ).query
    : query
  const where = ['search_fts MATCH ?']
  const anyColumn = !couldMatchRoleOrTool(named.map(phraseOf))
  const params: unknown[] = [ftsMatch(match, { role: options.role, tool: options.tool }, anyColumn)]
  let join = ''
  if (options.runIds?.length) {
    // The runs' rows lie between their first and last episode's (a row's id is its episode's times EPISODE_SHIFT):
    // FTS5 seeks to that range in every doclist instead of walking the matches of every run before it (a run
    // listed late in a million episodes: 1.5 s for two common words).
    const marks = options.runIds.map(() => '?').join(',')
    const [lo, hi] = db
      .prepare(`SELECT min(rowid), max(rowid) FROM episodes WHERE run_id IN (${marks})`)
      .raw()
      .get(...options.runIds) as [number | null, number | null]
    where.push('f.rowid >= ? AND f.rowid < ?')
    params.push((lo ?? 0) * EPISODE_SHIFT, ((hi ?? -1) + 1) * EPISODE_SHIFT)
    // `+`: the FTS scan stays the outer loop (one pass in rowid order), not repeated once per run
    join = ` JOIN episodes e ON e.rowid = f.rowid / ${EPISODE_SHIFT}`
    where.push(`+e.run_id IN (${marks})`)
    params.push(...options.runIds)
  }
  // Without runs to keep, no episode is looked up per match: the page's hits find theirs (episodesOf).
  const from = `search_fts f${join} WHERE ${where.join(' AND ')}`
  const countMatches = (): number =>
    (
      db.prepare(`SELECT count(*) n FROM (SELECT 1 FROM ${from} LIMIT ?)`).get(...params, offset + TOTAL_CAP + 1) as {
        n: number
      }
    ).n
  let ids: number[]
  let counted: number
  const cacheKey = `search\n${order}\n${from}\n${JSON.stringify(params)}\n${rankWindow}`
  if (order === 'index') {
    // The first TOTAL_CAP + 1 matches' ids in one pass, kept (QueryCache) while the index is unchanged: the first
    // page's count and ids and every next page inside them, instead of a count pass and a page pass per call. A
    // 3-letter prefix paid its merge of every doclist of the words it starts (FTS5 without a prefix index:
    // migration 0013) twice a call, ~300 ms each on the 1 GB search corpus, and again on every call.
    const first = cache.remember(`${cacheKey}\nfirst`, () => {
      // plucked, no array per row or map function (as the ranked window below)
      const value = new Float64Array(
        db
          .prepare(`SELECT f.rowid FROM ${from} ORDER BY f.rowid LIMIT ${TOTAL_CAP + 1}`)
          .pluck()
          .all(...params) as number[]
      )
      return { value, bytes: value.byteLength + cacheKey.length }
    })
    // every match is among them, or the page asked is (the count past them is as before: capped from the offset)
    const whole = first.length <= TOTAL_CAP
    counted =
      whole || offset === 0
        ? first.length
        : cache.remember(`${cacheKey}\ncount\n${offset}`, () => ({ value: countMatches(), bytes: 64 }))
    ids =
      whole || offset + limit <= first.length
        ? Array.from(first.subarray(offset, offset + limit))
        : (
            db
              .prepare(`SELECT f.rowid FROM ${from} ORDER BY f.rowid LIMIT ? OFFSET ?`)
              .raw()
              .all(...params, limit, offset) as [number][]
          ).map((r) => r[0])
  } else {
    // One pass over the matches (the first window + 1 in index order) scores them and counts them: a phrase of two
    // common words spends most of its time finding the matches (word positions), so a separate count pass cost
    // nearly as much again (1 GB, a phrase of two common words: 87 → 63 ms; single words unchanged). The extra match
    // only tells that there are more than the window; it is not ranked. The ranked window is kept (QueryCache) while
    // the index is unchanged: bm25 first counts every row of each word (its idf), a fixed 150–300 ms for a word in
    // most rows of 1 GB (the million bench), which a next page or the same search again need not pay.
    const ranked = cache.remember(cacheKey, () => {
      const all = db
        .prepare(
          `WITH m AS MATERIALIZED (SELECT f.rowid id, f.rank score FROM ${from} ORDER BY f.rowid LIMIT ${rankWindow + 1}),
                c AS MATERIALIZED (SELECT count(*) n, max(id) last FROM m)
           SELECT id, (SELECT n FROM c) n FROM m WHERE (SELECT n FROM c) <= ${rankWindow} OR id < (SELECT last FROM c)
           ORDER BY score, id`
        )
        .raw()
        .all(...params) as [number, number][]
      // a loop: Float64Array.from with a map function took ~0.9 ms of a new query for a window of 10,000
      const ids = new Float64Array(all.length)
      for (let i = 0; i < all.length; i++) ids[i] = all[i][0]
      const value = { ids, n: all.length ? all[0][1] : 0 }
      return { value, bytes: value.ids.byteLength + cacheKey.length }
    })
    ids = Array.from(ranked.ids.subarray(offset, offset + limit))
    counted = ranked.n
  }
  const windowed = order === 'relevance' && counted > rankWindow
  // The page's rows are read back from their files (the index keeps no text) and marked in JS (mark-matches.ts).
  const rows = readHitRows(db, ids, hitRows)
  const episodes = episodesOf(db, ids)
  const hits: SearchHit[] = []
  const termsKey = JSON.stringify(terms)
  for (const id of ids) {
    const row = rows.get(id)
    const e = episodes.get(Math.floor(id / EPISODE_SHIFT))
    if (!row || !e) continue
    hits.push({
      runId: e.run_id,
      runName: e.run_name,
      episodeId: e.episode_id,
      taskKey: e.task_key,
      rollout: e.rollout,
      step: e.step,
      turn: row.turn,
      role: row.role,
      toolName: row.tool,
      snippet: memoSnippet(row, termsKey, () => parseSnippet(cutSnippet(markMatches(row.text, terms), SNIPPET_TOKENS)))
    })
  }
  return {
    query,
    order,
    hits,
    offset,
    // past the window there is nothing to page to, in this order
    total: windowed ? rankWindow : Math.min(counted, offset + TOTAL_CAP),
    totalCapped: windowed || counted > offset + TOTAL_CAP,
    rankWindow: windowed ? rankWindow : null,
    unreadable: ids.length - hits.length,
    pendingSources: pendingSearchSources(db).length
  }
}

interface HitEpisode {
  episode_id: string
  run_id: string
  task_key: string
  rollout: number
  step: number | null
  run_name: string
}

/** The episode and run of each hit's episode, by episode rowid. */
function episodesOf(db: Db, ids: number[]): Map<number, HitEpisode> {
  const rowids = [...new Set(ids.map((id) => Math.floor(id / EPISODE_SHIFT)))]
  if (rowids.length === 0) return new Map()
  const rows = db
    .prepare(
      `SELECT e.rowid, e.id episode_id, e.run_id, e.task_key, e.rollout, e.step, r.name run_name
       FROM episodes e JOIN runs r ON r.id = e.run_id WHERE e.rowid IN (${rowids.map(() => '?').join(',')})`
    )
    .all(...rowids) as (HitEpisode & { rowid: number })[]
  return new Map(rows.map((r) => [r.rowid, r]))
}
