/** Live tail: watched roots; appended lines and new files show up without re-reading what was indexed. */
import { appendFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TraceEvent } from '@contract/api'
import { createEngine } from '../../../src-main/services/engine'
import type { Engine } from '../../../src-main/services/engine-types'
import { chatJsonlAdapter } from '../../../src-main/formats/adapters/chat-jsonl'

const row = (id: string, reward = 1): string =>
  JSON.stringify({
    id,
    reward,
    messages: [
      { role: 'user', content: `task ${id}` },
      { role: 'assistant', content: 'ok' }
    ]
  }) + '\n'

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
  vi.restoreAllMocks()
})

function watchedEngine(): { dir: string; e: Engine; changes: () => Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), 'rs-tail-'))
  const e = createEngine({
    dbPath: join(dir, 'app.db'),
    mode: 'browser',
    demoPath: null,
    version: 't',
    indexer: 'inline',
    watch: true
  })
  engine = e
  // Resolves at the next workspaceChanged event (a finished file of a watcher-started job).
  const changes = (): Promise<void> =>
    new Promise((resolve) => {
      const off = e.onEvent((ev: TraceEvent) => {
        if (ev.name === 'workspaceChanged') {
          off()
          resolve()
        }
      })
    })
  return { dir, e, changes }
}

const episodesOf = async (e: Engine): Promise<number> => (await e.api.listRuns()).reduce((n, r) => n + r.episodes, 0)

describe('live tail', () => {
  it('reads only the appended lines of a growing results file, within 2 s', async () => {
    const { dir, e, changes } = watchedEngine()
    const data = join(dir, 'traces')
    mkdirSync(data)
    const file = join(data, 'run.jsonl')
    writeFileSync(file, Array.from({ length: 50 }, (_, i) => row(`t${i}`)).join(''))
    await e.indexPaths([data])
    expect(await episodesOf(e)).toBe(50)

    const summarize = vi.spyOn(chatJsonlAdapter, 'summarize')
    const started = Date.now()
    const changed = changes()
    appendFileSync(file, row('new-1') + row('new-2', 0))
    await changed
    await vi.waitFor(async () => expect(await episodesOf(e)).toBe(52), { timeout: 2000, interval: 50 })
    expect(Date.now() - started).toBeLessThan(2000)
    // only the two new records were parsed and summarized
    expect(summarize).toHaveBeenCalledTimes(2)
    const [run] = await e.api.listRuns()
    const page = await e.api.listEpisodes({ runId: run.id, sort: 'ordinal', desc: true, limit: 2 })
    expect(page.items.map((x) => [x.taskKey, x.ordinal, x.reward])).toEqual([
      ['new-2', 51, 0],
      ['new-1', 50, 1]
    ])
  })

  it('picks up a line written in two pieces, new files and deleted files', async () => {
    const { dir, e } = watchedEngine()
    const data = join(dir, 'traces')
    mkdirSync(data)
    const file = join(data, 'a.jsonl')
    writeFileSync(file, row('a'))
    await e.indexPaths([data])
    const half = row('b').length / 2
    appendFileSync(file, row('b').slice(0, half))
    await new Promise((r) => setTimeout(r, 500))
    expect(await episodesOf(e)).toBe(1) // the half line waits
    appendFileSync(file, row('b').slice(half))
    await vi.waitFor(async () => expect(await episodesOf(e)).toBe(2), { timeout: 2000, interval: 50 })

    writeFileSync(join(data, 'b.jsonl'), row('c') + row('d'))
    await vi.waitFor(async () => expect(await e.api.listRuns()).toHaveLength(2), { timeout: 2000, interval: 50 })

    rmSync(file)
    await vi.waitFor(async () => expect(await e.api.listRuns()).toHaveLength(1), { timeout: 2000, interval: 50 })
    const ws = await e.api.getWorkspace()
    expect(ws.sources.find((s) => s.path === file)).toBeUndefined()
    expect(ws.progress.removed).toBe(1)
  })

  it('a rewritten file (not an append) is read again from the start', async () => {
    const { dir, e } = watchedEngine()
    const file = join(dir, 'r.jsonl')
    writeFileSync(file, row('x') + row('y'))
    await e.indexPaths([file])
    writeFileSync(file, row('z', 0) + row('y') + row('w'))
    await vi.waitFor(async () => expect(await episodesOf(e)).toBe(3), { timeout: 2000, interval: 50 })
    const [run] = await e.api.listRuns()
    const page = await e.api.listEpisodes({ runId: run.id, sort: 'ordinal' })
    expect(page.items.map((x) => x.taskKey)).toEqual(['z', 'y', 'w'])
  })
})

describe('catching up at start', () => {
  it('a file replaced by a rename (an atomic write) is still followed: the rewrite, later appends, its deletion', async () => {
    const { dir, e } = watchedEngine()
    const data = join(dir, 'traces', 'step_10')
    mkdirSync(data, { recursive: true })
    const file = join(data, 'run.jsonl')
    writeFileSync(file, row('a') + row('b') + row('c'))
    await e.indexPaths([join(dir, 'traces')])
    expect(await episodesOf(e)).toBe(3)
    const wait = (n: number) =>
      vi.waitFor(async () => expect(await episodesOf(e)).toBe(n), { timeout: 2000, interval: 50 })
    writeFileSync(join(data, 'run.tmp'), row('a') + row('b'))
    renameSync(join(data, 'run.tmp'), file)
    await wait(2)
    // appends to the new file: unseen with Node's recursive watch, which kept watching the replaced one
    appendFileSync(file, row('d') + row('e') + row('f'))
    await wait(5)
    rmSync(file)
    await wait(0)
  })

  it('a watching engine re-reads at start what changed while it was closed (appended lines, new files)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-catchup-'))
    const dbPath = join(dir, 'app.db')
    const data = join(dir, 'traces')
    mkdirSync(data)
    writeFileSync(join(data, 'a.jsonl'), row('a0') + row('a1'))
    const first = createEngine({
      dbPath,
      mode: 'browser',
      demoPath: null,
      version: 't',
      indexer: 'inline',
      watch: true
    })
    await first.indexPaths([data])
    expect(await episodesOf(first)).toBe(2)
    await first.close()

    // while closed: a line appended, a new run written
    appendFileSync(join(data, 'a.jsonl'), row('a2'))
    writeFileSync(join(data, 'b.jsonl'), row('b0'))
    const oneShot = createEngine({ dbPath, mode: 'cli', demoPath: null, version: 't', indexer: 'inline' })
    expect(await episodesOf(oneShot)).toBe(2) // a one-shot CLI engine does not scan on its own
    await oneShot.close()
    engine = createEngine({ dbPath, mode: 'browser', demoPath: null, version: 't', indexer: 'inline', watch: true })
    const e = engine
    await vi.waitFor(async () => expect(await episodesOf(e)).toBe(4), { timeout: 5000, interval: 50 })
    expect((await e.api.listRuns()).length).toBe(2)
  })
})
