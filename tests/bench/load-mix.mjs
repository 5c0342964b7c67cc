/**
 * A bounded local load on a running `rollscope serve`: `clients` concurrent clients, each asking its next call as soon
 * as the last one answered (no think time: the worst case of that many users), for `seconds`. Each client is a user
 * browsing (BROWSE): scrolling their table and opening its episodes, now and then sorting or filtering it anew,
 * switching runs (20 of 50,000 episodes on the million bench), listing task groups, putting two runs in one table,
 * searching. Reports throughput, p50 / p95 / max of every call, and per kind of call (what one
 * getEpisode waits under that load). Each client's calls come from its own seeded generator, so runs are comparable.
 *
 * The bench's million phase uses measureLoad(); run alone against a server already up:
 *   node tests/bench/load-mix.mjs 'http://127.0.0.1:4173/?token=…' [--clients 8] [--seconds 15] [--mix browse|empty]
 */
import { parseArgs } from 'node:util'
import { createRng } from '../generators/prng.mjs'
import { percentile } from './search-bench.mjs'
import { apiCaller } from './serve-child.mjs'

/**
 * @typedef {object} LoadContext
 * @property {string[]} runs run ids to draw from (the first two are the two-run table)
 * @property {number} rows episodes per run
 * @property {string[]} episodeIds episodes to open
 */

/**
 * @typedef {object} LoadFigures
 * @property {number} clients
 * @property {number} seconds measured (until the last call answered)
 * @property {string} mix
 * @property {number} calls answered
 * @property {number} errors failed calls (a failed Result or a transport error)
 * @property {number} rps calls answered per second
 * @property {number} p50
 * @property {number} p95
 * @property {number} max
 * @property {Record<string, { n: number, p50: number, p95: number }>} byKind
 */

/** @typedef {{ call: (method: string, ...args: unknown[]) => Promise<unknown> }} Caller */

const SORTS = [
  { sort: 'ordinal', desc: false },
  { sort: 'reward', desc: true },
  { sort: 'turns', desc: false },
  { sort: 'taskKey', desc: false },
  { sort: 'generationMs', desc: true }
]
const FILTERS = ['not passed', 'reward > 0.5', 'info.difficulty == "hard"', 'status != "ok"']
const WORDS = ['worker timeout', 'parse buffer', 'retry', 'cache query', 'token reward', 'select table']

/**
 * One user: the run and the view (sort, filter) of their table, the page they are on and its episodes.
 * @typedef {{ run: string, view: { sort: string, desc: boolean, filter?: string }, page: number,
 *   episodes: string[] }} Session
 */

/**
 * What a user does next, by weight: mostly scroll their table and open its episodes, now and then sort or filter it
 * anew, switch runs, list the run's task groups, put two runs in one table, search. The calls are the app's own for
 * each action (a page also asks for its rows' labels).
 * @type {[string, number, (rng: import('../generators/prng.mjs').Rng, c: LoadContext, s: Session) => [string, ...unknown[]]][]}
 */
const BROWSE = [
  ['page', 30, (_rng, _c, s) => ['listEpisodes', { runId: s.run, ...s.view, offset: 200 * s.page++, limit: 200 }]],
  ['labels', 5, (rng, c, s) => ['labelsOfEpisodes', s.episodes.length ? s.episodes : [rng.pick(c.episodeIds)]]],
  ['preview', 18, (rng, c, s) => ['getEpisodePreview', rng.pick(s.episodes.length ? s.episodes : c.episodeIds)]],
  ['getEpisode', 7, (rng, c, s) => ['getEpisode', rng.pick(s.episodes.length ? s.episodes : c.episodeIds)]],
  [
    'sort or filter',
    10,
    (rng, _c, s) => {
      s.view = { ...rng.pick(SORTS), ...(rng.chance(0.4) ? { filter: rng.pick(FILTERS) } : {}) }
      s.page = 1
      return ['listEpisodes', { runId: s.run, ...s.view, offset: 0, limit: 200 }]
    }
  ],
  [
    'switch run',
    4,
    (rng, c, s) => {
      s.run = rng.pick(c.runs)
      s.page = 0
      return ['getRun', s.run]
    }
  ],
  [
    'groups',
    8,
    (rng, _c, s) => ['listTaskGroups', { runId: s.run, ...rng.pick(SORTS), offset: 200 * rng.int(0, 2), limit: 200 }]
  ],
  [
    'two runs',
    5,
    (rng, c, s) => [
      'listEpisodes',
      { runId: c.runs[0], runIds: [c.runs[1]], ...s.view, offset: 200 * rng.int(0, 4), limit: 200 }
    ]
  ],
  ['search', 5, (rng) => ['search', rng.pick(WORDS), { limit: 50 }]],
  ['runs', 3, () => ['listRuns']]
]
/** The floor: the cheapest call there is, so the figure is the transport's and the threads'. */
const EMPTY = /** @type {typeof BROWSE} */ ([['empty', 1, () => ['getProgress']]])

/**
 * @param {Caller} served
 * @param {{ clients: number, seconds: number, mix: 'browse' | 'empty', context: LoadContext, seed?: number }} o
 * @returns {Promise<LoadFigures>}
 */
export async function measureLoad(served, { clients, seconds, mix, context, seed = 1 }) {
  const table = mix === 'empty' ? EMPTY : BROWSE
  const weights = table.map((k) => k[1])
  /** @type {{ kind: string, ms: number }[]} */
  const done = []
  let errors = 0
  const t0 = performance.now()
  const until = t0 + seconds * 1000
  const client = async (/** @type {number} */ n) => {
    const rng = createRng(`${seed}:client:${n}`)
    /** @type {Session} */
    const session = { run: rng.pick(context.runs), view: { ...SORTS[0] }, page: 0, episodes: [] }
    while (performance.now() < until) {
      const [kind, , make] = rng.weighted(table, weights)
      const [method, ...args] = make(rng, context, session)
      const t = performance.now()
      try {
        const value = /** @type {any} */ (await served.call(method, ...args))
        done.push({ kind, ms: performance.now() - t })
        if (method === 'listEpisodes' && args[0] && /** @type {any} */ (args[0]).runId === session.run) {
          session.episodes = value.items.map((/** @type {{ id: string }} */ e) => e.id)
          if (value.items.length < 200) session.page = 0 // the end of the table: back to the top
        }
      } catch {
        errors++
      }
    }
  }
  await Promise.all(Array.from({ length: clients }, (_, n) => client(n)))
  const elapsed = (performance.now() - t0) / 1000
  const all = done.map((d) => d.ms)
  /** @type {LoadFigures['byKind']} */
  const byKind = {}
  for (const [kind] of table) {
    const ms = done.filter((d) => d.kind === kind).map((d) => d.ms)
    if (ms.length) byKind[kind] = { n: ms.length, p50: percentile(ms, 50), p95: percentile(ms, 95) }
  }
  return {
    clients,
    seconds: elapsed,
    mix,
    calls: done.length,
    errors,
    rps: done.length / elapsed,
    p50: all.length ? percentile(all, 50) : 0,
    p95: all.length ? percentile(all, 95) : 0,
    // a loop: the empty call's floor makes 100,000+ calls, past what a spread may pass as arguments
    max: all.reduce((m, x) => Math.max(m, x), 0),
    byKind
  }
}

/**
 * What the mix draws from, read from the server: the runs (the two biggest first) and episodes of the biggest.
 * @param {Caller} served
 * @returns {Promise<LoadContext>}
 */
export async function loadContext(served) {
  const runs = /** @type {{ id: string, episodes: number }[]} */ (await served.call('listRuns'))
  if (runs.length === 0) throw new Error('the server lists no runs')
  const sorted = [...runs].sort((x, y) => y.episodes - x.episodes)
  const page = /** @type {{ items: { id: string }[] }} */ (
    await served.call('listEpisodes', { runId: sorted[0].id, limit: 200, offset: Math.floor(sorted[0].episodes / 2) })
  )
  return {
    runs: sorted.map((r) => r.id),
    rows: sorted[0].episodes,
    episodeIds: page.items.map((e) => e.id)
  }
}

/** A caller over HTTP for a printed serve URL (token included). @param {string} url @returns {Caller} */
export function httpCaller(url) {
  const u = new URL(url)
  const token = u.searchParams.get('token') ?? ''
  return { call: apiCaller(u.origin, token) }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      clients: { type: 'string', default: '8' },
      seconds: { type: 'string', default: '15' },
      mix: { type: 'string', default: 'browse' }
    }
  })
  if (!positionals[0]) {
    process.stderr.write('usage: node tests/bench/load-mix.mjs URL [--clients N] [--seconds S] [--mix browse|empty]\n')
    process.exit(2)
  }
  const served = httpCaller(positionals[0])
  const mix = values.mix === 'empty' ? 'empty' : 'browse'
  const figures = await measureLoad(served, {
    clients: Number(values.clients),
    seconds: Math.min(Number(values.seconds), 120), // bounded: never a runaway load
    mix,
    context: await loadContext(served)
  })
  process.stdout.write(JSON.stringify(figures, null, 2) + '\n')
}
