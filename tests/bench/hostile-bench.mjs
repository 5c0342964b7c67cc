/**
 * The hostile inputs of issue 17, measured against PRODUCT.md's 500 MB: each case is written beside a good control
 * file, indexed by the built CLI (`rollscope index`, peak RSS of that process: the indexer thread included), then its
 * episodes opened through `rollscope serve` as the viewer opens them (getEpisodePreview; peak RSS of the serve
 * process: engine, indexer and HTTP server together). Used by the bench's hostile phase and by
 * tests/main/integration/hostile-memory.test.ts. Types in hostile-bench.d.mts.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runCli, vmHwmMb } from './cli-child.mjs'
import { startServe } from './serve-child.mjs'
import {
  chatRecord,
  deepContentLine,
  deepInfoLine,
  writeEvalBigHeader,
  writeEvalManyMessages,
  writeJsonlHugeLine,
  writeLongLine,
  writeJsonTinyNodes
} from '../generators/hostile-inputs.mjs'

/** The memory promise (PRODUCT.md §4): indexer and viewer alike. */
export const MEMORY_TARGET_MB = 500

/** @type {import('./hostile-bench.d.mts').HostileCase[]} */
export const HOSTILE_CASES = [
  {
    name: 'eval-many-messages',
    what: '.eval whose sample inflates to 240 MB of 5.1 M tiny messages',
    file: 'many.eval',
    write: (path) => void writeEvalManyMessages(path)
  },
  {
    name: 'eval-big-header',
    what: '.eval whose header.json inflates to 250 MB',
    file: 'header.eval',
    write: (path) => void writeEvalBigHeader(path)
  },
  {
    name: 'jsonl-huge-line',
    what: '60 MB JSONL line of 1.8 M tiny messages',
    file: 'line.jsonl',
    write: (path) => void writeJsonlHugeLine(path)
  },
  {
    name: 'jsonl-long-texts',
    what: 'three 60 MB JSONL lines of one long text each (under the 64 MB record limit: read whole)',
    file: 'long.jsonl',
    write: (path) => void writeLongLine(path, { mb: 60, lines: 3 })
  },
  {
    name: 'json-tiny-nodes',
    what: '63 MB JSON document of tiny nodes',
    file: 'doc.json',
    write: (path) => void writeJsonTinyNodes(path)
  },
  {
    name: 'deep-info',
    what: 'record whose info is nested 10,000 deep',
    file: 'deep-info.jsonl',
    write: (path) => writeFileSync(path, deepInfoLine('deep-info', 10_000) + '\n')
  },
  {
    name: 'deep-content',
    what: 'record whose content is nested 10,000 deep',
    file: 'deep-content.jsonl',
    write: (path) => writeFileSync(path, deepContentLine('deep-content', 10_000) + '\n')
  }
]

/** The good file written beside every hostile one: two ordinary chat episodes. */
export const CONTROL_FILE = 'control.jsonl'
const controlText = () => [chatRecord('c1', 1), chatRecord('c2', 0)].map((r) => JSON.stringify(r)).join('\n') + '\n'

/**
 * Writes, indexes and opens one case in its own folder under `workDir` (removed afterwards unless `keep`).
 * @param {string} cli path of the built rollscope.js
 * @param {import('./hostile-bench.d.mts').HostileCase} c
 * @param {{ workDir: string, keep?: boolean }} opts
 * @returns {Promise<import('./hostile-bench.d.mts').HostileResult>}
 */
export async function measureHostileCase(cli, c, { workDir, keep = false }) {
  const dir = join(workDir, c.name)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(join(dir, 'files'), { recursive: true })
  const db = join(dir, 'index.db')
  try {
    c.write(join(dir, 'files', c.file))
    writeFileSync(join(dir, 'files', CONTROL_FILE), controlText())
    const indexed = await runCli(cli, ['index', join(dir, 'files'), '--db', db, '--json'])
    if (indexed.code !== 0 && indexed.code !== 1)
      throw new Error(`rollscope index exited ${indexed.code}: ${indexed.stderr.slice(-2000)}`)
    const report = JSON.parse(indexed.stdout)
    /** @type {(name: string) => any} */
    const fileOf = (name) => report.files.find((/** @type {{ path: string }} */ f) => f.path.endsWith(`/${name}`))
    const served = await startServe(cli, [], db)
    /** @type {import('./hostile-bench.d.mts').OpenedEpisode[]} */
    const opened = []
    let openMs = 0
    /** @type {number | null} */
    let openPeakMb = null
    try {
      for (const run of await served.call('listRuns')) {
        const page = await served.call('listEpisodes', { runId: run.id })
        for (const e of page.items) {
          const t0 = performance.now()
          const p = await served.call('getEpisodePreview', e.id)
          const ms = performance.now() - t0
          openMs = Math.max(openMs, ms)
          opened.push({
            id: e.id,
            source: p.sourcePath,
            turns: p.turns.length,
            cuts: p.cuts ?? [],
            gapAt: p.turns.findIndex((/** @type {{ notReadBefore?: number }} */ t) => t.notReadBefore),
            gap: p.turns.find((/** @type {{ notReadBefore?: number }} */ t) => t.notReadBefore)?.notReadBefore ?? null,
            infoFull: p.infoFull,
            ms
          })
        }
      }
    } finally {
      openPeakMb = served.pid ? vmHwmMb(served.pid) : null
      await served.stop()
    }
    return {
      name: c.name,
      what: c.what,
      file: fileOf(c.file) ?? null,
      control: fileOf(CONTROL_FILE) ?? null,
      indexPeakMb: indexed.peakRssMb,
      indexMs: indexed.wallMs,
      openPeakMb,
      openMs,
      opened
    }
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Every case, one after the other (the bench phase).
 * @param {string} cli @param {{ workDir: string, log?: (msg: string) => void }} opts
 */
export async function measureHostile(cli, { workDir, log = () => {} }) {
  /** @type {import('./hostile-bench.d.mts').HostileResult[]} */
  const out = []
  for (const c of HOSTILE_CASES) {
    log(`hostile input: ${c.name} (${c.what})`)
    out.push(await measureHostileCase(cli, c, { workDir }))
  }
  return out
}
