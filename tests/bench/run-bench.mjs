/**
 * `npm run bench` (after `electron-vite build`): PRODUCT.md §4 performance figures on a generated corpus, as ratios
 * to this machine's own read+parse limit measured in the same run.
 *
 * Flags: --mb N (corpus size, default 300), --inspect-mb N (Inspect .eval corpus, default 100; 0 skips it),
 * --compare-tasks N (tasks per run of the compare phase, default 100000; 0 skips it),
 * --viewer-loads N (browser phase: opens of the 2,000-turn episode per way in, default 5; 0 skips it),
 * --search-runs N (full-text query times: repetitions per query shape, default 20; 0 skips it), --search-mb N (measure
 * search on its own corpus of N MB, e.g. 1000 for the 1 GB of PRODUCT.md §4; default 0: on the main corpus's
 * database), --hostile 0 (skips the hostile-input phase: issue 17's inputs, peak RSS of indexing and of opening each
 * against the 500 MB target, about a minute), --trajectory-files N (a new search's top 50 over N copies of a real
 * SWE-agent trajectory, one JSON file per episode; default 200, 0 skips it), --keep (keep the temporary bench
 * database and print its path).
 * Training run (off by default: ~5 GB and several minutes): --training or BENCH_TRAINING=1 adds a generated prime-rl
 * output folder of --training-steps N (default 500) × --training-rollouts N (default 512) multi-turn rollouts, cached
 * in .bench/training-run (--training-drop deletes it afterwards): time to the first browsable step, the listing and full
 * index against the read+parse floor, database size, peak RSS, and the training curve through the engine and in
 * Chromium (training-bench.mjs).
 * Low-vocabulary corpus (issue 16's acceptance): --lowvocab-mb N (default 200; 0 skips it) MB from
 * ../shared/tools/gen_lowvocab_corpus.py, indexed --lowvocab-runs N times (default 3): full index against the floor,
 * the full-text pass, database, peak RSS (lowvocab-bench.mjs); --fresh-install-runs N (default 0: slow, minutes) then
 * indexes it N times from a fresh install of the working tree (copy, npm ci, npm run build) and reports each peak RSS.
 * A million episodes (off by default: indexing them once takes minutes): --million or BENCH_MILLION=1 adds a generated
 * corpus of --million-runs N (default 20) verifiers runs × --million-rows N (default 50000) rollouts, indexed once into
 * .bench/million (reused while unchanged), served by `rollscope serve` and measured through its API: p50 / p95 of
 * every page / sort / filter, two and six runs in one table, task groups, search and an episode opened, each asked
 * --million-reps N times (default 20); then --million-clients (default 8,32) concurrent clients over a mix of those
 * calls for --million-seconds N each (default 15): throughput and p95 (million-bench.mjs, load-mix.mjs).
 * Env: ROLLSCOPE_BENCH_CLI=path/to/rollscope.js to measure another build.
 * The corpus is cached in .bench/corpus and reused while its parameters match. Figures go to stdout and to
 * .bench/last-bench.json. Exit code 0 unless something crashed: the bench never fails the test suite.
 */
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { generateVerifiersCorpus } from '../generators/verifiers-corpus.mjs'
import { measureReadLimit } from './read-limit.mjs'
import { jsonOf, median, runCli } from './cli-child.mjs'
import { formatBench, verdict } from './report.mjs'
import { generateInspectCorpus } from '../generators/inspect-corpus.mjs'
import { measureInspect } from './inspect-bench.mjs'
import { measureViewer } from './viewer-bench.mjs'
import { measureCompare } from './compare-bench.mjs'
import { bareFtsBuild } from './fts-bench.mjs'
import { measureSearch } from './search-bench.mjs'
import { measureTraining } from './training-bench.mjs'
import { measureLowvocab } from './lowvocab-bench.mjs'
import { measureHostile } from './hostile-bench.mjs'
import { measureMillion } from './million-bench.mjs'
import { measureTrajectorySearch } from './trajectory-search-bench.mjs'

if (Number(process.versions.node.split('.')[0]) < 22) {
  console.error(
    `The bench needs Node >= 22 (found ${process.version}). Run it with \`npm run bench\`, which uses the pinned Node 24.`
  )
  process.exit(2)
}

const ROOT = resolve(import.meta.dirname, '../..')
// ROLLSCOPE_BENCH_CLI points the bench at another build (or a stub, to test the bench itself).
const CLI = process.env.ROLLSCOPE_BENCH_CLI
  ? resolve(process.env.ROLLSCOPE_BENCH_CLI)
  : join(ROOT, 'out/main/rollscope.js')
const BENCH_DIR = join(ROOT, '.bench')

/** Step log on stderr, so stdout stays the report. @param {string} msg */
const log = (msg) => process.stderr.write(`[bench] ${msg}\n`)

async function main() {
  const { values } = parseArgs({
    options: {
      mb: { type: 'string', default: '300' },
      'compare-tasks': { type: 'string', default: '100000' },
      'inspect-mb': { type: 'string', default: '100' },
      'viewer-loads': { type: 'string', default: '5' },
      'search-runs': { type: 'string', default: '20' },
      'search-mb': { type: 'string', default: '0' },
      hostile: { type: 'string', default: '1' },
      'trajectory-files': { type: 'string', default: '200' },
      training: { type: 'boolean', default: process.env.BENCH_TRAINING === '1' },
      'training-steps': { type: 'string', default: '500' },
      'training-rollouts': { type: 'string', default: '512' },
      'training-drop': { type: 'boolean', default: false },
      'lowvocab-mb': { type: 'string', default: '200' },
      'lowvocab-runs': { type: 'string', default: '3' },
      'fresh-install-runs': { type: 'string', default: '0' },
      million: { type: 'boolean', default: process.env.BENCH_MILLION === '1' },
      'million-runs': { type: 'string', default: '20' },
      'million-rows': { type: 'string', default: '50000' },
      'million-reps': { type: 'string', default: '20' },
      'million-seconds': { type: 'string', default: '15' },
      'million-clients': { type: 'string', default: '8,32' },
      keep: { type: 'boolean', default: false }
    }
  })
  const totalMB = Number(values.mb)
  if (!Number.isFinite(totalMB) || totalMB < 0) {
    process.stderr.write(`--mb must be a number >= 0 (0 skips the main corpus), got ${values.mb}\n`)
    return 2
  }
  const searchRuns = Number(values['search-runs'])
  const searchMB = Number(values['search-mb'])
  if (!(searchRuns >= 0) || !(searchMB >= 0)) {
    process.stderr.write(`--search-runs and --search-mb must be numbers >= 0\n`)
    return 2
  }
  /** @type {import('./report.mjs').BenchFigures} */
  const bench = {
    at: new Date().toISOString(),
    node: process.version,
    corpus: { mb: 0, files: 0, episodes: 0, reused: false, seconds: 0 },
    limit: { mbPerSec: 0, seconds: 0, passes: [] },
    index: null,
    ratio: null,
    memory: null,
    reopen: null,
    addRun: null,
    queries: null,
    notes: []
  }

  if (totalMB > 0) await mainCorpusPhase(bench, totalMB, searchRuns, searchMB, values.keep)

  if (searchRuns > 0 && searchMB > 0 && existsSync(CLI)) bench.search = await searchCorpusPhase(searchMB, searchRuns)

  const lowvocabMB = Number(values['lowvocab-mb'])
  if (lowvocabMB > 0 && existsSync(CLI)) {
    const lv = await measureLowvocab({
      cli: CLI,
      root: ROOT,
      benchDir: BENCH_DIR,
      mb: lowvocabMB,
      runs: Math.max(1, Number(values['lowvocab-runs']) || 1),
      freshInstallRuns: Math.max(0, Number(values['fresh-install-runs']) || 0),
      log,
      keep: values.keep
    })
    if ('skipped' in lv) bench.notes.push(`low-vocabulary phase skipped: ${lv.skipped}`)
    else bench.lowvocab = lv
  }

  const inspectMB = Number(values['inspect-mb'])
  if (inspectMB > 0 && existsSync(CLI)) {
    const inspectDir = join(BENCH_DIR, 'inspect-corpus')
    log(`inspect corpus: ${inspectMB} MB of .eval in ${inspectDir}`)
    const { manifest: im } = generateInspectCorpus({ outDir: inspectDir, totalMB: inspectMB, seed: 1 })
    bench.inspect = await measureInspect(CLI, inspectDir, im, log)
    if (bench.inspect.indexedEpisodes !== im.episodes)
      bench.notes.push(`inspect: indexed ${bench.inspect.indexedEpisodes} samples, the corpus has ${im.episodes}`)
  }

  const compareTasks = Number(values['compare-tasks'])
  if (compareTasks > 0 && existsSync(CLI))
    bench.compare = await measureCompare(CLI, join(BENCH_DIR, 'compare-corpus'), log, compareTasks)

  const viewerLoads = Number(values['viewer-loads'])
  if (viewerLoads > 0 && existsSync(CLI)) await viewerPhase(bench, viewerLoads)

  // a new search over trajectory files (one JSON document per episode): a few seconds
  const trajectoryFiles = Number(values['trajectory-files'])
  if (trajectoryFiles > 0 && existsSync(CLI)) {
    const t = await measureTrajectorySearch({ cli: CLI, root: ROOT, benchDir: BENCH_DIR, files: trajectoryFiles, log })
    if ('skipped' in t) bench.notes.push(`trajectory search skipped: ${t.skipped}`)
    else bench.trajectorySearch = t
  }

  // issue 17's hostile inputs (about a minute): peak RSS of indexing and of opening each, against the 500 MB target
  if (values.hostile !== '0' && existsSync(CLI)) {
    const workDir = mkdtempSync(join(tmpdir(), 'rollscope-hostile-'))
    try {
      bench.hostile = await measureHostile(CLI, { workDir, log })
    } finally {
      rmSync(workDir, { recursive: true, force: true })
    }
  }

  if (values.training && existsSync(CLI)) {
    const steps = Number(values['training-steps'])
    const rollouts = Number(values['training-rollouts'])
    if (!(steps >= 1) || !(rollouts >= 1)) {
      process.stderr.write(`--training-steps and --training-rollouts must be numbers >= 1\n`)
      return 2
    }
    bench.training = await measureTraining({
      cli: CLI,
      outDir: join(BENCH_DIR, 'training-run'),
      steps,
      rollouts,
      chromiumPath: await chromiumOrNull(),
      log,
      keepCorpus: !values['training-drop']
    })
    bench.notes.push(...bench.training.notes)
  }

  if (values.million && existsSync(CLI)) {
    const clients = String(values['million-clients']).split(',').map(Number)
    const nums = [
      values['million-runs'],
      values['million-rows'],
      values['million-reps'],
      values['million-seconds']
    ].map(Number)
    if (!nums.every((n) => n >= 1) || !clients.every((n) => Number.isInteger(n) && n >= 1)) {
      process.stderr.write(`--million-runs, -rows, -reps, -seconds and -clients must be numbers >= 1\n`)
      return 2
    }
    const [runs, rows, reps, seconds] = nums
    bench.million = await measureMillion({
      cli: CLI,
      dir: join(BENCH_DIR, 'million'),
      runs,
      rows,
      reps,
      loadSeconds: seconds,
      clients,
      log
    })
    bench.notes.push(...bench.million.notes)
  }

  process.stdout.write(formatBench(bench))
  mkdirSync(BENCH_DIR, { recursive: true })
  writeFileSync(join(BENCH_DIR, 'last-bench.json'), JSON.stringify(bench, null, 2) + '\n')
  log(`figures written to ${join(BENCH_DIR, 'last-bench.json')}`)
  return 0
}

/**
 * The main corpus: generated (or reused), the read + parse limit measured on it, indexed, re-opened and queried
 * through the CLI, and searched (unless --search-mb asks for a corpus of its own). `--mb 0` skips it.
 * @param {import('./report.mjs').BenchFigures} bench @param {number} totalMB @param {number} searchRuns
 * @param {number} searchMB @param {boolean} keep
 */
async function mainCorpusPhase(bench, totalMB, searchRuns, searchMB, keep) {
  const corpusDir = join(BENCH_DIR, 'corpus')
  log(`corpus: ${totalMB} MB in ${corpusDir}`)
  const t0 = performance.now()
  const { reused, manifest } = generateVerifiersCorpus({ outDir: corpusDir, totalMB, seed: 1 })
  const files = manifest.files.map((f) => join(corpusDir, f.path))
  bench.corpus = {
    mb: manifest.totalBytes / 1e6,
    files: files.length,
    episodes: manifest.episodes,
    reused,
    seconds: (performance.now() - t0) / 1000
  }

  log('limit: read + JSON.parse, 2 passes')
  const limit = await measureReadLimit(files, 2)
  bench.limit = { mbPerSec: limit.mbPerSec, seconds: limit.seconds, passes: limit.passes }

  if (!existsSync(CLI)) {
    bench.notes.push(`${CLI} not found: run \`npx electron-vite build\` (npm run bench does) to measure indexing`)
  } else {
    const dbDir = mkdtempSync(join(tmpdir(), 'rollscope-bench-'))
    const db = join(dbDir, 'bench.db')
    try {
      await measureCli(bench, join(corpusDir, 'outputs'), db, manifest)
      if (searchRuns > 0 && searchMB === 0 && bench.fts) {
        bench.search = await measureSearch({
          cli: CLI,
          db,
          paths: [join(corpusDir, 'outputs')],
          textMb: bench.fts.textMb,
          runs: searchRuns,
          log
        })
      }
    } finally {
      if (keep) bench.notes.push(`database kept: ${db}`)
      else rmSync(dbDir, { recursive: true, force: true })
    }
  }
}

/**
 * Query times on a corpus of their own (--search-mb), generated (or reused) in .bench/search-corpus and indexed into
 * a temporary database: the size PRODUCT.md §4 names (1 GB) without making every other phase that big.
 * @param {number} mb @param {number} runs
 */
async function searchCorpusPhase(mb, runs) {
  const dir = join(BENCH_DIR, 'search-corpus')
  log(`search corpus: ${mb} MB in ${dir}`)
  generateVerifiersCorpus({ outDir: dir, totalMB: mb, seed: 2 })
  const dbDir = mkdtempSync(join(tmpdir(), 'rollscope-search-bench-'))
  try {
    const db = join(dbDir, 'search.db')
    log('search corpus: index (listing and full-text pass)')
    const report = jsonOf(
      await runCli(CLI, ['index', join(dir, 'outputs'), '--db', db, '--json']),
      'index (search corpus)'
    )
    return await measureSearch({
      cli: CLI,
      db,
      paths: [join(dir, 'outputs')],
      textMb: (report.search?.chars ?? 0) / 1e6,
      runs,
      log
    })
  } finally {
    rmSync(dbDir, { recursive: true, force: true })
  }
}

/** Chromium's path, or null when it is not installed (the phases that need it say so in a note). */
async function chromiumOrNull() {
  try {
    return (await import('../e2e/find-chromium.ts')).findChromium()
  } catch {
    return null
  }
}

/**
 * The 2,000-turn episode in Chromium. A missing browser is a note, not a crash: the other figures stand.
 * @param {import('./report.mjs').BenchFigures} bench @param {number} loads
 */
async function viewerPhase(bench, loads) {
  let chromiumPath
  try {
    // Shared with playwright.config.ts (a .ts module: Node 24 strips its types).
    chromiumPath = (await import('../e2e/find-chromium.ts')).findChromium()
  } catch (err) {
    bench.notes.push(`viewer phase skipped: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`)
    return
  }
  bench.viewer = await measureViewer({ cli: CLI, outDir: join(BENCH_DIR, 'long-episode'), chromiumPath, log, loads })
  const v = bench.viewer
  if (!v.lastTurnVisible)
    bench.notes.push(`viewer: turn #${v.episode.turns - 1} was not visible after scrolling to the end`)
  if (v.sweep.maxRows > 100)
    bench.notes.push(`viewer: ${v.sweep.maxRows} turn rows in the DOM at once (virtualization expected < 100)`)
  bench.notes.push(
    'viewer times come from the page (Element Timing of the first turn row); the reference is what loading the whole episode costs before any rendering'
  )
}

/**
 * Index, re-open and query through the real CLI.
 * @param {import('./report.mjs').BenchFigures} bench @param {string} corpus @param {string} db
 * @param {import('../generators/verifiers-corpus.mjs').CorpusManifest} manifest
 */
async function measureCli(bench, corpus, db, manifest) {
  log('index (cold database)')
  const first = await runCli(CLI, ['index', corpus, '--db', db, '--json'])
  const report = jsonOf(first, 'index')
  // Runs are browsable once the listing pass is done; the full-text pass that follows it is measured on its own.
  const searchSeconds = typeof report.search?.seconds === 'number' ? report.search.seconds : 0
  const wall = first.wallMs / 1000 - searchSeconds
  bench.index = {
    wallSeconds: wall,
    mbPerSec: manifest.totalBytes / 1e6 / wall,
    engineSeconds: typeof report.seconds === 'number' ? report.seconds : null,
    episodes: report.episodes,
    indexed: report.indexed,
    skipped: report.skipped,
    failed: report.failed,
    exitCode: first.code,
    peakRssMb: typeof report.peakRssMb === 'number' ? report.peakRssMb : null,
    observedPeakRssMb: first.peakRssMb
  }
  if (report.episodes !== manifest.episodes)
    bench.notes.push(`indexed ${report.episodes} episodes, the corpus has ${manifest.episodes}`)
  if (first.code !== 0)
    bench.notes.push(`index exited ${first.code}: ${first.stderr.trim().split('\n').slice(-3).join(' | ')}`)
  bench.ratio = { value: bench.index.mbPerSec / bench.limit.mbPerSec, target: 0.5, verdict: '' }
  bench.ratio.verdict = verdict(bench.ratio.value, 0.5)
  const peak = Math.max(bench.index.peakRssMb ?? 0, bench.index.observedPeakRssMb ?? 0)
  bench.memory = { peakRssMb: peak, target: 500, verdict: verdict(peak, 500, false) }

  if (report.search) {
    log('bare FTS5 build of the same text')
    // the manifest's paths are relative to the corpus folder, the parent of the `outputs` folder indexed
    const bare = bareFtsBuild(
      manifest.files.filter((f) => f.path.endsWith('.jsonl')).map((f) => join(dirname(corpus), f.path))
    )
    const value = searchSeconds > 0 ? bare.seconds / searchSeconds : 0
    bench.fts = {
      passSeconds: searchSeconds,
      bareSeconds: bare.seconds,
      bareTextMb: bare.chars / 1e6,
      rows: report.search.rows,
      textMb: report.search.chars / 1e6,
      ratio: { value, target: 0.8, verdict: verdict(value, 0.8) }
    }
    bench.notes.push('indexing MB/s is the listing pass (CLI wall minus the full-text pass that follows it)')
  } else bench.notes.push('the index report has no full-text pass (an older build?)')

  log('index again (every file unchanged)')
  const again = await runCli(CLI, ['index', corpus, '--db', db, '--json'])
  const againReport = jsonOf(again, 'index (again)')
  bench.reopen = {
    wallSeconds: again.wallMs / 1000,
    skipped: againReport.skipped,
    target: 1,
    verdict: verdict(again.wallMs / 1000, 1, false)
  }
  const listed = manifest.files.filter((f) => f.path.endsWith('.jsonl')).length
  if (againReport.skipped < listed)
    bench.notes.push(`re-index skipped only ${againReport.skipped} of ${listed} results files`)

  await measureAddRun(bench, corpus, db, manifest)

  log('queries')
  const times = async (/** @type {string[]} */ args, n = 5) => {
    const ms = []
    for (let i = 0; i < n; i++) ms.push((await runCli(CLI, args)).wallMs)
    return median(ms)
  }
  const runsRes = await runCli(CLI, ['runs', '--db', db, '--json'])
  /** @type {{ id: string, episodes: number }[]} */
  const runs = jsonOf(runsRes, 'runs')
  const biggest = runs.reduce((a, b) => (b.episodes > a.episodes ? b : a))
  const page = await runCli(CLI, ['episodes', biggest.id, '--limit', '200', '--db', db, '--json'])
  if (jsonOf(page, 'episodes').length !== Math.min(200, biggest.episodes))
    bench.notes.push('episodes --limit 200 returned an unexpected number of rows')
  bench.queries = {
    run: biggest.id,
    startupMs: await times(['--version']),
    runsMs: await times(['runs', '--db', db, '--json']),
    episodesMs: await times(['episodes', biggest.id, '--limit', '200', '--db', db, '--json']),
    episodesSortedMs: await times([
      'episodes',
      biggest.id,
      '--limit',
      '200',
      '--sort',
      'reward',
      '--desc',
      '--db',
      db,
      '--json'
    ])
  }
  bench.notes.push(
    'CLI latencies are wall times of a fresh process (Node start-up included); "minus start-up" subtracts `--version`'
  )
}

/**
 * A new 2 MB run (its results.jsonl and metadata.json) appears beside the indexed ones, and the whole workspace is
 * indexed again: only the new run's file should be read (issue 17 item 6: a new metadata.json re-read every
 * results.jsonl of the workspace, 40 s for 300 MB). The folder is removed again, so the cached corpus stays as generated.
 * @param {import('./report.mjs').BenchFigures} bench @param {string} corpus @param {string} db
 * @param {import('../generators/verifiers-corpus.mjs').CorpusManifest} manifest
 */
async function measureAddRun(bench, corpus, db, manifest) {
  const source = manifest.files.find((f) => f.path.endsWith('results.jsonl'))
  if (!source) return
  const dir = join(corpus, 'evals', 'bench-added--model', 'added01')
  mkdirSync(dir, { recursive: true })
  try {
    // the first 2 MB of complete lines of a generated results.jsonl
    const fd = openSync(join(corpus, '..', source.path), 'r')
    const buf = Buffer.alloc(2_000_000)
    const n = readSync(fd, buf, 0, buf.length, 0)
    closeSync(fd)
    const head = buf.subarray(0, buf.lastIndexOf(10, n - 1) + 1)
    writeFileSync(join(dir, 'results.jsonl'), head)
    writeFileSync(
      join(dir, 'metadata.json'),
      JSON.stringify({ env: 'bench-added', model: 'model', date: '2026-01-01' })
    )
    log('index again after adding one 2 MB run')
    const res = await runCli(CLI, ['index', corpus, '--db', db, '--json'])
    const report = jsonOf(res, 'index (one run added)')
    const traces = manifest.files.filter((f) => f.path.endsWith('.jsonl')).length + 1
    bench.addRun = {
      wallSeconds: res.wallMs / 1000,
      mb: head.length / 1e6,
      read: report.indexed,
      traces,
      target: 1,
      verdict: report.indexed === 1 ? 'PASS' : 'FAIL'
    }
  } finally {
    rmSync(join(corpus, 'evals', 'bench-added--model'), { recursive: true, force: true })
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`bench crashed: ${err instanceof Error ? err.stack : String(err)}\n`)
    process.exit(1)
  }
)
