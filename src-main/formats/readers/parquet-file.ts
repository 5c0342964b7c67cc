/**
 * A Parquet file read the way a multi-GB trajectory dump must be: the footer (schema, row groups) first, then one
 * row group at a time, each column chunk of that group by its byte range, decoded to plain rows (nested
 * `list<struct>` columns become arrays of objects). Nothing is read whole, so memory is bounded by one row group.
 *
 * hyparquet does the decoding. Its `parquetRead` is async, but the indexer and the episode reader are synchronous on
 * purpose (one SQLite transaction per file on the worker thread cannot span awaits), so this drives hyparquet's
 * synchronous parts (footer parsing, `readColumn`, `assembleNested`) over an AsyncBuffer-shaped view of the open file
 * whose slices are positional reads returning at once. Codecs: snappy (built in), zstd, gzip, brotli, lz4 (the
 * compressors package); another codec is refused at open with the columns it is used on.
 */
import { closeSync, fstatSync, openSync } from 'node:fs'
import { parquetMetadata, parquetSchema } from 'hyparquet'
import type { DecodedArray, FileMetaData, SchemaTree } from 'hyparquet'
import { readColumn } from 'hyparquet/src/column.js'
import { assembleNested } from 'hyparquet/src/assemble.js'
import { DEFAULT_PARSERS } from 'hyparquet/src/convert.js'
import { getTreePath } from 'hyparquet/src/schema.js'
import { compressors } from 'hyparquet-compressors'
import { readRange } from './line-reader'

type ColumnDecoder = Parameters<typeof readColumn>[2]

/** A Parquet file that cannot be used: the message says why (damaged, truncated, an unsupported codec). */
export class ParquetError extends Error {
  override name = 'ParquetError'
}

/** The `PAR1` magic a Parquet file starts and ends with. */
export const PARQUET_MAGIC = 0x31524150

/** Codecs the reader decodes (hyparquet's snappy plus the compressors package). */
const CODECS = new Set(['UNCOMPRESSED', 'SNAPPY', ...Object.keys(compressors)])

/** Largest footer read (schema and row group index): a bigger one is not a file this reader should hold. */
const MAX_FOOTER = 64e6

/**
 * Most uncompressed data of one row group decoded at once: a row group is the unit read, so a file written as one
 * huge group (a whole table in one) gets a clear error instead of exhausting memory.
 */
export const MAX_ROW_GROUP = (Number(process.env.ROLLSCOPE_MAX_ROW_GROUP_MB) || 512) * 1e6

/** One positional read of the file, as the reader asked for it (tests count them). */
export interface ByteRange {
  start: number
  end: number
}

/**
 * The rows a Parquet-backed adapter reads: an opened file, or rows held in memory (tests). Row groups are read one
 * at a time; a row is found again by its group and index in the group.
 */
export interface RowTable {
  /** Top-level column names, in schema order. */
  readonly columns: readonly string[]
  /** Physical type of each top-level column (DOUBLE, INT64, BYTE_ARRAY…; GROUP for a nested one). */
  readonly columnTypes: Readonly<Record<string, string>>
  readonly numRows: number
  readonly rowGroups: number
  /** The rows of one row group (only `columns` when given), as plain objects. */
  readGroup(group: number, columns?: readonly string[]): Record<string, unknown>[]
  /** The file's key-value metadata (pandas / arrow schema), by key. */
  readonly keyValue: Readonly<Record<string, string>>
}

export class ParquetFile implements RowTable {
  readonly columns: readonly string[]
  readonly columnTypes: Readonly<Record<string, string>>
  readonly numRows: number
  readonly rowGroups: number
  readonly keyValue: Readonly<Record<string, string>>
  /** Every positional read so far (footer and column chunks), for tests of what is read when. */
  readonly reads: ByteRange[] = []
  private readonly tree: SchemaTree

  private constructor(
    readonly path: string,
    readonly size: number,
    readonly metadata: FileMetaData
  ) {
    this.tree = parquetSchema(metadata)
    this.columns = this.tree.children.map((c) => c.element.name)
    this.columnTypes = Object.fromEntries(
      this.tree.children.map((c) => [c.element.name, c.children.length ? 'GROUP' : (c.element.type ?? 'GROUP')])
    )
    this.numRows = Number(metadata.num_rows)
    this.rowGroups = metadata.row_groups.length
    this.keyValue = Object.fromEntries((metadata.key_value_metadata ?? []).map((kv) => [kv.key, kv.value ?? '']))
  }

  /** Opens a file and reads its footer; throws ParquetError for a file that is not a usable Parquet file. */
  static open(path: string): ParquetFile {
    const fd = openSync(path, 'r')
    try {
      const size = fstatSync(fd).size
      const reads: ByteRange[] = []
      const slice = (start: number, end: number): ArrayBuffer => readSlice(fd, reads, start, end)
      if (size < 12) throw new ParquetError(`too short for a Parquet file (${size} bytes)`)
      const tail = new DataView(slice(size - 8, size))
      if (tail.getUint32(4, true) !== PARQUET_MAGIC)
        throw new ParquetError('no PAR1 footer: the file is truncated or still being written')
      const footerLength = tail.getUint32(0, true)
      if (footerLength + 12 > size || footerLength > MAX_FOOTER)
        throw new ParquetError(`damaged footer (it claims ${footerLength} bytes of metadata in a ${size}-byte file)`)
      let file: ParquetFile
      try {
        file = new ParquetFile(path, size, parquetMetadata(slice(size - 8 - footerLength, size)))
      } catch (err) {
        if (err instanceof ParquetError) throw err
        throw new ParquetError(`damaged footer: ${(err as Error).message}`)
      }
      file.reads.push(...reads)
      file.checkCodecs()
      return file
    } finally {
      closeSync(fd)
    }
  }

  /**
   * The rows of row group `group`: each column chunk read by its byte range, then assembled into plain objects (64-bit
   * integers as numbers, binary as base64 text, dates as ISO text: what JSON can hold). The file is opened for the
   * call, so a ParquetFile holds no descriptor.
   */
  readGroup(group: number, columns?: readonly string[]): Record<string, unknown>[] {
    const fd = openSync(this.path, 'r')
    try {
      return this.readGroupOf(fd, group, columns)
    } finally {
      closeSync(fd)
    }
  }

  private readGroupOf(fd: number, group: number, columns?: readonly string[]): Record<string, unknown>[] {
    const rowGroup = this.metadata.row_groups[group]
    if (!rowGroup) throw new ParquetError(`no row group ${group} (the file has ${this.rowGroups})`)
    const groupRows = Number(rowGroup.num_rows)
    const bytes = Number(rowGroup.total_byte_size)
    if (bytes > MAX_ROW_GROUP)
      throw new ParquetError(
        `row group ${group} holds ${(bytes / 1e6).toFixed(0)} MB of data, over the ${(MAX_ROW_GROUP / 1e6).toFixed(0)} MB ` +
          'read at once (ROLLSCOPE_MAX_ROW_GROUP_MB); rewrite the file with smaller row groups'
      )
    const select = { groupStart: 0, selectStart: 0, selectEnd: groupRows, groupRows }
    const wanted = columns ? new Set(columns) : null
    const leaves = new Map<string, DecodedArray>()
    for (const chunk of rowGroup.columns) {
      const meta = chunk.meta_data
      if (!meta) throw new ParquetError(`row group ${group} has a column chunk without metadata`)
      if (wanted && !wanted.has(meta.path_in_schema[0])) continue
      const name = meta.path_in_schema.join('.')
      const start = Number(meta.dictionary_page_offset || meta.data_page_offset)
      const end = start + Number(meta.total_compressed_size)
      if (!(start >= 4 && end <= this.size && end >= start))
        throw new ParquetError(`row group ${group}: the ${name} column lies outside the file`)
      let data: DecodedArray[]
      try {
        const schemaPath = getTreePath(this.tree, meta.path_in_schema)
        const decoder: ColumnDecoder = {
          pathInSchema: meta.path_in_schema,
          element: schemaPath[schemaPath.length - 1].element,
          schemaPath,
          type: meta.type,
          codec: meta.codec,
          parsers: DEFAULT_PARSERS,
          compressors
        }
        const bytes = readSlice(fd, this.reads, start, end)
        data = readColumn({ view: new DataView(bytes), offset: 0 }, select, decoder).data
      } catch (err) {
        if (err instanceof ParquetError) throw err
        throw new ParquetError(`row group ${group}, column ${name}: ${(err as Error).message}`)
      }
      leaves.set(name, data.length === 1 ? data[0] : data.flatMap((d) => Array.from(d)))
    }
    const out: Record<string, unknown>[] = Array.from({ length: groupRows }, () => ({}))
    for (const child of this.tree.children) {
      const name = child.element.name
      if (wanted && !wanted.has(name)) continue
      if (child.children.length) {
        try {
          assembleNested(leaves, child, DEFAULT_PARSERS)
        } catch (err) {
          throw new ParquetError(`row group ${group}, column ${name}: ${(err as Error).message}`)
        }
      }
      const values = leaves.get(name)
      if (!values) continue
      for (let i = 0; i < groupRows; i++) out[i][name] = plain(values[i])
    }
    return out
  }

  /** Refuses a file using a codec the reader cannot decode, naming it and its columns. */
  private checkCodecs(): void {
    const bad = new Map<string, Set<string>>()
    for (const rg of this.metadata.row_groups)
      for (const c of rg.columns) {
        const codec = c.meta_data?.codec
        if (codec && !CODECS.has(codec)) {
          const cols = bad.get(codec) ?? new Set()
          cols.add(c.meta_data!.path_in_schema.join('.'))
          bad.set(codec, cols)
        }
      }
    if (bad.size)
      throw new ParquetError(
        `compressed with ${[...bad].map(([codec, cols]) => `${codec} (columns ${[...cols].join(', ')})`).join('; ')}, a codec Rollscope cannot read`
      )
  }
}

/** A decoded value as JSON can hold it: bigint as a number (as text past 2^53), bytes as base64, a Date as ISO text. */
function plain(v: unknown): unknown {
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : String(v)
  if (v === null || typeof v !== 'object') return v
  if (v instanceof Uint8Array) return Buffer.from(v).toString('base64')
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString()
  if (Array.isArray(v)) return v.map(plain)
  const out: Record<string, unknown> = {}
  for (const [k, x] of Object.entries(v)) out[k] = plain(x)
  return out
}

/**
 * One positional read of [start, end), recorded in `reads`: the slice of hyparquet's AsyncBuffer, answered at once
 * (an ArrayBuffer is a valid Awaitable<ArrayBuffer>).
 */
function readSlice(fd: number, reads: ByteRange[], start: number, end: number): ArrayBuffer {
  reads.push({ start, end })
  const buf = readRange(fd, start, end - start)
  if (buf.length !== end - start) throw new ParquetError('the file is truncated (it ended early)')
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length) as ArrayBuffer
}

/** Whether the first bytes are the Parquet magic. */
export const isParquetHead = (head: Uint8Array): boolean =>
  head.length >= 4 && head[0] === 0x50 && head[1] === 0x41 && head[2] === 0x52 && head[3] === 0x31

/** Rows held in memory as a table of one row group per `groupSize` rows (tests and property checks). */
export function rowsTable(rows: Record<string, unknown>[], groupSize = Math.max(1, rows.length)): RowTable {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))]
  const groups = Math.ceil(rows.length / groupSize)
  const typeOf = (name: string): string => {
    const v = rows.find((r) => r[name] !== null && r[name] !== undefined)?.[name]
    if (typeof v === 'number') return Number.isInteger(v) ? 'INT64' : 'DOUBLE'
    if (typeof v === 'boolean') return 'BOOLEAN'
    return typeof v === 'object' ? 'GROUP' : 'BYTE_ARRAY'
  }
  return {
    columns,
    columnTypes: Object.fromEntries(columns.map((c) => [c, typeOf(c)])),
    numRows: rows.length,
    rowGroups: groups,
    keyValue: {},
    readGroup: (g) => rows.slice(g * groupSize, (g + 1) * groupSize)
  }
}
