/**
 * The peak RSS an index reports is its own process's (issue 16: 1,070 MB "after a fresh install" was the bench's own
 * memory, which Linux carries into a spawned child's maxRSS). The CLI is the built `out/main/rollscope.js` (`npm test`
 * builds first; alone: `npx electron-vite build`).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { peakRssMb } from '../../../src-main/indexer/peak-rss'
import { fixture } from '../../helpers/fixtures-path'

const CLI = resolve(import.meta.dirname, '../../../out/main/rollscope.js')
const HELD_MB = 600

/** What a child started from this process says of itself: getrusage's maxRSS and its VmHWM, in MB. */
function probeChild(): { maxRss: number; hwm: number } {
  const r = spawnSync(
    process.execPath,
    [
      '-e',
      `const hwm = /VmHWM:\\s+(\\d+) kB/.exec(require('fs').readFileSync('/proc/self/status', 'utf8'))[1]
       console.log(JSON.stringify({ maxRss: process.resourceUsage().maxRSS / 1024, hwm: hwm / 1024 }))`
    ],
    { encoding: 'utf8' }
  )
  return JSON.parse(r.stdout) as { maxRss: number; hwm: number }
}

describe('peakRssMb', () => {
  it("is this process's high-water mark", () => {
    const hwm = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024
    expect(Math.abs(peakRssMb() - hwm)).toBeLessThan(64)
  })

  it("an index spawned by a big process reports its own peak, not its parent's", () => {
    expect(existsSync(CLI), `${CLI} is missing: run \`npx electron-vite build\``).toBe(true)
    const held = Buffer.alloc(HELD_MB * 1024 * 1024, 1) // resident: every page written
    try {
      // the inheritance this guards against: a child's maxRSS starts at this process's peak
      const probe = probeChild()
      expect(probe.maxRss).toBeGreaterThan(HELD_MB)
      expect(probe.hwm).toBeLessThan(HELD_MB / 4)
      const dir = mkdtempSync(join(tmpdir(), 'rs-rss-'))
      try {
        const r = spawnSync(
          process.execPath,
          [CLI, 'index', fixture('verifiers'), '--db', join(dir, 'app.db'), '--json'],
          { encoding: 'utf8', maxBuffer: 64 << 20 }
        )
        expect(r.status, r.stderr).toBe(0)
        const report = JSON.parse(r.stdout) as { episodes: number; peakRssMb: number }
        expect(report.episodes).toBeGreaterThan(0)
        expect(report.peakRssMb).toBeGreaterThan(20)
        expect(report.peakRssMb).toBeLessThan(HELD_MB / 2)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    } finally {
      held.fill(0, 0, 1)
    }
  }, 180_000) // two processes spawned and a fixture indexed: seconds alone, a minute on a busy machine
})
