/**
 * Parquet tables through the real engine: damaged, truncated, unknown-codec and unknown-schema files each get a
 * specific status and cost nothing else (the good file beside them indexes); a row group that cannot be decoded
 * fails its file as a whole (no half-indexed run); a file changed after indexing is never read as if it were the
 * indexed one; and a table of many row groups is indexed and read back one row group at a time.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Engine } from '../../../src-main/services/engine-types'
import { ParquetFile } from '../../../src-main/formats/readers/parquet-file'
import { ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'

const TRL_5 = ownFixture('trl/qwen-grpo/completions/completions_00005.parquet')
const TRL_15 = ownFixture('trl/qwen-grpo/completions/completions_00015.parquet')

let engine: Engine | null = null
afterEach(async () => {
  vi.restoreAllMocks()
  await engine?.close()
  engine = null
})

function setup(): { dir: string; e: Engine } {
  const t = tempEngine()
  engine = t.engine
  return { dir: mkdtempSync(join(tmpdir(), 'rs-table-')), e: t.engine }
}

/** A copy of `from` in `dir` with bytes [at, at + n) overwritten. */
function damaged(from: string, to: string, at: number, n: number): void {
  const bytes = readFileSync(from)
  bytes.fill(0xff, at, at + n)
  writeFileSync(to, bytes)
}

describe('Parquet files that cannot be used', () => {
  it('each gets a specific status, and the good file beside them indexes', async () => {
    const { dir, e } = setup()
    for (const name of ['truncated', 'lzo', 'cities'])
      copyFileSync(ownFixture(`parquet-damaged/${name}.parquet`), join(dir, `${name}.parquet`))
    copyFileSync(TRL_5, join(dir, 'completions_00005.parquet'))
    writeFileSync(join(dir, 'empty.parquet'), 'PAR1')
    const report = await e.indexPaths([dir])
    const by = Object.fromEntries(report.files.map((f) => [f.path.slice(dir.length + 1), f]))
    expect(by['truncated.parquet']).toMatchObject({
      state: 'error',
      error: expect.stringMatching(/^Parquet file: no PAR1 footer/)
    })
    expect(by['lzo.parquet']).toMatchObject({
      state: 'error',
      error: 'Parquet file: compressed with LZO (columns prompt), a codec Rollscope cannot read'
    })
    expect(by['cities.parquet']).toMatchObject({
      state: 'unknown-format',
      error: 'a Parquet table of no known format (columns: city, population; 2 rows)'
    })
    expect(by['empty.parquet']).toMatchObject({ state: 'error', error: expect.stringMatching(/too short/) })
    expect(by['completions_00005.parquet']).toMatchObject({ state: 'indexed', episodes: 8 })
    expect((await e.api.listRuns()).map((r) => r.episodes)).toEqual([8])
  })

  it('a row group whose pages cannot be decoded fails the whole file, naming the group; none of its rows stay', async () => {
    const { dir, e } = setup()
    const f = ParquetFile.open(TRL_15)
    // the prompt column's chunk of the second row group, overwritten past its page header
    const chunk = f.metadata.row_groups[1].columns[1].meta_data!
    const start = Number(chunk.dictionary_page_offset || chunk.data_page_offset)
    damaged(TRL_15, join(dir, 'completions_00015.parquet'), start, 24)
    const report = await e.indexPaths([dir])
    expect(report.files[0]).toMatchObject({ state: 'error', episodes: 0 })
    expect(report.files[0].error).toMatch(/^row group 1, column prompt: /)
    expect(await e.api.listRuns()).toEqual([])
  })
})

describe('a Parquet episode read back', () => {
  it('says so when its file changed or went after indexing', async () => {
    const { dir, e } = setup()
    const p = join(dir, 'completions_00005.parquet')
    copyFileSync(TRL_5, p)
    await e.indexPaths([dir])
    const [run] = await e.api.listRuns()
    const [ep] = (await e.api.listEpisodes({ runId: run.id })).items
    expect((await e.api.getEpisode(ep.id)).turns.length).toBe(3)
    copyFileSync(TRL_15, p)
    await expect(e.api.getEpisode(ep.id)).rejects.toThrow(/changed since it was indexed/)
    // same size and mtime, other bytes: the row group no longer decodes, still a changed file
    copyFileSync(TRL_5, p)
    const { size, mtimeMs } = statSync(p)
    const bytes = readFileSync(p)
    bytes.fill(0xff, 4, 64)
    writeFileSync(p, bytes)
    utimesSync(p, mtimeMs / 1000, mtimeMs / 1000)
    expect(statSync(p).size).toBe(size)
    await expect(e.api.getEpisode(ep.id)).rejects.toThrow(/changed since it was indexed/)
    rmSync(p)
    await expect(e.api.getEpisode(ep.id)).rejects.toThrow(/no longer exists/)
  })
})

describe('a table of many row groups', () => {
  it('is indexed row group by row group, each read once, in order', async () => {
    const { dir, e } = setup()
    copyFileSync(
      ownFixture('trl/many-row-groups/completions/completions_00001.parquet'),
      join(dir, 'completions_00001.parquet')
    )
    const groups: number[] = []
    const readGroup = ParquetFile.prototype.readGroup
    vi.spyOn(ParquetFile.prototype, 'readGroup').mockImplementation(function (this: ParquetFile, g, columns) {
      groups.push(g)
      return readGroup.call(this, g, columns)
    })
    const report = await e.indexPaths([dir])
    expect(report.files[0]).toMatchObject({ state: 'indexed', episodes: 160 })
    // indexing reads groups 0..39 once each; the search pass then reads the episodes back, again group by group
    expect(groups.slice(0, 40)).toEqual([...Array(40).keys()])
    expect(groups.slice(40)).toEqual([...Array(40).keys()])
  })

  it('is indexed one row group at a time and read back from the one row group an episode is in', async () => {
    const { dir, e } = setup()
    copyFileSync(TRL_15, join(dir, 'completions_00015.parquet'))
    const groups: number[] = []
    const readGroup = ParquetFile.prototype.readGroup
    vi.spyOn(ParquetFile.prototype, 'readGroup').mockImplementation(function (this: ParquetFile, g, columns) {
      groups.push(g)
      return readGroup.call(this, g, columns)
    })
    await e.indexPaths([dir])
    // indexing: each group once, in order (the search pass reads the episodes back, again group by group)
    expect(groups.slice(0, 3)).toEqual([0, 1, 2])
    const [run] = await e.api.listRuns()
    const eps = (await e.api.listEpisodes({ runId: run.id, limit: 100 })).items
    expect(eps).toHaveLength(12)
    groups.length = 0
    const last = await e.api.getEpisode(eps[11].id)
    expect(last.turns[1].text).toContain('What is 100 - 37?')
    expect(groups).toEqual([2])
  })
})
