/**
 * Vague or wrong statuses (issue 17 item 8), each input generated here: a UTF-8 byte-order mark is read, UTF-16 /
 * UTF-32, whitespace-only files and a FIFO get their own reason (and the CLI a non-zero exit where something named
 * could not be read), a file cut short while it is read keeps no episode past its new end, NaN / Infinity read as
 * missing are warned on the file and on its run, and an over-long search query says what the limit is.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, statSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDb } from '../../../src-main/db/open-db'
import { upsertSource } from '../../../src-main/db/source-rows'
import { pickJsonlAdapter } from '../../../src-main/formats/registry'
import { indexJsonlFile } from '../../../src-main/indexer/index-jsonl-file'
import type { Engine } from '../../../src-main/services/engine-types'
import { captureCli } from '../../helpers/capture-cli'
import { tempEngine } from '../../helpers/temp-engine'

const chatRow = (id: string, reward: number | string): string =>
  JSON.stringify({
    id,
    reward,
    messages: [
      { role: 'user', content: `task ${id} ${'x'.repeat(200)}` },
      { role: 'assistant', content: `answer ${id}` }
    ]
  }).replace('"reward":"NaN"', '"reward":NaN')

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

function setup(): { dir: string; e: Engine } {
  const dir = mkdtempSync(join(tmpdir(), 'rs-status-'))
  engine = tempEngine().engine
  return { dir, e: engine }
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf])

describe('encodings and empty content', () => {
  it('reads a JSONL and a JSON document that start with a UTF-8 byte-order mark', async () => {
    const { dir, e } = setup()
    const jsonl = join(dir, 'bom.jsonl')
    writeFileSync(jsonl, Buffer.concat([BOM, Buffer.from([chatRow('a', 1), chatRow('b', 0)].join('\n') + '\n')]))
    const json = join(dir, 'bom-doc.json')
    const doc = { metadata: { model: 'm' }, samples: [] }
    writeFileSync(json, Buffer.concat([BOM, Buffer.from(JSON.stringify(doc))]))
    const report = await e.indexPaths([jsonl])
    expect(report.files[0]).toMatchObject({ state: 'indexed', episodes: 2, error: null, warnings: [] })
    const [run] = await e.api.listRuns()
    const page = await e.api.listEpisodes({ runId: run.id })
    // the first episode is read back from its byte range (which holds the mark) as it was indexed
    const first = await e.api.getEpisode(page.items[0].id)
    expect(first.turns[0].text).toContain('task a')
    // a document with a mark is not "unknown-format" with an invisible character in its reason
    const d = await e.indexPaths([json])
    expect(d.files[0].error ?? '').not.toMatch(/\ufeff/)
    expect(d.files[0].state === 'unknown-format' ? d.files[0].error : '').not.toMatch(/not valid JSON/)
  })

  it('names UTF-16 and UTF-32 (with or without a byte-order mark) and whitespace-only files', async () => {
    const { dir, e } = setup()
    const text = [chatRow('a', 1), chatRow('b', 0)].join('\n') + '\n'
    const le = Buffer.from('\ufeff' + text, 'utf16le')
    const files: Record<string, Buffer | string> = {
      'utf16le-bom.jsonl': le,
      'utf16le.jsonl': Buffer.from(text, 'utf16le'),
      'utf16be-bom.jsonl': Buffer.from(le).swap16(),
      'utf32le-bom.jsonl': Buffer.from([0xff, 0xfe, 0, 0, 0x7b, 0, 0, 0]),
      'blank.jsonl': '   \n\n \t \r\n',
      'empty.jsonl': ''
    }
    for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body)
    const report = await e.indexPaths([dir])
    const by = Object.fromEntries(report.files.map((f) => [f.path.slice(dir.length + 1), f]))
    expect(by['utf16le-bom.jsonl']).toMatchObject({ state: 'error' })
    expect(by['utf16le-bom.jsonl'].error).toMatch(
      /^UTF-16LE \(byte-order mark\) text: Rollscope reads JSON and JSONL in UTF-8/
    )
    expect(by['utf16le-bom.jsonl'].error).toContain('iconv -f UTF-16LE -t UTF-8')
    expect(by['utf16le.jsonl'].error).toMatch(/^UTF-16LE text/)
    expect(by['utf16be-bom.jsonl'].error).toMatch(/^UTF-16BE \(byte-order mark\) text/)
    expect(by['utf32le-bom.jsonl'].error).toMatch(/^UTF-32LE \(byte-order mark\) text/)
    expect(by['blank.jsonl']).toMatchObject({
      state: 'unknown-format',
      error: 'no records: the file holds only whitespace (10 bytes)'
    })
    expect(by['empty.jsonl']).toMatchObject({ state: 'unknown-format', error: 'empty file' })
    expect(report.failed).toBe(4)
  })
})

describe('rollscope index on paths that cannot be read', () => {
  it('a FIFO named explicitly: its own reason and exit 1, not "No trace files found"', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-fifo-'))
    const fifo = join(dir, 'pipe.jsonl')
    execFileSync('mkfifo', [fifo])
    const cli = captureCli(() => join(dir, 'r.db'))
    const r = await cli('index', fifo)
    expect(r.stdout).not.toContain('No trace files found')
    expect(r.stdout).toMatch(/error .*pipe\.jsonl +a named pipe \(FIFO\): only regular files are read/)
    expect(r.code).toBe(1)
    // inside a folder a FIFO with a trace's name is listed with why it is not read, and fails nothing
    writeFileSync(join(dir, 'good.jsonl'), chatRow('a', 1) + '\n')
    const walk = await cli('index', dir, '--json')
    const files = (JSON.parse(walk.stdout) as { files: { path: string; state: string; error: string | null }[] }).files
    expect(files.map((f) => [f.path.slice(dir.length + 1), f.state, f.error])).toEqual([
      ['good.jsonl', 'indexed', null],
      [
        'pipe.jsonl',
        'unknown-format',
        'a named pipe (FIFO): only regular files are read (write the trace to a file first)'
      ]
    ])
    expect(walk.code).toBe(0)
    // an over-long query says what the limit is
    const long = await cli('search', 'FAILED '.repeat(200))
    expect(long.code).toBe(2)
    expect(long.stderr).toContain('the search query is 1,400 characters; the longest searched is 1,000')
  })
})

describe('a file that changes while it is read', () => {
  it('cut short mid-read: no episode kept past its new end, and the reason says so', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-shrink-'))
    const path = join(dir, 'results.jsonl')
    const rows = Array.from({ length: 2000 }, (_, i) => chatRow(`t${i}`, i % 2))
    writeFileSync(path, rows.join('\n') + '\n')
    const size = statSync(path).size
    const db = openDb(join(dir, 'r.db'))
    const adapter = pickJsonlAdapter(JSON.parse(rows[0]) as Record<string, unknown>, path)!
    const base = { path, root: dir, size, mtimeMs: 0, format: adapter.format, state: 'pending' as const }
    const sourceId = upsertSource(db, { ...base, error: null, warnings: [], episodes: 0, indexedBytes: 0 })
    let seen = 0
    let cut = false
    const run = db.transaction(() =>
      indexJsonlFile(db, sourceId, path, adapter, adapter.readRunHeader(path), 1e8, {
        isCancelled: () => false,
        onBytes: (n) => {
          seen += n
          // past the middle of the file, a writer truncates it to a third (the reader's buffer is already ahead)
          if (!cut && seen > size / 2) ((cut = true), truncateSync(path, Math.floor(size / 3)))
        }
      })
    )
    expect(() => run()).toThrow(/^the file shrank from 646.7 KB to 215.6 KB while it was being read/)
    expect(cut).toBe(true)
    // the transaction kept nothing of the file
    expect(db.prepare('SELECT count(*) FROM episodes').pluck().get()).toBe(0)
    db.close()
  })

  it('cut short between two passes: read again, the partial last line left for later', async () => {
    // a file truncated between listing and reading: the reader sees the short file, and nothing points past its end
    const { dir, e } = setup()
    const path = join(dir, 'run.jsonl')
    writeFileSync(path, [chatRow('a', 1), chatRow('b', 0), chatRow('c', 1)].join('\n') + '\n')
    const first = await e.indexPaths([path])
    expect(first.files[0]).toMatchObject({ state: 'indexed', episodes: 3 })
    truncateSync(path, statSync(path).size - 10)
    const again = await e.indexPaths([path])
    expect(again.files[0].episodes).toBe(2)
    expect(again.files[0].warnings.join()).toMatch(/partial last line/)
  })
})

describe('NaN and Infinity', () => {
  it('are read as missing with a warning on the file and on its run', async () => {
    const { dir, e } = setup()
    const path = join(dir, 'nan.jsonl')
    writeFileSync(
      path,
      [
        chatRow('a', 1),
        chatRow('b', 'NaN'),
        chatRow('c', 0),
        chatRow('d', 'NaN').replace('"id"', '"x":Infinity,"id"')
      ].join('\n') + '\n'
    )
    const report = await e.indexPaths([path])
    expect(report.files[0]).toMatchObject({ state: 'indexed', episodes: 4 })
    expect(report.files[0].warnings[0]).toBe(
      "NaN or Infinity read as missing: 3 values on 2 lines (2, 4); the producer's figures computed with them cannot be reproduced"
    )
    const [run] = await e.api.listRuns()
    expect(run.warnings).toContain(
      "3 numbers in nan.jsonl were NaN or Infinity and read as missing: the producer's figures computed with them " +
        '(a mean reward, a pass rate) cannot be reproduced'
    )
    expect(run.meanReward).toBe(0.5)
    // a file without them: no such warning on its run
    const clean = join(dir, 'clean.jsonl')
    writeFileSync(clean, chatRow('a', 1) + '\n')
    await e.indexPaths([clean])
    const runs = await e.api.listRuns()
    expect(runs.find((r) => r.source === clean)?.warnings.join()).not.toMatch(/NaN/)
  })
})
