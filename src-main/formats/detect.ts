import { closeSync, openSync, readFileSync } from 'node:fs'
import type { TraceFormat } from '@contract/model'
import type { DocumentAdapter, JsonlAdapter, TableAdapter } from './types'
import {
  pickArchiveAdapter,
  pickDocumentAdapter,
  pickGroupedJsonlAdapter,
  pickJsonlAdapter,
  pickTableAdapter
} from './registry'
import type { FormatContext } from './context'
import { readJsonlRecords } from './readers/jsonl-records'
import { describeLfsPointer, isLfsPointer } from './adapters/lfs-pointer'
import { parseJsonLine, type ParseNotes } from './readers/tolerant-json'
import { describeTextEncoding } from './readers/text-encoding'
import { nonFiniteWarning } from './readers/non-finite'
import { readLines, readRange } from './readers/line-reader'
import { describeFsError, isFsError } from './readers/fs-error'
import { ZipArchive } from './readers/zip-reader'
import { isParquetHead, ParquetError, ParquetFile } from './readers/parquet-file'
import { detectMapped } from './mapping/adapter'
import { cutsOf, describeCuts } from './readers/json-cuts'

/** What a file turned out to be, from its first bytes / first record. */
export type Detection =
  | { kind: 'jsonl'; adapter: JsonlAdapter }
  /** A whole-file JSON document; `doc` is already parsed (the indexer reuses it). */
  | { kind: 'document'; adapter: DocumentAdapter; doc: unknown; warnings?: string[] }
  /** A Parquet table (its footer read: schema and row groups); the indexer reads its rows group by group. */
  | { kind: 'table'; adapter: TableAdapter; table: ParquetFile }
  /** A file read together with others that holds no episodes of its own (a mapping file). */
  | { kind: 'companion'; format: TraceFormat; warnings: string[] }
  /** A file of a known format that cannot be used, with why (a file claimed by an invalid mapping file). */
  | { kind: 'failed'; format: TraceFormat; message: string }
  | { kind: 'lfs-pointer'; message: string }
  | { kind: 'unknown'; message: string }
  /** `fs`: the file system failed (a permission, a vanished file), not the content: it may read next time as it is. */
  | { kind: 'unreadable'; message: string; fs?: true }

/** Largest whole-file JSON document parsed (JSON.parse needs several times its size in memory). */
export const MAX_JSON_DOCUMENT = (Number(process.env.ROLLSCOPE_MAX_DOCUMENT_MB) || 64) * 1e6

/**
 * Detects a file's format by content (FORMATS.md §0): a Git LFS pointer by its first line, a zip archive by its
 * signature, a Parquet table by its PAR1 magic and its columns, a whole-file document by its parsed value, a JSONL format by its first record; each kind goes to the
 * registered adapters that read it, by priority. Reads only what it needs.
 */
export function detectFormat(path: string, size: number, maxLineBytes: number, ctx: FormatContext): Detection {
  // a mapping file, or a file a mapping file claims (docs/formats/mapping-file.md)
  const mapped = detectMapped(path, size, ctx)
  if (mapped) return mapped
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch (err) {
    return unreadable(err)
  }
  try {
    if (size === 0) return { kind: 'unknown', message: 'empty file' }
    const head = readRange(fd, 0, Math.min(size, 1024))
    if (isLfsPointer(head)) return { kind: 'lfs-pointer', message: describeLfsPointer(head.toString('utf8')) }
    if (head[0] === 0x50 && head[1] === 0x4b) return detectArchive(path)
    if (isParquetHead(head)) return detectTable(path)
    const encoding = describeTextEncoding(head)
    if (encoding) return { kind: 'unreadable', message: encoding }
    const first = firstNonBlank(head)
    if (first === -1 && onlyWhitespaceAfter(fd, 0, size)) {
      return { kind: 'unknown', message: `no records: the file holds only whitespace (${size} bytes)` }
    }
    if (first !== 0x7b && first !== 0x5b) {
      return { kind: 'unknown', message: 'not JSON or JSONL (the first character is not "{" or "[")' }
    }

    let firstRecord: unknown
    let firstError: string | null = null
    let firstLineEnd = 0
    // NaN / Infinity read as null in a whole-file document: said in its warnings (JSONL counts its own per line)
    const notes: ParseNotes = { nonFinite: 0 }
    readLines(fd, 0, maxLineBytes, (line) => {
      if (!line.text.trim()) return true
      firstLineEnd = line.offset + line.length
      try {
        firstRecord = parseJsonLine(line.text, notes)
      } catch (err) {
        firstError = (err as Error).message
      }
      return false
    })
    // One JSON value filling the file (a single line, or no newline at all) is a document.
    let isDocument = firstRecord !== undefined && onlyWhitespaceAfter(fd, firstLineEnd, size)
    if (firstRecord === undefined) {
      // No complete first line, or a pretty-printed document spanning lines: parse the file whole.
      if (size > MAX_JSON_DOCUMENT) {
        return {
          kind: 'unknown',
          message: firstError
            ? `not valid JSON or JSONL: ${firstError}`
            : `a ${(size / 1e6).toFixed(0)} MB JSON document is over the ${(MAX_JSON_DOCUMENT / 1e6).toFixed(0)} MB limit for whole-file formats`
        }
      }
      try {
        firstRecord = parseJsonLine(readFileSync(path, 'utf8'), notes)
        firstError = null
        isDocument = true
      } catch (err) {
        const whole = (err as Error).message
        // The first line failed only for being the start of a document (pretty-printed `[` or `{`) when the whole
        // file breaks past it: a JSON document that does not parse, cut short or broken, is an error of this file,
        // not "not a trace" (a truncated tau-bench file read as unknown, exit 0, and its run vanished unsaid).
        // A file of one line that does not parse is that document broken too, whether or not a newline ends it (with
        // none it was read whole above and called broken; with one it was "not a trace", exit 0).
        const onlyLine = firstError !== null && onlyWhitespaceAfter(fd, firstLineEnd, size)
        if (firstError === null || onlyLine || errorPosition(whole) > firstLineEnd + 1)
          return brokenDocument(whole, size)
        firstError ??= whole
      }
    }
    if (firstRecord === undefined) return { kind: 'unknown', message: `not valid JSON or JSONL: ${firstError}` }
    if (isDocument) {
      const documentAdapter = pickDocumentAdapter(firstRecord, path)
      // a document too large or too deep to read whole is read from what was kept of it, and the file says so;
      // NaN / Infinity read as null likewise
      const cuts = cutsOf(firstRecord)
      const warnings = [
        ...(notes.nonFinite ? [nonFiniteWarning(notes.nonFinite)] : []),
        ...(cuts.length ? [describeCuts(cuts)] : [])
      ]
      if (documentAdapter)
        return {
          kind: 'document',
          adapter: documentAdapter,
          doc: firstRecord,
          ...(warnings.length ? { warnings } : {})
        }
      if (cuts.length && !isObject(firstRecord))
        return { kind: 'unknown', message: `a JSON array of an unrecognized shape (${describeCuts(cuts)})` }
    }
    if (!isObject(firstRecord)) return { kind: 'unknown', message: 'a JSON array of an unrecognized shape' }
    const grouped = pickGroupedJsonlAdapter(firstRecord, path)
    if (grouped) {
      if (size > MAX_JSON_DOCUMENT) {
        return {
          kind: 'unknown',
          message: `a ${(size / 1e6).toFixed(0)} MB per-step log is over the ${(MAX_JSON_DOCUMENT / 1e6).toFixed(0)} MB limit`
        }
      }
      const { records, warnings } = readJsonlRecords(path)
      return { kind: 'document', adapter: grouped, doc: records, warnings }
    }
    const adapter = pickJsonlAdapter(firstRecord, path)
    if (adapter) return { kind: 'jsonl', adapter }
    const keys = Object.keys(firstRecord).slice(0, 8).join(', ')
    return { kind: 'unknown', message: `unrecognized record shape (keys: ${keys})` }
  } catch (err) {
    return unreadable(err)
  } finally {
    closeSync(fd)
  }
}

/**
 * A zip archive (an Inspect `.eval`): only its central directory is read here; the adapter that
 * recognizes its member names reads the members it needs.
 */
function detectArchive(path: string): Detection {
  let zip: ZipArchive
  try {
    zip = ZipArchive.open(path)
  } catch (err) {
    return { kind: 'unreadable', message: `zip archive: ${(err as Error).message}` }
  }
  const adapter = pickArchiveAdapter(zip, path)
  if (adapter) return { kind: 'document', adapter, doc: zip }
  const names = zip.names().slice(0, 5).join(', ')
  return {
    kind: 'unknown',
    message: `a zip archive of no known format (no Inspect header.json or _journal/start.json; members: ${names || 'none'})`
  }
}

/** A Parquet file: its footer is read (schema, row groups, codecs) and its columns name the format; no row is read. */
function detectTable(path: string): Detection {
  let table: ParquetFile
  try {
    table = ParquetFile.open(path)
  } catch (err) {
    if (err instanceof ParquetError) return { kind: 'unreadable', message: `Parquet file: ${err.message}` }
    throw err
  }
  const adapter = pickTableAdapter(table.columns, path)
  if (adapter) return { kind: 'table', adapter, table }
  const shown = table.columns.slice(0, 12).join(', ')
  const more = table.columns.length > 12 ? ` and ${table.columns.length - 12} more` : ''
  return {
    kind: 'unknown',
    message: `a Parquet table of no known format (columns: ${shown || 'none'}${more}; ${table.numRows} rows)`
  }
}

/** A file that could not be read, marked when the file system (not the content) is why. */
function unreadable(err: unknown): Detection {
  return isFsError(err)
    ? { kind: 'unreadable', message: describeFsError(err), fs: true }
    : { kind: 'unreadable', message: describeFsError(err) }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** True when the bytes from `from` to the end are whitespace (checked in small reads). */
function onlyWhitespaceAfter(fd: number, from: number, size: number): boolean {
  if (size - from > 4096) return false
  const rest = readRange(fd, from, size - from)
  for (const b of rest) if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return false
  return true
}

function firstNonBlank(buf: Buffer): number {
  for (const b of buf)
    if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09 && b !== 0xef && b !== 0xbb && b !== 0xbf) return b
  return -1
}

/** Where JSON.parse says it failed ("… at position 100000 (line 1277 column 11)"); -1 when it does not say. */
function errorPosition(message: string): number {
  const m = /at position (\d+)/.exec(message)
  return m ? Number(m[1]) : -1
}

/** A whole-file JSON document that does not parse, with where and, when it ends mid-value, the likely why. */
function brokenDocument(message: string, size: number): Detection {
  // JSON.parse says "Unexpected end of JSON input", or an error (an unterminated string) at the file's last byte
  const cut =
    /Unexpected end of JSON input/.test(message) || errorPosition(message) >= size - 1
      ? ': the file ends mid-document (a write that did not finish, or a copy cut short)'
      : ''
  return { kind: 'unreadable', message: `a JSON document that does not parse: ${message}${cut}` }
}
