/**
 * The Parquet reader (src-main/formats/readers/parquet-file.ts): rows and nested list<struct> columns decode as the
 * producers wrote them (snappy and zstd), a file is read one row group at a time (each read lies inside one row
 * group's bytes, and a group's reads are only its own column chunks: memory is bounded by a row group, never the
 * file), and damaged files, unknown codecs and truncation give a ParquetError that says what is wrong.
 */
import { describe, expect, it, vi } from 'vitest'
import { ParquetError, ParquetFile } from '../../../src-main/formats/readers/parquet-file'
import { ownFixture } from '../../helpers/fixtures-path'

const TRL_15 = ownFixture('trl/qwen-grpo/completions/completions_00015.parquet')
const ART_TRAIN_1 = ownFixture('openpipe-art/.art/email-agent/models/agent-001/trajectories/train/0001.parquet')
const SWE_AGENT = ownFixture('hf-trajectories/nebius-SWE-agent-trajectories/data/train-00000-of-00001.parquet')

const withFile = <T>(path: string, fn: (f: ParquetFile) => T): T => fn(ParquetFile.open(path))

describe('ParquetFile', () => {
  it('reads a pandas (snappy) table row group by row group', () => {
    withFile(TRL_15, (f) => {
      expect(f.columns).toEqual([
        'step',
        'prompt',
        'completion',
        'accuracy_reward',
        'format_reward',
        'answer_len',
        'advantage'
      ])
      expect(f.numRows).toBe(12)
      expect(f.rowGroups).toBe(3)
      const rows = [0, 1, 2].flatMap((g) => f.readGroup(g))
      expect(rows).toHaveLength(12)
      expect(rows.every((r) => r.step === 15)).toBe(true)
      expect(typeof rows[0].prompt).toBe('string')
      expect(rows[0].accuracy_reward).toBe(1)
    })
  })

  it('decodes a nested list<struct> column (ART messages, zstd)', () => {
    withFile(ART_TRAIN_1, (f) => {
      const [row] = f.readGroup(0)
      const messages = row.messages as Record<string, unknown>[]
      expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant'])
      expect(JSON.parse(messages[2].tool_calls as string)[0].function.name).toBe('search_inbox')
      expect(messages[3].tool_call_id).toBe('call_0_0')
    })
  })

  it('reads one row group at a time: every read lies in one group, and a group reads only its own chunks', () => {
    withFile(SWE_AGENT, (f) => {
      expect(f.rowGroups).toBe(3)
      const spans = f.metadata.row_groups.map((rg) => {
        const starts = rg.columns.map((c) =>
          Number(c.meta_data!.dictionary_page_offset || c.meta_data!.data_page_offset)
        )
        const ends = rg.columns.map((c, i) => starts[i] + Number(c.meta_data!.total_compressed_size))
        return { start: Math.min(...starts), end: Math.max(...ends) }
      })
      const footerReads = f.reads.length
      // opening reads the footer only: nothing before the last row group's end
      expect(f.reads.every((r) => r.start >= spans[spans.length - 1].end)).toBe(true)
      let total = 0
      for (let g = 0; g < f.rowGroups; g++) {
        const before = f.reads.length
        total += f.readGroup(g).length
        const mine = f.reads.slice(before)
        expect(mine.length).toBe(f.metadata.row_groups[g].columns.length)
        for (const r of mine) {
          expect(r.start).toBeGreaterThanOrEqual(spans[g].start)
          expect(r.end).toBeLessThanOrEqual(spans[g].end)
        }
        const inFlight = mine.reduce((n, r) => n + r.end - r.start, 0)
        expect(inFlight).toBeLessThan(f.size / 2)
      }
      expect(total).toBe(f.numRows)
      expect(f.reads.length).toBe(footerReads + f.metadata.row_groups.reduce((n, rg) => n + rg.columns.length, 0))
    })
  })

  it('a file of 40 row groups: never more than one row group of bytes read at once, each group read once', () => {
    const f = ParquetFile.open(ownFixture('trl/many-row-groups/completions/completions_00001.parquet'))
    expect(f.rowGroups).toBe(40)
    const footerReads = f.reads.length
    const groupBytes = f.metadata.row_groups.map((rg) => Number(rg.total_compressed_size ?? 0))
    let maxInFlight = 0
    let rows = 0
    for (let g = 0; g < f.rowGroups; g++) {
      const before = f.reads.length
      rows += f.readGroup(g).length
      // the reads of one call are all a row group holds at once: its column chunks, nothing of other groups
      const inFlight = f.reads.slice(before).reduce((n, r) => n + r.end - r.start, 0)
      expect(inFlight).toBeLessThanOrEqual(groupBytes[g])
      maxInFlight = Math.max(maxInFlight, inFlight)
    }
    expect(rows).toBe(160)
    expect(maxInFlight).toBeLessThan(f.size / 20)
    // one read per column chunk of each group, none again
    expect(f.reads.length - footerReads).toBe(40 * f.columns.length)
  })

  it('reads only the columns asked for', () => {
    withFile(TRL_15, (f) => {
      const before = f.reads.length
      const rows = f.readGroup(1, ['step', 'advantage'])
      expect(Object.keys(rows[0]).sort()).toEqual(['advantage', 'step'])
      expect(f.reads.length - before).toBe(2)
    })
  })

  it('refuses a truncated file, an unknown codec and a file that is not Parquet, saying why', () => {
    expect(() => ParquetFile.open(ownFixture('parquet-damaged/truncated.parquet'))).toThrow(ParquetError)
    expect(() => ParquetFile.open(ownFixture('parquet-damaged/truncated.parquet'))).toThrow(/no PAR1 footer/)
    expect(() => ParquetFile.open(ownFixture('parquet-damaged/lzo.parquet'))).toThrow(/LZO \(columns prompt\)/)
    expect(() => ParquetFile.open(ownFixture('trl/README.md'))).toThrow(ParquetError)
  })

  it('refuses a row group over the size read at once (ROLLSCOPE_MAX_ROW_GROUP_MB), naming it', async () => {
    vi.stubEnv('ROLLSCOPE_MAX_ROW_GROUP_MB', '0.001')
    vi.resetModules()
    try {
      const limited = await import('../../../src-main/formats/readers/parquet-file')
      const f = limited.ParquetFile.open(TRL_15)
      expect(() => f.readGroup(1)).toThrow(limited.ParquetError)
      expect(() => f.readGroup(1)).toThrow(/^row group 1 holds \d+ MB of data, over the 0 MB read at once/)
    } finally {
      vi.unstubAllEnvs()
      vi.resetModules()
    }
  })
})
