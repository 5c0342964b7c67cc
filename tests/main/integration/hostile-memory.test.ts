/**
 * Issue 17 items 1 and 4, each reproduced from generated input and run through the built CLI in child processes:
 * `rollscope index` (the indexer) and `rollscope serve` opening every episode as the viewer does (the viewer's
 * engine). Each must stay under PRODUCT.md's 500 MB (peak RSS, VmHWM: a bound on memory, not a timing), say what it
 * did not read, and leave the good control file beside it fully indexed.
 * Before the fix (same inputs): the 240 MB sample took the indexer to 2,374 MB and serve to 5.0 GB with a 500; the
 * 250 MB header 1,500 MB; the 60 MB line 802 MB; the 10,000-deep info never answered getEpisode. Three 60 MB lines
 * of long text (read whole, under the record limit) took the indexer to 556 MB before their full-text rows were cut
 * into batches and the listing's garbage collected before the pass (search/transcript-batches.ts, collect-garbage.ts).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { HOSTILE_CASES, MEMORY_TARGET_MB, measureHostileCase, type HostileResult } from '../../bench/hostile-bench.mjs'
import { DEPTH_NOTE, MAX_JSON_DEPTH } from '../../../src-main/formats/readers/json-limits'

const CLI = resolve(import.meta.dirname, '../../../out/main/rollscope.js')
const workDir = mkdtempSync(join(tmpdir(), 'rs-hostile-'))
afterAll(() => rmSync(workDir, { recursive: true, force: true }))

const caseNamed = (name: string) => HOSTILE_CASES.find((c) => c.name === name)!

/** Runs a case and checks what every case must: memory under the target, the control file whole. */
async function run(name: string): Promise<HostileResult> {
  const r = await measureHostileCase(CLI, caseNamed(name), { workDir })
  expect(r.control).toMatchObject({ state: 'indexed', episodes: 2, warnings: [] })
  const control = r.opened.filter((o) => o.source.endsWith('control.jsonl'))
  expect(control.map((o) => [o.turns, o.cuts])).toEqual([
    [2, []],
    [2, []]
  ])
  expect(r.indexPeakMb).toBeGreaterThan(0)
  expect(r.indexPeakMb!).toBeLessThan(MEMORY_TARGET_MB)
  expect(r.openPeakMb!).toBeLessThan(MEMORY_TARGET_MB)
  return r
}

const hostileOpened = (r: HostileResult) => r.opened.filter((o) => !o.source.endsWith('control.jsonl'))

describe.skipIf(!existsSync(CLI))('hostile input: memory and depth bounds (built CLI, child processes)', () => {
  it('a 240 MB sample of 5.1 M messages: indexed and opened as its first and last 1,000 messages', async () => {
    const r = await run('eval-many-messages')
    expect(r.file).toMatchObject({ state: 'indexed', episodes: 1 })
    expect(r.file!.warnings).toEqual([
      'samples/1_epoch_1.json: too large to read whole: `messages`: 5,100,000 items, the first 1,000 and the last 1,000 read'
    ])
    const [ep] = hostileOpened(r)
    expect(ep).toMatchObject({ turns: 2000, gapAt: 1000, gap: 5_098_000 })
    expect(ep.cuts).toEqual([{ kind: 'items', path: 'messages', total: 5_100_000, head: 1000, tail: 1000 }])
  }, 600_000)

  it('a header.json inflating to 250 MB: the run is indexed from its kept header, the sample whole', async () => {
    const r = await run('eval-big-header')
    expect(r.file).toMatchObject({ state: 'indexed', episodes: 1 })
    expect(r.file!.warnings).toEqual([
      'header.json: too large to read whole: `plan.steps`: 8,064,516 items, the first 1,000 and the last 1,000 read'
    ])
    expect(hostileOpened(r)).toMatchObject([{ turns: 2, cuts: [] }])
  }, 600_000)

  it('a 60 MB JSONL line of 1.8 M messages: indexed with a warning, the next line whole', async () => {
    const r = await run('jsonl-huge-line')
    expect(r.file).toMatchObject({ state: 'indexed', episodes: 2 })
    expect(r.file!.warnings).toEqual([
      'line 1: too large to read whole: `messages`: 1,800,000 items, the first 1,000 and the last 1,000 read'
    ])
    const [huge, small] = hostileOpened(r)
    expect(huge).toMatchObject({ turns: 2000, gapAt: 1000, gap: 1_798_000 })
    expect(small).toMatchObject({ turns: 2, cuts: [] })
  }, 600_000)

  it('three 60 MB JSONL lines of one long text: each read whole (listed, searched, opened), the next line too', async () => {
    const r = await run('jsonl-long-texts')
    expect(r.file).toMatchObject({ state: 'indexed', episodes: 4, warnings: [] })
    const opened = hostileOpened(r)
    expect(opened.map((o) => [o.turns, o.cuts])).toEqual([
      [2, []],
      [2, []],
      [2, []],
      [2, []]
    ])
  }, 600_000)

  it('a 63 MB JSON document of tiny nodes: an unknown format, said so, without the memory', async () => {
    const r = await run('json-tiny-nodes')
    expect(r.file).toMatchObject({
      state: 'unknown-format',
      episodes: 0,
      error: 'unrecognized record shape (keys: results)'
    })
  }, 600_000)

  it('a 10,000-deep info: indexed with a warning, opened with the depth note where it was cut', async () => {
    const r = await run('deep-info')
    expect(r.file).toMatchObject({ state: 'indexed', episodes: 1 })
    expect(r.file!.warnings).toEqual([
      `line 1: nested too deeply to read whole: \`info.a.a.a … ${MAX_JSON_DEPTH - 6} levels … a.a\`: nested deeper than ${MAX_JSON_DEPTH} levels, replaced by a note`
    ])
    const [ep] = hostileOpened(r)
    expect(ep.cuts).toEqual([
      {
        kind: 'depth',
        path: `info.a.a.a … ${MAX_JSON_DEPTH - 6} levels … a.a`,
        total: MAX_JSON_DEPTH,
        head: 0,
        tail: 0
      }
    ])
    let node: unknown = ep.infoFull
    for (let i = 0; i < MAX_JSON_DEPTH + 5 && typeof node === 'object' && node !== null; i++)
      node = (node as Record<string, unknown>).a
    expect(node).toBe(DEPTH_NOTE)
  }, 600_000)

  it('a 10,000-deep content: opened (not "changed since it was indexed"), the cut named', async () => {
    const r = await run('deep-content')
    expect(r.file).toMatchObject({ state: 'indexed', episodes: 1 })
    const [ep] = hostileOpened(r)
    expect(ep).toMatchObject({
      turns: 2,
      cuts: [expect.objectContaining({ kind: 'depth', path: expect.stringMatching(/^messages\[1\]\.content/) })]
    })
  }, 600_000)
})
