/** Bad input gets a per-file status with a clear reason and never stops the rest (PRODUCT.md §5). */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync, appendFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { tempEngine } from '../../helpers/temp-engine'
import type { Engine } from '../../../src-main/services/engine-types'

const chatRow = (id: string, reward: number, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({
    id,
    reward,
    messages: [
      { role: 'user', content: `task ${id}` },
      { role: 'assistant', content: `answer ${id}` }
    ],
    ...extra
  })

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

function setup(): { dir: string; e: Engine } {
  const dir = mkdtempSync(join(tmpdir(), 'rs-robust-'))
  engine = tempEngine().engine
  return { dir, e: engine }
}

describe('indexer robustness', () => {
  it('skips invalid lines with their line numbers, tolerates NaN, keeps the rest', async () => {
    const { dir, e } = setup()
    const f = join(dir, 'mixed.jsonl')
    writeFileSync(
      f,
      [
        chatRow('a', 1),
        '{"broken": ',
        chatRow('b', 0).replace('"reward":0', '"reward":NaN'),
        '[1,2]',
        chatRow('c', 0.5)
      ].join('\n') + '\n'
    )
    const report = await e.indexPaths([f])
    const s = report.files[0]
    expect(s).toMatchObject({ state: 'indexed', episodes: 3, format: 'chat-jsonl' })
    expect(s.warnings.join('\n')).toMatch(/line 2: invalid JSON/)
    expect(s.warnings.join('\n')).toMatch(/line 4: not a JSON object/)
    const runs = await e.api.listRuns()
    const page = await e.api.listEpisodes({ runId: runs[0].id })
    expect(page.items.map((x) => x.reward)).toEqual([1, null, 0.5])
  })

  it('leaves a partial last line for later and picks it up once completed (append)', async () => {
    const { dir, e } = setup()
    const f = join(dir, 'live.jsonl')
    writeFileSync(f, chatRow('a', 1) + '\n' + chatRow('b', 0).slice(0, 20))
    const first = await e.indexPaths([f])
    expect(first.files[0].episodes).toBe(1)
    expect(first.files[0].warnings[0]).toMatch(/partial last line \(20 bytes/)
    appendFileSync(f, chatRow('b', 0).slice(20) + '\n')
    const second = await e.indexPaths([f])
    expect(second.files[0]).toMatchObject({ state: 'indexed', episodes: 2, warnings: [] })
  })

  it('reports unknown formats, empty files, unreadable files and vanished files, and indexes the rest', async () => {
    const { dir, e } = setup()
    writeFileSync(join(dir, 'good.jsonl'), chatRow('a', 1) + '\n')
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ hello: 'world' }))
    writeFileSync(join(dir, 'empty.jsonl'), '')
    writeFileSync(join(dir, 'text.jsonl'), 'just some text\n')
    writeFileSync(join(dir, 'locked.jsonl'), chatRow('z', 1) + '\n')
    chmodSync(join(dir, 'locked.jsonl'), 0o000)
    mkdirSync(join(dir, 'sub'))
    symlinkSync(dir, join(dir, 'sub', 'loop'))
    const report = await e.indexPaths([dir])
    const by = Object.fromEntries(report.files.map((f) => [f.path.slice(dir.length + 1), f]))
    expect(by['good.jsonl']).toMatchObject({ state: 'indexed', episodes: 1 })
    expect(by['other.json']).toMatchObject({ state: 'unknown-format' })
    expect(by['other.json'].error).toMatch(/unrecognized record shape \(keys: hello\)/)
    expect(by['empty.jsonl']).toMatchObject({ state: 'unknown-format', error: 'empty file' })
    expect(by['text.jsonl'].error).toMatch(/not JSON or JSONL/)
    if (process.getuid?.() !== 0)
      expect(by['locked.jsonl']).toMatchObject({ state: 'error', error: 'permission denied' })
    expect(by['sub/loop']).toMatchObject({ state: 'unknown-format' })
    expect(by['sub/loop'].error).toMatch(/symlink loop/)
    // the workspace lists it with the files, marked as no file (the root's "N files" leaves it out)
    const listed = (await e.api.getWorkspace()).sources.filter((s) => s.walkProblem)
    expect(listed.map((s) => s.path.slice(dir.length + 1))).toEqual(['sub/loop'])
    expect(by['good.jsonl'].walkProblem).toBeUndefined()
    chmodSync(join(dir, 'locked.jsonl'), 0o644)

    rmSync(join(dir, 'good.jsonl'))
    expect((await e.indexPaths([dir])).removed).toBe(1)
    const ws = await e.api.getWorkspace()
    // said by the job (and the sidebar's line), not listed as failed until the root is removed
    expect(ws.sources.find((s) => s.path.endsWith('good.jsonl'))).toBeUndefined()
    expect(ws.progress.removed).toBe(1)
    expect((await e.indexPaths([dir])).removed).toBe(0)
  })

  it("numbers an append's bad lines from the file's top, across appends and a partial line", async () => {
    const { dir, e } = setup()
    const f = join(dir, 'grow.jsonl')
    writeFileSync(f, chatRow('a', 1) + '\n\n' + chatRow('b', 1) + '\n') // a blank line is a line too
    expect((await e.indexPaths([f])).files[0]).toMatchObject({ episodes: 2, warnings: [] })
    appendFileSync(f, '{broken\n' + chatRow('c', 1) + '\n' + '{"also": "bad"\n')
    const second = (await e.indexPaths([f])).files[0]
    expect(second.episodes).toBe(3) // read on from the resume point, not again
    expect(second.warnings).toEqual([
      expect.stringMatching(/^line 4: invalid JSON/),
      expect.stringMatching(/^line 6: invalid JSON/)
    ])
    appendFileSync(f, chatRow('d', 1)) // no newline yet: a partial line, then its end
    await e.indexPaths([f])
    appendFileSync(f, '\n{x\n')
    const third = (await e.indexPaths([f])).files[0]
    expect(third.episodes).toBe(4)
    expect(third.warnings.at(-1)).toMatch(/^line 8: invalid JSON/)
  })

  it('keeps a file whose later lines are truncated JSON, with a warning per bad line', async () => {
    const { dir, e } = setup()
    const f = join(dir, 'bad.jsonl')
    writeFileSync(f, '{"messages": [{"role": "user", "content": "x"}]}\n{"messages": \n')
    const report = await e.indexPaths([f])
    expect(report.files[0].state).toBe('indexed')
    expect(report.files[0].warnings[0]).toMatch(/line 2: invalid JSON/)
  })

  it('re-indexes a changed file and keeps episode ids stable for unchanged positions', async () => {
    const { dir, e } = setup()
    const f = join(dir, 'run.jsonl')
    writeFileSync(f, chatRow('a', 1) + '\n' + chatRow('b', 0) + '\n')
    await e.indexPaths([f])
    const [run] = await e.api.listRuns()
    const before = (await e.api.listEpisodes({ runId: run.id })).items.map((x) => x.id)
    writeFileSync(f, chatRow('a', 1) + '\n' + chatRow('b', 1) + '\n' + chatRow('c', 1) + '\n')
    const report = await e.indexPaths([f])
    expect(report.indexed).toBe(1)
    const after = (await e.api.listEpisodes({ runId: run.id })).items
    expect(after.map((x) => x.id).slice(0, 2)).toEqual(before)
    expect(after.map((x) => x.reward)).toEqual([1, 1, 1])
  })

  it('says so when an episode is opened after its file changed underneath', async () => {
    const { dir, e } = setup()
    const f = join(dir, 'run.jsonl')
    writeFileSync(f, chatRow('a', 1) + '\n')
    await e.indexPaths([f])
    const [run] = await e.api.listRuns()
    const [ep] = (await e.api.listEpisodes({ runId: run.id })).items
    writeFileSync(f, chatRow('zzzzzz', 1) + '\n')
    await expect(e.api.getEpisode(ep.id)).rejects.toThrow(/changed since it was indexed/)
    rmSync(f)
    await expect(e.api.getEpisode(ep.id)).rejects.toThrow(/no longer exists/)
  })

  it('cancels a running job: files not reached keep their previous state', async () => {
    const { dir, e } = setup()
    for (let i = 0; i < 30; i++)
      writeFileSync(join(dir, `f${String(i).padStart(2, '0')}.jsonl`), chatRow(`t${i}`, 1) + '\n')
    const job = e.indexPaths([dir])
    await e.api.cancelIndex()
    const report = await job
    expect(report.indexed).toBeLessThan(30)
    const progress = await e.api.getProgress()
    expect(progress.state).toBe('cancelled')
  })
})

describe('sidecars', () => {
  it('treats <name>.meta.json beside a chat JSONL as its sidecar and re-indexes the run when it changes', async () => {
    const { dir, e } = setup()
    writeFileSync(join(dir, 'base.jsonl'), chatRow('a', 1) + '\n')
    writeFileSync(join(dir, 'base.meta.json'), JSON.stringify({ name: 'Base run', model: 'm1' }))
    const report = await e.indexPaths([dir])
    expect(report.files.map((f) => [f.path.slice(dir.length + 1), f.state])).toEqual([
      ['base.jsonl', 'indexed'],
      ['base.meta.json', 'sidecar']
    ])
    expect((await e.api.listRuns())[0]).toMatchObject({ name: 'Base run', model: 'm1' })
    writeFileSync(join(dir, 'base.meta.json'), JSON.stringify({ name: 'Renamed', model: 'm2', passThreshold: 0.9 }))
    const again = await e.indexPaths([dir])
    expect(again.indexed).toBe(1)
    expect((await e.api.listRuns())[0]).toMatchObject({ name: 'Renamed', model: 'm2', passThreshold: 0.9 })
  })
})

describe('workspace roots', () => {
  it('addPaths lists the new root in the workspace it returns, before indexing finishes', async () => {
    const { dir, e } = setup()
    writeFileSync(join(dir, 'a.jsonl'), chatRow('a', 1) + '\n')
    const ws = await e.api.addPaths([dir])
    expect(ws.roots).toEqual([dir])
    await expect(e.api.addPaths([join(dir, 'missing')])).rejects.toThrow(/not found: .*missing/)
  })
})
