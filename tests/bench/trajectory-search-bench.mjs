/**
 * Search over trajectory files, one JSON document per episode as SWE-agent writes them (the search phase's corpus is
 * JSONL): `files` copies of a real SWE-agent trajectory (../shared/fixtures, read at bench time, written to the
 * bench's own folder), each in its instance's folder of one run, indexed by the CLI, then top-50 relevance queries
 * through `rollscope serve`, a word not asked before on each call, so that each page reads its 50 hits back from 50
 * files. A page paid each file's SWE-bench result lookup (the run folder and its parents listed and every sub-folder
 * stat-ed, per file: p50 54 ms here, 1 s for a run under a busy folder) until those were kept for the page
 * (FormatContext.memo).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import Database from 'better-sqlite3'
import { jsonOf, runCli } from './cli-child.mjs'
import { percentile, SEARCH_TARGET_MS } from './search-bench.mjs'
import { startServe, waitUntilIdle } from './serve-child.mjs'

const FIXTURE = 'fixtures/swe-agent/v1.0-function-calling/marshmallow-code__marshmallow-1867.traj'
/** Words asked, each once (the first of all is asked before, untimed: serve's first search warms its threads). */
const QUERIES = 20

/**
 * @typedef {object} TrajectorySearchFigures
 * @property {number} files @property {number} mb
 * @property {number} indexSeconds the CLI's wall time (listing and full text)
 * @property {number} p50 @property {number} p95 of a new query's top 50, ms
 * @property {number} hits the first page's hits (50 when the word is in 50 files)
 * @property {string} verdict
 */

/**
 * @param {{ cli: string, root: string, benchDir: string, files: number, log: (m: string) => void }} o
 * @returns {Promise<TrajectorySearchFigures | { skipped: string }>}
 */
export async function measureTrajectorySearch({ cli, root, benchDir, files, log }) {
  const fixture = resolve(root, '../shared', FIXTURE)
  if (!existsSync(fixture)) return { skipped: `${fixture} not found (the shared fixtures beside the project)` }
  // as SWE-agent 1.0 writes a run: <run>/<instance>/<instance>.traj
  const runDir = join(benchDir, 'trajectories', `run-${files}`)
  for (let i = 0; i < files; i++) {
    const instance = `marshmallow-code__marshmallow-${1000 + i}`
    const to = join(runDir, instance, `${instance}.traj`)
    mkdirSync(join(runDir, instance), { recursive: true })
    if (!existsSync(to)) copyFileSync(fixture, to)
  }
  const dbDir = mkdtempSync(join(tmpdir(), 'rollscope-traj-bench-'))
  try {
    const db = join(dbDir, 'trajectories.db')
    log(`trajectory search: ${files} SWE-agent trajectories in ${runDir}`)
    const t0 = performance.now()
    const report = jsonOf(await runCli(cli, ['index', runDir, '--db', db, '--json']), 'index (trajectories)')
    const indexSeconds = (performance.now() - t0) / 1000
    const words = commonWords(db, QUERIES + 1)
    const served = await startServe(cli, [runDir], db)
    try {
      await waitUntilIdle(served)
      await served.call('search', words[0], { limit: 50 })
      const ms = []
      let hits = 0
      for (const w of words.slice(1)) {
        const t = performance.now()
        const page = await served.call('search', w, { limit: 50 })
        ms.push(performance.now() - t)
        hits ||= page.hits.length
      }
      const p95 = percentile(ms, 95)
      return {
        files,
        mb: (statSync(fixture).size * files) / 1e6,
        indexSeconds: report.seconds ?? indexSeconds,
        p50: percentile(ms, 50),
        p95,
        hits,
        verdict: p95 < SEARCH_TARGET_MS ? 'PASS' : 'BELOW'
      }
    } finally {
      await served.stop()
    }
  } finally {
    rmSync(dbDir, { recursive: true, force: true })
  }
}

/** The index's commonest words of 4+ letters (the text column's): each is in every file, so a page of 50 files. */
function commonWords(dbPath, n) {
  const db = new Database(dbPath, { readonly: true })
  try {
    db.exec(`CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, 'search_fts', 'col')`)
    return db
      .prepare(
        `SELECT term FROM temp.vocab WHERE col = 'text' AND length(term) >= 4 AND term NOT GLOB '*[^a-z]*'
         ORDER BY doc DESC, term LIMIT ?`
      )
      .pluck()
      .all(n)
  } finally {
    db.close()
  }
}
