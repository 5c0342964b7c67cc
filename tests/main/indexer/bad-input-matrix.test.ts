/**
 * The bad-input matrix (PRODUCT.md §5, issue 17): one folder holding every kind of bad input beside a good control
 * file. Each bad file gets its own specific status and reason, the rest of its content is kept where it can be, and
 * the control file is indexed whole. The memory of the large inputs is measured in child processes by
 * tests/main/integration/hostile-memory.test.ts; here they are smaller versions of the same shapes.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateRawSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempEngine } from '../../helpers/temp-engine'
import type { Engine } from '../../../src-main/services/engine-types'
import type { IndexReport, SourceStatus } from '../../../src-main/contract/model'
import { buildZip } from '../../generators/zip-writer.mjs'
import {
  chatRecord,
  deepContentLine,
  deepInfoLine,
  inspectHeader,
  writeLongLine
} from '../../generators/hostile-inputs.mjs'
import { DEPTH_NOTE } from '../../../src-main/formats/readers/json-limits'

const line = (r: Record<string, unknown>): string => JSON.stringify(r)
const sample = (id: number) => ({
  id,
  epoch: 1,
  input: `task ${id}`,
  target: 'ok',
  messages: [
    { role: 'user', content: `task ${id}` },
    { role: 'assistant', content: 'ok' }
  ],
  scores: { match: { value: 'C' } }
})

let dir: string
let engine: Engine
let report: IndexReport
let removed: number
const asRoot = process.getuid?.() === 0
const status = (name: string): SourceStatus => {
  const s = report.files.find((f) => f.path === join(dir, name))
  if (!s) throw new Error(`no status for ${name}: ${report.files.map((f) => f.path).join(', ')}`)
  return s
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rs-matrix-'))
  const w = (name: string, data: string | Buffer): void => writeFileSync(join(dir, name), data)
  w('control.jsonl', [chatRecord('c1', 1), chatRecord('c2', 0)].map(line).join('\n') + '\n')
  // truncated and invalid lines
  w('truncated.jsonl', line(chatRecord('t1', 1)) + '\n' + line(chatRecord('t2', 1)).slice(0, 25))
  w('invalid-lines.jsonl', [line(chatRecord('i1', 1)), '{"broken": ', line(chatRecord('i2', 0))].join('\n') + '\n')
  // NaN / Infinity (Python's json.dumps writes them bare)
  w('nan.jsonl', line(chatRecord('n1', 0)).replace('"reward":0', '"reward":NaN,"score":Infinity') + '\n')
  // invalid UTF-8 inside a string
  const utf8 = line(chatRecord('u1', 1))
  const at = utf8.indexOf('task u1') + 4
  w(
    'bad-utf8.jsonl',
    Buffer.concat([Buffer.from(utf8.slice(0, at)), Buffer.from([0xff, 0xfe]), Buffer.from(utf8.slice(at) + '\n')])
  )
  // a 100 MB line (over the 64 MB record limit), then a good one
  writeLongLine(join(dir, 'line-100mb.jsonl'), { mb: 100 })
  // deeply nested JSON, in info and in a message's content
  w('deep-info.jsonl', deepInfoLine('deep-info', 10_000) + '\n')
  w('deep-content.jsonl', deepContentLine('deep-content', 10_000) + '\n')
  // a record of more values than are read whole (1.2 M): read as its first and last 1,000 messages
  w(
    'many-values.jsonl',
    `{"id":"many","reward":1,"messages":[${'{"role":"user","content":"q"},'.repeat(400_000).slice(0, -1)}]}\n`
  )
  // zip archives: a member over the size cap, a zip bomb (small and streamed), a truncated archive
  w(
    'oversized-member.eval',
    buildZip([
      { name: 'header.json', data: inspectHeader('oversized') },
      { name: 'samples/1_epoch_1.json', data: sample(1) },
      { name: 'samples/2_epoch_1.json', data: '{}', declaredSize: 1100e6 }
    ])
  )
  w(
    'zip-bomb.eval',
    buildZip([
      { name: 'header.json', data: inspectHeader('bomb') },
      { name: 'samples/1_epoch_1.json', data: sample(1) },
      { name: 'samples/2_epoch_1.json', data: Buffer.alloc(5_000_000, 32), declaredSize: 1000 },
      { name: 'samples/3_epoch_1.json', data: Buffer.alloc(101_000_000, 32), declaredSize: 100_000_000 }
    ])
  )
  const whole = buildZip([{ name: 'header.json', data: inspectHeader('cut') }])
  w('truncated.eval', whole.subarray(0, whole.length - 10))
  // a Git LFS pointer in place of the trace
  w('lfs.jsonl', 'version https://git-lfs.github.com/spec/v1\noid sha256:a2dd153c\nsize 844823\n')
  // unreadable, a symlink loop, a broken symlink
  w('locked.jsonl', line(chatRecord('l1', 1)) + '\n')
  chmodSync(join(dir, 'locked.jsonl'), 0o000)
  mkdirSync(join(dir, 'sub'))
  symlinkSync(dir, join(dir, 'sub', 'loop'))
  symlinkSync(join(dir, 'nowhere.jsonl'), join(dir, 'broken.jsonl'))
  // unknown formats
  w('notes.txt.jsonl', 'just some text\n')
  w('other.json', JSON.stringify({ hello: 'world' }))
  // a file that vanishes between two passes
  w('vanishing.jsonl', line(chatRecord('v1', 1)) + '\n')

  engine = tempEngine().engine
  await engine.indexPaths([dir])
  rmSync(join(dir, 'vanishing.jsonl'))
  report = await engine.indexPaths([dir])
  removed = report.removed
  // the second pass lists unchanged files as such: each file's status is the workspace's, the walk's problems the report's
  const ws = await engine.api.getWorkspace()
  const stored = new Set(ws.sources.map((s) => s.path))
  report = { ...report, files: [...ws.sources, ...report.files.filter((f) => !stored.has(f.path))] }
}, 300_000)

afterAll(async () => {
  chmodSync(join(dir, 'locked.jsonl'), 0o644)
  await engine.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The episodes of the run a file feeds, opened as the viewer opens them. */
async function openAll(name: string) {
  const run = (await engine.api.listRuns()).find((r) => r.source === join(dir, name))
  if (!run) throw new Error(`no run for ${name}`)
  const page = await engine.api.listEpisodes({ runId: run.id })
  return Promise.all(page.items.map((e) => engine.api.getEpisodePreview(e.id)))
}

describe('bad-input matrix: every bad file gets a specific status, the control file is indexed whole', () => {
  it('the control file', async () => {
    expect(status('control.jsonl')).toMatchObject({ state: 'indexed', episodes: 2, warnings: [] })
    expect((await openAll('control.jsonl')).map((e) => e.turns.length)).toEqual([2, 2])
  })

  it('truncated and invalid lines: skipped with their line numbers, the rest indexed', () => {
    expect(status('truncated.jsonl')).toMatchObject({ state: 'indexed', episodes: 1 })
    expect(status('truncated.jsonl').warnings[0]).toMatch(/^partial last line \(25 bytes without a newline\) skipped/)
    expect(status('invalid-lines.jsonl')).toMatchObject({ state: 'indexed', episodes: 2 })
    expect(status('invalid-lines.jsonl').warnings[0]).toMatch(/^line 2: invalid JSON/)
  })

  it('NaN / Infinity: read (as no value), not a broken line', async () => {
    expect(status('nan.jsonl')).toMatchObject({ state: 'indexed', episodes: 1 })
    const [e] = await openAll('nan.jsonl')
    expect(e.reward).toBeNull()
  })

  it('invalid UTF-8: replaced with U+FFFD and said so', () => {
    expect(status('bad-utf8.jsonl')).toMatchObject({ state: 'indexed', episodes: 1 })
    expect(status('bad-utf8.jsonl').warnings).toEqual(['line 1: invalid UTF-8 bytes were replaced with U+FFFD'])
  })

  it('a 100 MB line: skipped as over the record limit, the next line indexed', () => {
    expect(status('line-100mb.jsonl')).toMatchObject({ state: 'indexed', episodes: 1 })
    expect(status('line-100mb.jsonl').warnings).toEqual(['line 1: 100.0 MB record is over the 64.0 MB limit; skipped'])
  })

  it('deeply nested JSON: indexed with a warning, opened with the cut named (info and content)', async () => {
    expect(status('deep-info.jsonl')).toMatchObject({ state: 'indexed', episodes: 1 })
    expect(status('deep-info.jsonl').warnings[0]).toMatch(
      /^line 1: nested too deeply to read whole: `info\.a\.a\.a … \d+ levels … a\.a`/
    )
    const [info] = await openAll('deep-info.jsonl')
    expect(info.cuts).toEqual([expect.objectContaining({ kind: 'depth', total: 64 })])
    expect(JSON.stringify(info.infoFull)).toContain(DEPTH_NOTE)
    expect(status('deep-content.jsonl')).toMatchObject({ state: 'indexed', episodes: 1 })
    const [content] = await openAll('deep-content.jsonl')
    expect(content.turns.map((t) => t.role)).toEqual(['user', 'assistant'])
    expect(content.cuts?.[0]).toMatchObject({
      kind: 'depth',
      path: expect.stringMatching(/^messages\[1\]\.content\[0\]/)
    })
    // the CLI's and the export's walks over the same episode end too
    await expect(engine.api.getEpisode(content.id)).resolves.toMatchObject({ id: content.id })
  })

  it('a record of more values than are read whole: its first and last 1,000 messages, the gap marked', async () => {
    expect(status('many-values.jsonl')).toMatchObject({ state: 'indexed', episodes: 1 })
    expect(status('many-values.jsonl').warnings).toEqual([
      'line 1: too large to read whole: `messages`: 400,000 items, the first 1,000 and the last 1,000 read'
    ])
    const [e] = await openAll('many-values.jsonl')
    expect(e.turns).toHaveLength(2000)
    expect(e.turns[1000].notReadBefore).toBe(398_000)
  })

  it('oversized and malicious zip members: the sample is listed as an error with the reason, the others read', async () => {
    expect(status('oversized-member.eval')).toMatchObject({ state: 'indexed', episodes: 2 })
    const oversized = await engine.api.listEpisodes({
      runId: (await engine.api.listRuns()).find((r) => r.source === join(dir, 'oversized-member.eval'))!.id
    })
    expect(oversized.items.map((e) => [e.status, e.error])).toEqual([
      ['ok', null],
      [
        'error',
        'zip member samples/2_epoch_1.json is 1100 MB uncompressed, over the 1024 MB limit (ROLLSCOPE_MAX_ZIP_MEMBER_MB)'
      ]
    ])
    // the file says which members it could not read (it was indexed with no warning)
    expect(status('oversized-member.eval').warnings).toEqual([
      'samples/2_epoch_1.json could not be read (zip member samples/2_epoch_1.json is 1100 MB uncompressed, over the 1024 MB limit (ROLLSCOPE_MAX_ZIP_MEMBER_MB)): its sample is listed as an error'
    ])
    expect(status('zip-bomb.eval')).toMatchObject({ state: 'indexed', episodes: 3 })
    expect(status('zip-bomb.eval').warnings.map((w) => w.slice(0, w.indexOf(' could not be read')))).toEqual([
      'samples/2_epoch_1.json',
      'samples/3_epoch_1.json'
    ])
    const bomb = await engine.api.listEpisodes({
      runId: (await engine.api.listRuns()).find((r) => r.source === join(dir, 'zip-bomb.eval'))!.id
    })
    expect(bomb.items.map((e) => [e.status, e.error])).toEqual([
      ['ok', null],
      ['error', 'zip member samples/2_epoch_1.json inflates past its declared 0.0 MB (corrupt or malicious archive)'],
      ['error', 'zip member samples/3_epoch_1.json inflates past its declared 100 MB (corrupt or malicious archive)']
    ])
    expect(status('truncated.eval')).toMatchObject({ state: 'error' })
    expect(status('truncated.eval').error).toMatch(/^zip archive: .*(truncated|past the end)/)
  })

  it('a Git LFS pointer: not downloaded, with how to get it', () => {
    expect(status('lfs.jsonl')).toMatchObject({ state: 'not-downloaded', episodes: 0 })
    expect(status('lfs.jsonl').error).toMatch(/^Git LFS pointer: content not downloaded \(real size 844,823 bytes\)/)
  })

  it.skipIf(asRoot)('an unreadable file: permission denied', () => {
    expect(status('locked.jsonl')).toMatchObject({ state: 'error', error: 'permission denied' })
  })

  it('a symlink loop is listed, not failed (what it leads to is walked anyway); a broken symlink is an error', () => {
    expect(status('sub/loop')).toMatchObject({ state: 'unknown-format', error: expect.stringMatching(/symlink loop/) })
    expect(status('broken.jsonl')).toMatchObject({ state: 'error', error: expect.stringMatching(/^broken symlink/) })
  })

  it('unknown formats: what the file is not, or the keys it has', () => {
    expect(status('notes.txt.jsonl')).toMatchObject({ state: 'unknown-format' })
    expect(status('notes.txt.jsonl').error).toMatch(/^not JSON or JSONL/)
    expect(status('other.json')).toMatchObject({
      state: 'unknown-format',
      error: 'unrecognized record shape (keys: hello)'
    })
  })

  it('a vanished file: said once by the job that found it gone, then no longer listed (nor failed)', () => {
    expect(removed).toBe(1)
    expect(report.files.some((f) => f.path === join(dir, 'vanishing.jsonl'))).toBe(false)
  })
})
