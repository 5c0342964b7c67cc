/** Formats the benchmark figures as a plain-text table (PRODUCT.md §4 targets with PASS/BELOW verdicts). */
import { lowvocabRows } from './lowvocab-bench.mjs'
import { MILLION_BASELINE, MILLION_TARGETS } from './million-bench.mjs'

/**
 * @typedef {object} BenchFigures
 * @property {string} at ISO time of the run
 * @property {string} node Node version
 * @property {{ mb: number, files: number, episodes: number, reused: boolean, seconds: number }} corpus
 * @property {{ mbPerSec: number, seconds: number, passes: number[] }} limit
 * @property {null | { wallSeconds: number, mbPerSec: number, engineSeconds: number | null, episodes: number,
 *   indexed: number, skipped: number, failed: number, exitCode: number | null, peakRssMb: number | null,
 *   observedPeakRssMb: number | null }} index
 * @property {null | { value: number, target: number, verdict: string }} ratio
 * @property {null | { peakRssMb: number, target: number, verdict: string }} memory
 * @property {null | { wallSeconds: number, skipped: number, target: number, verdict: string }} reopen
 * @property {null | { wallSeconds: number, mb: number, read: number, traces: number, target: number, verdict: string }} [addRun]
 * @property {null | { run: string, startupMs: number, runsMs: number, episodesMs: number, episodesSortedMs: number }} queries
 * @property {null | InspectFigures} [inspect]
 * @property {null | ViewerFigures} [viewer]
 * @property {null | import('./compare-bench.mjs').CompareFigures} [compare]
 * @property {null | import('./fts-bench.mjs').FtsFigures} [fts]
 * @property {null | import('./search-bench.mjs').SearchFigures} [search]
 * @property {null | import('./training-bench.mjs').TrainingFigures} [training]
 * @property {null | import('./lowvocab-bench.mjs').LowvocabFigures} [lowvocab]
 * @property {null | import('./hostile-bench.d.mts').HostileResult[]} [hostile]
 * @property {null | import('./million-bench.mjs').MillionFigures} [million]
 * @property {null | import('./trajectory-search-bench.mjs').TrajectorySearchFigures} [trajectorySearch]
 * @property {string[]} notes
 */

/**
 * The browser phase (viewer-bench.mjs): times in ms; a load's breakdown is counted from its start.
 * @typedef {object} ViewerFigures
 * @property {{ turns: number, mb: number, reused: boolean, responseMb: number, fetchedTurns: number }} episode
 * @property {{ ms: number, runs: number[], coldMs: number, breakdown: import('./viewer-bench.mjs').ViewerLoad, verdict: string, floor?: { ms: number, runs: number[], coldMs: number }, floorWithOpenerPolicy?: null | { ms: number, runs: number[], coldMs: number, header: string | null } }} deepLink
 *   first paint from navigation start, fresh tab each time (median; the first, cold load apart); `floor`: a fresh
 *   tab's first paint of a static one-line page in the same run (blank-tab-floor.mjs); `floorWithOpenerPolicy`: the
 *   same page with serve's cross-origin-opener-policy header (null when serve sends none)
 * @property {{ ms: number, runs: number[], breakdown: import('./viewer-bench.mjs').ViewerLoad, verdict: string }} inApp
 *   first paint from the hash change, the app already showing the run (median)
 * @property {number} target PRODUCT.md §4, ms
 * @property {number} fetchJsonMs the reference: getEpisode fetched and parsed in the same page (median of 5)
 * @property {number[]} fetchJsonRuns
 * @property {number} ratio in-app first paint / reference
 * @property {number | null} scrollToEndMs null when the last turn never showed
 * @property {number} scrollFrames
 * @property {boolean} lastTurnVisible
 * @property {{ frames: number, p50: number, p95: number, max: number, over50: number, maxRows: number }} sweep
 * @property {number} seconds the whole phase
 */

/**
 * @typedef {object} InspectFigures
 * @property {number} mb on-disk size of the .eval corpus
 * @property {number} uncompressedMb
 * @property {number} files
 * @property {number} episodes
 * @property {number} indexedEpisodes
 * @property {number} failed
 * @property {number} limitMbPerSec read + inflate + JSON.parse, on-disk MB/s
 * @property {number[]} limitPasses
 * @property {number} indexMbPerSec
 * @property {number} indexSeconds the listing pass (CLI wall minus the full-text pass)
 * @property {number} searchSeconds the full-text pass that follows it
 * @property {number} peakRssMb
 * @property {{ value: number, target: number, verdict: string }} ratio
 * @property {number} openSampleMs `show EPISODE --json` wall time, median of 5
 * @property {number} startupMs
 */

const f1 = (/** @type {number} */ x) => x.toFixed(1)
const f2 = (/** @type {number} */ x) => x.toFixed(2)

/** `PASS` when `value` meets the target (`atLeast` for throughput, else at most). */
export function verdict(/** @type {number} */ value, /** @type {number} */ target, atLeast = true) {
  return (atLeast ? value >= target : value < target) ? 'PASS' : 'BELOW'
}

/** @param {BenchFigures} b @returns {string} */
export function formatBench(b) {
  /** @type {[string, string, string][]} */
  const rows = []
  // `--mb 0` skips the main corpus
  if (b.corpus.mb > 0)
    rows.push(
      [
        'corpus',
        `${f1(b.corpus.mb)} MB, ${b.corpus.files} files, ${b.corpus.episodes} episodes`,
        b.corpus.reused ? 'reused' : `generated in ${f1(b.corpus.seconds)} s`
      ],
      [
        'limit: read + JSON.parse',
        `${f1(b.limit.mbPerSec)} MB/s`,
        `best of ${b.limit.passes.length}: ${b.limit.passes.map(f2).join(' s, ')} s`
      ]
    )
  if (b.index) {
    const i = b.index
    rows.push([
      'indexing (CLI wall)',
      `${f1(i.mbPerSec)} MB/s, ${f2(i.wallSeconds)} s`,
      `engine ${i.engineSeconds === null ? '?' : f2(i.engineSeconds) + ' s'}; ${i.indexed} indexed, ${i.failed} failed, ${i.episodes} episodes; exit ${i.exitCode}`
    ])
  }
  if (b.ratio) rows.push(['ratio index / limit', f2(b.ratio.value), `target >= ${b.ratio.target}: ${b.ratio.verdict}`])
  if (b.fts) {
    const x = b.fts
    rows.push([
      'full-text pass (after listing)',
      `${f2(x.passSeconds)} s`,
      `${x.rows} rows, ${f1(x.textMb)} M chars; bare FTS5 build of the corpus's messages (${f1(x.bareTextMb ?? 0)} M chars) ${f2(x.bareSeconds)} s`
    ])
    rows.push(['  ratio bare FTS5 / pass', f2(x.ratio.value), `target >= ${x.ratio.target}: ${x.ratio.verdict}`])
  }
  if (b.search) rows.push(...searchRows(b.search))
  if (b.lowvocab) rows.push(...lowvocabRows(b.lowvocab))
  if (b.memory)
    rows.push([
      'peak RSS (indexing)',
      `${f1(b.memory.peakRssMb)} MB`,
      `target < ${b.memory.target} MB: ${b.memory.verdict}`
    ])
  if (b.reopen)
    rows.push([
      're-open unchanged',
      `${f2(b.reopen.wallSeconds)} s`,
      `${b.reopen.skipped} skipped; target < ${b.reopen.target} s: ${b.reopen.verdict}`
    ])
  if (b.addRun)
    rows.push([
      `add one ${f1(b.addRun.mb)} MB run`,
      `${f2(b.addRun.wallSeconds)} s`,
      `the whole workspace indexed again: ${b.addRun.read} of ${b.addRun.traces} trace files read (target ${b.addRun.target}: ${b.addRun.verdict})`
    ])
  if (b.queries) {
    const q = b.queries
    rows.push(['CLI start-up (--version)', `${f1(q.startupMs)} ms`, 'median of 5'])
    rows.push(['runs --json', `${f1(q.runsMs)} ms`, `median of 5 (minus start-up: ${f1(q.runsMs - q.startupMs)} ms)`])
    rows.push([
      'episodes --limit 200',
      `${f1(q.episodesMs)} ms`,
      `median of 5 (minus start-up: ${f1(q.episodesMs - q.startupMs)} ms)`
    ])
    rows.push([
      '  same, --sort reward --desc',
      `${f1(q.episodesSortedMs)} ms`,
      `minus start-up: ${f1(q.episodesSortedMs - q.startupMs)} ms`
    ])
  }
  if (b.inspect) {
    const x = b.inspect
    rows.push([
      'inspect corpus',
      `${f1(x.mb)} MB .eval (${f1(x.uncompressedMb)} MB inflated), ${x.files} files, ${x.episodes} samples`,
      `${x.indexedEpisodes} indexed, ${x.failed} failed`
    ])
    rows.push([
      '  limit: read + inflate + parse',
      `${f1(x.limitMbPerSec)} MB/s`,
      `best of ${x.limitPasses.length}: ${x.limitPasses.map(f2).join(' s, ')} s`
    ])
    rows.push([
      '  indexing (listing pass)',
      `${f1(x.indexMbPerSec)} MB/s, ${f2(x.indexSeconds)} s`,
      `then the full-text pass ${f2(x.searchSeconds)} s; peak RSS ${f1(x.peakRssMb)} MB`
    ])
    rows.push(['  ratio index / limit', f2(x.ratio.value), `target >= ${x.ratio.target}: ${x.ratio.verdict}`])
    rows.push([
      '  open one sample (show)',
      `${f1(x.openSampleMs)} ms`,
      `median of 5 (minus start-up: ${f1(x.openSampleMs - x.startupMs)} ms)`
    ])
  }
  if (b.compare) {
    const c = b.compare
    rows.push([
      `compare ${c.tasks.toLocaleString('en-US')} tasks`,
      `${Math.round(c.ms)} ms`,
      `compare --json minus start-up (median of 3, ${c.sharedTasks} shared, CI ${c.ciMethod}); target < ${c.target} ms: ${c.verdict}`
    ])
  }
  if (b.viewer) rows.push(...viewerRows(b.viewer))
  if (b.training) rows.push(...trainingRows(b.training))
  if (b.trajectorySearch) {
    const t = b.trajectorySearch
    rows.push([
      'top-50 in trajectory files, new query',
      `p95 ${f1(t.p95)} ms`,
      `p50 ${f1(t.p50)}; ${t.files} SWE-agent .traj files (${f1(t.mb)} MB), one per instance folder of a run, ${t.hits} hits a page; indexed in ${f1(t.indexSeconds)} s; target < 50 ms: ${t.verdict}`
    ])
  }
  if (b.hostile) rows.push(...hostileRows(b.hostile))
  if (b.million) rows.push(...millionRows(b.million))
  const w0 = Math.max(...rows.map((r) => r[0].length))
  const w1 = Math.max(...rows.map((r) => r[1].length))
  const lines = rows.map((r) => `${r[0].padEnd(w0)}  ${r[1].padEnd(w1)}  ${r[2]}`)
  const rule = '-'.repeat(Math.max(...lines.map((l) => l.length)))
  return (
    [`Rollscope bench (${b.at}, Node ${b.node})`, rule, ...lines, rule, ...b.notes.map((n) => `note: ${n}`)].join(
      '\n'
    ) + '\n'
  )
}

/**
 * Issue 17's hostile inputs: peak RSS of `index` and of `serve` opening every episode, against the 500 MB target.
 * @param {import('./hostile-bench.d.mts').HostileResult[]} list @returns {[string, string, string][]}
 */
function hostileRows(list) {
  const mb = (/** @type {number | null} */ x) => (x === null ? '?' : f1(x))
  const ok = (/** @type {number | null} */ x) => (x !== null && x < 500 ? 'PASS' : 'BELOW')
  /** @type {[string, string, string][]} */
  const rows = [['hostile input (peak RSS)', 'index / open', 'target < 500 MB for both (PRODUCT.md §4)']]
  for (const h of list) {
    const status = h.file
      ? `${h.file.state}${h.file.warnings.length ? ', ' + h.file.warnings.length + ' warning(s)' : ''}`
      : 'no status'
    rows.push([
      `  ${h.name}`,
      `${mb(h.indexPeakMb)} / ${mb(h.openPeakMb)} MB`,
      `${ok(h.indexPeakMb)} / ${ok(h.openPeakMb)}; ${h.what}; ${status}; index ${f1(h.indexMs / 1000)} s, slowest open ${f1(h.openMs / 1000)} s; control ${h.control?.state ?? '?'} (${h.control?.episodes ?? 0} episodes)`
    ])
  }
  return rows
}

/** @param {import('./search-bench.mjs').SearchFigures} x @returns {[string, string, string][]} */
function searchRows(x) {
  const rows = /** @type {[string, string, string][]} */ ([
    [
      'full-text top-50, asked again, worst p95',
      `${f1(x.worstP95)} ms`,
      `on ${f1(x.textMb)} M chars of text (${x.rows} rows), ${x.runs} runs per shape; target < 50 ms on 1 GB: ${x.verdict}${x.textMb < 900 ? " (smaller text than the target's: --search-mb 1000)" : ''}`
    ]
  ])
  for (const s of x.shapes.filter((s) => !s.fresh)) {
    const hits = `${s.total.toLocaleString('en-US')}${s.totalCapped ? '+' : ''} hits`
    rows.push([
      `  ${s.order === 'index' ? 'index' : 'relevance'}: ${s.name}`,
      `p95 ${f1(s.p95)} ms`,
      `p50 ${f1(s.p50)}, max ${f1(s.max)}, first (cold) ${f1(s.firstMs ?? 0)} ms; ${hits}; ${s.query}`
    ])
  }
  const fresh = x.shapes.filter((s) => s.fresh)
  if (fresh.length && x.worstFreshP95 !== undefined)
    rows.push([
      'full-text top-50, a new query each call',
      `${f1(x.worstFreshP95)} ms`,
      `worst p95; no answer, hit row or snippet kept for it; target < 50 ms on 1 GB: ${x.verdictFresh}`
    ])
  for (const s of fresh) {
    rows.push([
      `  ${s.order === 'index' ? 'index' : 'relevance'}: ${s.name}`,
      `p95 ${f1(s.p95)} ms`,
      `p50 ${f1(s.p50)}, max ${f1(s.max)} ms; first query ${s.total.toLocaleString('en-US')}${s.totalCapped ? '+' : ''} hits; ${s.query}`
    ])
    if (s.floor)
      rows.push([
        '    its ranking alone (FTS5 bm25)',
        `p95 ${f1(s.floor.p95)} ms`,
        `p50 ${f1(s.floor.p50)} ms; the same queries, search.ts's ranking statement alone in the bench's process: the floor under the figure above`
      ])
  }
  rows.push(['  transport (empty call)', `p50 ${f1(x.callP50)} ms`, 'HTTP + engine thread, inside every figure above'])
  return rows
}

/** @param {ViewerFigures} v @returns {[string, string, string][]} */
function viewerRows(v) {
  const ms = (/** @type {number | null} */ x) => (x === null ? '?' : `${Math.round(x)}`)
  const list = (/** @type {number[]} */ xs) => xs.map((x) => Math.round(x)).join(', ')
  const a = v.inApp.breakdown
  const d = v.deepLink.breakdown
  const s = v.sweep
  return [
    [
      'viewer: long episode',
      `${v.episode.turns.toLocaleString('en-US')} turns, ${f1(v.episode.mb)} MB`,
      `getEpisodePreview answer ${f1(v.episode.responseMb)} MB; whole phase ${f1(v.seconds)} s`
    ],
    [
      '  first paint, in-app open',
      `${ms(v.inApp.ms)} ms`,
      `median of ${v.inApp.runs.length} (${list(v.inApp.runs)}); target < ${v.target} ms: ${v.inApp.verdict}`
    ],
    [
      '  reference: fetch + parse',
      `${ms(v.fetchJsonMs)} ms`,
      `the whole episode (getEpisode JSON) in the same page, median of ${v.fetchJsonRuns.length}`
    ],
    ['  ratio paint / reference', f2(v.ratio), '1.00 = the viewer costs nothing beyond loading the episode'],
    [
      '  in-app: where the time goes',
      `${ms(a.firstPaint)} ms`,
      a.headStart !== null
        ? `head request ${ms(a.headStart)} → first byte ${ms(a.headResponseStart)} → last byte ${ms(a.headEnd)} → row in DOM ${ms(a.rowInDom)} → painted ${ms(a.firstPaint)} ms (${a.paintSource}); then the preview: request ${ms(a.episodeStart)} → last byte ${ms(a.episodeEnd)}`
        : `request ${ms(a.episodeStart)} → first byte ${ms(a.episodeResponseStart)} → last byte ${ms(a.episodeEnd)} → row in DOM ${ms(a.rowInDom)} → painted ${ms(a.firstPaint)} ms (${a.paintSource})`
    ],
    [
      '  first paint, deep link',
      `${ms(v.deepLink.ms)} ms`,
      `from navigation, fresh tab, median of ${v.deepLink.runs.length} (${list(v.deepLink.runs)}; cold ${ms(v.deepLink.coldMs)}); target < ${v.target} ms: ${v.deepLink.verdict}`
    ],
    ...(v.deepLink.floor
      ? /** @type {[string, string, string][]} */ ([
          [
            "  deep link: this machine's floor",
            `${ms(v.deepLink.floor.ms)} ms`,
            `a fresh tab painting one line of a static page after one script, median of ${v.deepLink.floor.runs.length} (${list(v.deepLink.floor.runs)}; cold ${ms(v.deepLink.floor.coldMs)}); the deep link paints ${ms(v.deepLink.ms - v.deepLink.floor.ms)} ms after it`
          ]
        ])
      : []),
    ...(v.deepLink.floorWithOpenerPolicy
      ? /** @type {[string, string, string][]} */ ([
          [
            "    the same, with serve's headers",
            `${ms(v.deepLink.floorWithOpenerPolicy.ms)} ms`,
            `cross-origin-opener-policy: ${v.deepLink.floorWithOpenerPolicy.header} (a new renderer process for the tab), median of ${v.deepLink.floorWithOpenerPolicy.runs.length} (${list(v.deepLink.floorWithOpenerPolicy.runs)}); the deep link paints ${ms(v.deepLink.ms - v.deepLink.floorWithOpenerPolicy.ms)} ms after it`
          ]
        ])
      : []),
    [
      '  deep link: where the time goes',
      `${ms(d.firstPaint)} ms`,
      d.rowKind === 'boot'
        ? `first script: head request ${ms(d.headStart)} → first byte ${ms(d.headResponseStart)} → last byte ${ms(d.headEnd)} → row in DOM ${ms(d.rowInDom)} → painted ${ms(d.firstPaint)} ms`
        : `app shell painted ${ms(d.fcp)} → request ${ms(d.episodeStart)} → first byte ${ms(d.episodeResponseStart)} → last byte ${ms(d.episodeEnd)} → row in DOM ${ms(d.rowInDom)} → painted ${ms(d.firstPaint)} ms`
    ],
    ...(d.rowKind === 'boot'
      ? /** @type {[string, string, string][]} */ ([
          [
            '  deep link: the app takes over',
            `${ms(d.appRowInDom)} ms`,
            `the app's own first row in the DOM (preview request ${ms(d.episodeStart)} → first byte ${ms(d.episodeResponseStart)} → last byte ${ms(d.episodeEnd)})`
          ]
        ])
      : []),
    [
      '  scroll to the last turn',
      v.scrollToEndMs === null ? 'never shown' : `${ms(v.scrollToEndMs)} ms`,
      `${v.scrollFrames} frame(s); turn #${v.episode.turns - 1} ${v.lastTurnVisible ? 'visible' : 'NOT visible'}`
    ],
    [
      '  scroll through it all',
      `p95 frame ${f1(s.p95)} ms`,
      `${s.frames} frames: p50 ${f1(s.p50)}, max ${f1(s.max)} ms, ${s.over50} over 50 ms; at most ${s.maxRows} turn rows in the DOM`
    ]
  ]
}

/** @param {import('./training-bench.mjs').TrainingFigures} x @returns {[string, string, string][]} */
function trainingRows(x) {
  const c = x.corpus
  const rows = /** @type {[string, string, string][]} */ ([
    [
      'training run',
      `${c.steps} steps × ${c.rollouts} rollouts, ${f1(c.mb)} MB`,
      `${c.files} files, ${c.episodes.toLocaleString('en-US')} episodes; ${c.reused ? 'reused' : `generated in ${f1(c.seconds)} s`}`
    ],
    [
      '  limit: read + JSON.parse',
      `${f1(x.limit.mbPerSec)} MB/s`,
      `best of ${x.limit.passes.length}: ${x.limit.passes.map(f2).join(' s, ')} s`
    ],
    [
      '  first step browsable',
      `${f2(x.firstBrowsable.seconds)} s`,
      `from the spawn of serve (${f2(x.firstBrowsable.afterUrlSeconds)} s after its URL): the run listed, step 0 paged; ${x.firstBrowsable.steps} step(s) listed then`
    ],
    [
      '  listing (every step)',
      `${f1(x.listing.mbPerSec)} MB/s, ${f1(x.listing.seconds)} s`,
      `ratio to the limit ${f2(x.listing.ratio)} (target >= 0.5: ${verdict(x.listing.ratio, 0.5)})`
    ],
    [
      '  full index (+ full text)',
      `${f1(x.full.mbPerSec)} MB/s, ${f1(x.full.seconds)} s`,
      `full-text pass ${f1(x.full.searchSeconds)} s; ratio to the limit ${f2(x.full.ratio)} (target >= 0.12: ${verdict(x.full.ratio, 0.12)})`
    ],
    [
      '  database',
      `${f1(x.db.mb)} MB`,
      `${f2(x.db.ratio)} × the source (target <= 0.5: ${verdict(x.db.ratio, 0.5, false)})`
    ],
    [
      '  peak RSS (serve: engine + indexer)',
      `${f1(x.memory.peakRssMb)} MB`,
      `target < ${x.memory.target} MB: ${x.memory.verdict}` +
        (x.memory.byPhase
          ? `; by the end of the listing ${f1(x.memory.byPhase.listing)}, of the full-text pass ${f1(x.memory.byPhase.fullText)}`
          : '')
    ],
    [
      '  trainingCurve (engine)',
      `p50 ${f1(x.curveApi.p50)} ms`,
      `p95 ${f1(x.curveApi.p95)} ms over ${x.curveApi.runs.length} calls through serve; ${x.curveApi.points} points, ${x.curveApi.episodes.toLocaleString('en-US')} episodes`
    ],
    [
      '  curve read cold (every step)',
      `${Math.round(x.curveApi.coldMs)} ms`,
      '`rollscope curve` minus start-up, median of 3: what a watching engine does once after a job'
    ]
  ])
  if (x.curveDraw)
    rows.push([
      '  curve screen, first open',
      `${Math.round(x.curveDraw.coldMs)} ms`,
      `after indexing, from the hash change (the request ${Math.round(x.curveDraw.coldApiMs)} ms of it); target < ${x.curveDraw.target} ms: ${verdict(x.curveDraw.coldMs, x.curveDraw.target, false)}`
    ])
  if (x.curveDraw)
    rows.push([
      '  curve screen, reopened',
      `${Math.round(x.curveDraw.ms)} ms`,
      `median of ${x.curveDraw.runs.length} (${x.curveDraw.runs.map((r) => Math.round(r)).join(', ')}) from the hash change, the request ${Math.round(x.curveDraw.apiMs)} ms of it; target < ${x.curveDraw.target} ms: ${x.curveDraw.verdict}`
    ])
  return rows
}

/** @param {import('./million-bench.mjs').MillionFigures} x @returns {[string, string, string][]} */
function millionRows(x) {
  const c = x.corpus
  const t = MILLION_TARGETS
  const s = x.summary
  const rows = /** @type {[string, string, string][]} */ ([
    [
      'million episodes',
      `${c.runs} runs × ${c.rows.toLocaleString('en-US')}, ${c.episodes.toLocaleString('en-US')} episodes`,
      `source ${f1(c.sourceMb)} MB, database ${f1(c.dbMb)} MB; ${c.reused ? 'reused' : `indexed in ${f1(c.indexSeconds ?? 0)} s`}; ${x.reps} calls per shape through serve`
    ],
    [
      '  machine',
      `${x.machine.cores} cores`,
      `load average ${x.machine.start.map(f1).join(' / ')} at the start, ${x.machine.end.map(f1).join(' / ')} at the end (1 / 5 / 15 min): wall times below include waiting for a core`
    ],
    ['  limit: transport (empty call)', `p50 ${f1(x.callP50)} ms`, 'HTTP + thread hops, inside every figure below'],
    [
      '  worst page / sort / filter',
      `p95 ${f1(s.worstPageP95)} ms`,
      `${s.worstPage}; target < ${t.pageP95} ms: ${s.verdictPage}`
    ],
    ['  two runs in one table, worst', `p95 ${f1(s.twoRunP95)} ms`, `target < ${t.twoRunP95} ms: ${s.verdictTwoRun}`],
    ['  search top 50, worst', `p95 ${f1(s.searchP95)} ms`, `target < ${t.searchP95} ms: ${s.verdictSearch}`]
  ])
  for (const sh of x.shapes)
    rows.push([
      `    ${sh.group}: ${sh.name}`,
      `p95 ${f1(sh.p95)} ms`,
      `p50 ${f1(sh.p50)}, first ${f1(sh.firstMs)}, max ${f1(sh.max)}; CPU ${sh.cpuMs === null ? '?' : f1(sh.cpuMs)} ms a call; ${sh.total.toLocaleString('en-US')} rows; ${sh.p95 < sh.target ? 'PASS' : 'BELOW'} (< ${sh.target})`
    ])
  if (x.floor)
    rows.push([
      '  limit: empty call, 8 clients',
      `${f1(x.floor.rps)} calls/s`,
      `p95 ${f1(x.floor.p95)} ms: the transport's ceiling on this machine`
    ])
  for (const l of x.load) {
    const base = l.clients === 8 ? MILLION_BASELINE.load8 : l.clients === 32 ? MILLION_BASELINE.load32 : null
    const gain = base && base.rps > 0 ? l.rps / base.rps : null
    const ge = l.byKind.getEpisode
    rows.push([
      `  ${l.clients} clients over the mix`,
      `${f1(l.rps)} calls/s, p95 ${Math.round(l.p95)} ms`,
      `p50 ${Math.round(l.p50)}, max ${Math.round(l.max)} ms, ${l.calls} calls in ${f1(l.seconds)} s, ${l.errors} errors; getEpisode p50 ${ge ? Math.round(ge.p50) : '?'} ms` +
        (gain === null
          ? ''
          : `; ${f2(gain)}× before (${f1(base.rps)} calls/s, p95 ${Math.round(base.p95)} ms)` +
            (l.clients === 8
              ? `; target >= ${t.loadGain}× with p95 < ${t.loadP95} ms: ${gain >= t.loadGain && l.p95 < t.loadP95 ? 'PASS' : 'BELOW'}`
              : ''))
    ])
  }
  if (x.peakRssMb !== null) rows.push(['  peak RSS (serve)', `${f1(x.peakRssMb)} MB`, 'over the whole phase'])
  return rows
}
