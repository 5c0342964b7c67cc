/**
 * Every format adapter, found by its own declaration: each module of adapters/ and mapping/ that exports a
 * defineFormat(...) value is registered (the modules are bundled at build time), so adding a format is adding its
 * file. Detection tries the adapters of a file kind by their declared priority, highest first; two adapters of one
 * file kind never share a priority, so the order never depends on which module was read first.
 */
import type { DocumentAdapter, FileKind, FormatAdapter, JsonlAdapter, TableAdapter } from './types'
import { isJsonlAdapter, isTableAdapter } from './types'
import { isDeclaredFormat } from './define-format'

const modules = import.meta.glob<Record<string, unknown>>(['./adapters/*.ts', './mapping/*.ts'], { eager: true })

/** Every registered adapter, highest priority first. */
export const FORMAT_ADAPTERS: readonly FormatAdapter[] = [
  ...new Set(Object.values(modules).flatMap((m) => Object.values(m).filter(isDeclaredFormat)))
].sort((a, b) => b.priority - a.priority || (a.format < b.format ? -1 : 1))

for (const kind of ['jsonl', 'json', 'jsonl-grouped', 'zip', 'parquet'] as const) {
  const seen = new Map<number, string>()
  for (const a of FORMAT_ADAPTERS) {
    if (!(a.fileKinds as readonly FileKind[]).includes(kind)) continue
    const other = seen.get(a.priority)
    if (other)
      throw new Error(
        `formats ${other} and ${a.format} both have priority ${a.priority} for ${kind} files: give one a different priority`
      )
    seen.set(a.priority, a.format)
  }
}

const JSONL_ADAPTERS: readonly JsonlAdapter[] = FORMAT_ADAPTERS.filter(isJsonlAdapter)
const DOCUMENT_ADAPTERS: readonly DocumentAdapter[] = FORMAT_ADAPTERS.filter(
  (a): a is DocumentAdapter => !isJsonlAdapter(a) && !isTableAdapter(a)
)
const TABLE_ADAPTERS: readonly TableAdapter[] = FORMAT_ADAPTERS.filter(isTableAdapter)

const documentsOf = (kind: Exclude<FileKind, 'jsonl' | 'parquet'>): readonly DocumentAdapter[] =>
  DOCUMENT_ADAPTERS.filter((a) => a.fileKinds.includes(kind))
const JSON_DOCUMENT_ADAPTERS = documentsOf('json')
const GROUPED_ADAPTERS = documentsOf('jsonl-grouped')
const ARCHIVE_ADAPTERS = documentsOf('zip')

/** The JSONL adapter whose shape the first record of a file has, or undefined. */
export const pickJsonlAdapter = (firstRecord: Record<string, unknown>, path?: string): JsonlAdapter | undefined =>
  JSONL_ADAPTERS.find((a) => a.matches(firstRecord, path))

/** The document adapter that recognizes a parsed JSON document, or undefined. */
export const pickDocumentAdapter = (doc: unknown, path: string): DocumentAdapter | undefined =>
  JSON_DOCUMENT_ADAPTERS.find((a) => a.matches(doc, path))

/** The document adapter that claims a multi-line JSONL file (episodes spanning lines) from its first record. */
export const pickGroupedJsonlAdapter = (
  firstRecord: Record<string, unknown>,
  path: string
): DocumentAdapter | undefined => GROUPED_ADAPTERS.find((a) => a.matchesFirstRecord?.(firstRecord, path))

/** The adapter that recognizes an opened zip archive, or undefined. */
export const pickArchiveAdapter = (archive: unknown, path: string): DocumentAdapter | undefined =>
  ARCHIVE_ADAPTERS.find((a) => a.matches(archive, path))

/** The JSONL adapter of `format`, to parse the episodes of a run it indexed (stored by byte range). */
export const jsonlAdapterFor = (format: string): JsonlAdapter | undefined =>
  JSONL_ADAPTERS.find((a) => a.format === format)

/** The document adapter of `format`, for episodes stored with a locator. */
export const documentAdapterFor = (format: string): DocumentAdapter | undefined =>
  DOCUMENT_ADAPTERS.find((a) => a.format === format)

/** The table adapter whose columns a Parquet file's schema has, or undefined. */
export const pickTableAdapter = (columns: readonly string[], path: string): TableAdapter | undefined =>
  TABLE_ADAPTERS.find((a) => a.matches(columns, path))

/** The table adapter of `format`, for episodes stored as a row's place. */
export const tableAdapterFor = (format: string): TableAdapter | undefined =>
  TABLE_ADAPTERS.find((a) => a.format === format)
