/**
 * The Inspect `.eval` part of `npm run bench`: this machine's limit for the archives (read each file, inflate every
 * member, JSON.parse it) and the CLI's indexing of the same corpus as a ratio of it, plus opening one sample.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inflateRawSync } from 'node:zlib'
import { jsonOf, median, runCli } from './cli-child.mjs'
import { verdict } from './report.mjs'

/**
 * One pass of the baseline: every archive read whole and scanned member by member (local headers in order; the
 * generator writes no data descriptors), each member inflated and parsed. No zip library, no index: the floor.
 * @param {string[]} files @returns {{ bytes: number, members: number, seconds: number }}
 */
export function inspectLimitPass(files) {
  const t0 = process.hrtime.bigint()
  let bytes = 0
  let members = 0
  let sink = 0
  for (const file of files) {
    const buf = readFileSync(file)
    bytes += buf.length
    let p = 0
    while (p + 30 <= buf.length && buf.readUInt32LE(p) === 0x04034b50) {
      const method = buf.readUInt16LE(p + 8)
      const size = buf.readUInt32LE(p + 18)
      const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28)
      const data = buf.subarray(start, start + size)
      const text = (method === 8 ? inflateRawSync(data) : data).toString('utf8')
      sink += JSON.parse(text) ? 1 : 0
      members++
      p = start + size
    }
  }
  if (sink < 0) console.log(sink)
  return { bytes, members, seconds: Number(process.hrtime.bigint() - t0) / 1e9 }
}

/**
 * @param {string} cli @param {string} corpusDir @param {import('../generators/inspect-corpus.d.mts').InspectCorpusManifest} manifest
 * @param {(msg: string) => void} log
 * @returns {Promise<import('./report.mjs').InspectFigures>}
 */
export async function measureInspect(cli, corpusDir, manifest, log) {
  const files = manifest.files.map((f) => join(corpusDir, f.path))
  log('inspect limit: read + inflate + JSON.parse every member, 2 passes')
  const passes = [inspectLimitPass(files), inspectLimitPass(files)]
  const best = passes.reduce((a, b) => (b.seconds < a.seconds ? b : a))
  const limitMbPerSec = best.bytes / 1e6 / best.seconds
  const dbDir = mkdtempSync(join(tmpdir(), 'rollscope-bench-inspect-'))
  const db = join(dbDir, 'bench.db')
  try {
    log('inspect: index the .eval corpus (cold database)')
    const first = await runCli(cli, ['index', join(corpusDir, 'logs'), '--db', db, '--json'])
    const report = jsonOf(first, 'index (inspect)')
    // the listing pass, as for the verifiers corpus: the CLI's wall minus the full-text pass that follows it
    // (PRODUCT.md §4: runs browsable at >= 50% of the limit; the full-text index is built behind that)
    const searchSeconds = typeof report.search?.seconds === 'number' ? report.search.seconds : 0
    const mbPerSec = manifest.totalBytes / 1e6 / (first.wallMs / 1000 - searchSeconds)
    const runs = jsonOf(await runCli(cli, ['runs', '--db', db, '--json']), 'runs (inspect)')
    const eps = jsonOf(
      await runCli(cli, ['episodes', runs[0].id, '--limit', '1', '--db', db, '--json']),
      'episodes (inspect)'
    )
    // one process at a time: concurrent start-ups would inflate the baseline
    /** @type {number[]} */
    const boot = []
    /** @type {number[]} */
    const show = []
    for (let i = 0; i < 5; i++) {
      boot.push((await runCli(cli, ['--version'])).wallMs)
      show.push((await runCli(cli, ['show', eps[0].id, '--db', db, '--json'])).wallMs)
    }
    const startup = median(boot)
    const ratio = mbPerSec / limitMbPerSec
    return {
      mb: manifest.totalBytes / 1e6,
      uncompressedMb: manifest.files.reduce((n, f) => n + f.uncompressedBytes, 0) / 1e6,
      files: files.length,
      episodes: manifest.episodes,
      indexedEpisodes: report.episodes,
      failed: report.failed,
      limitMbPerSec,
      limitPasses: passes.map((p) => p.seconds),
      indexMbPerSec: mbPerSec,
      indexSeconds: first.wallMs / 1000 - searchSeconds,
      searchSeconds,
      peakRssMb: Math.max(report.peakRssMb ?? 0, first.peakRssMb ?? 0),
      ratio: { value: ratio, target: 0.5, verdict: verdict(ratio, 0.5) },
      openSampleMs: median(show),
      startupMs: startup
    }
  } finally {
    rmSync(dbDir, { recursive: true, force: true })
  }
}
